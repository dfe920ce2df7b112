/**
 * Turns a parsed, resolved golden file into the source of a Vitest test module: one `test(case_id)` per
 * case, each on its own generated line, with a source map that sends that line to the case's line in the
 * golden file. Pure string building.
 */
import type { GoldenCase } from '../cases/schema.ts'
import { encodeLineMappings } from './sourcemap.ts'

/** A case as the generated module carries it to the worker. */
export interface ModuleCase {
  case: GoldenCase
  /** 1-based line in the golden file. */
  line: number
  /** sha256 of the case's canonical JSON. */
  caseHash: string
  /** Expected chunk ids with grades, resolved from the case's locators at transform time. */
  expected: Array<{ chunkId: string; grade: number }>
  /** Expected character spans (span recall). */
  spans: Array<{ docId: string; start: number; end: number; grade: number }>
}

/** What the generated module hands the runtime. */
export interface GoldenModuleData {
  /** Golden file path relative to the project root (posix). */
  file: string
  /** sha256 of the golden file's text. */
  fileHash: string
  cases: ModuleCase[]
}

/** Generated code and its source map. */
export interface GoldenModule {
  code: string
  map: { version: 3; sources: string[]; sourcesContent: string[]; names: string[]; mappings: string }
}

/**
 * Builds the test module. `runtimeImport` is the absolute path of `src/vitest/golden-runtime.ts`; `source`
 * is the golden file's text and `sourcePath` its absolute path (for the map).
 */
export function buildGoldenModule(data: GoldenModuleData, runtimeImport: string, source: string, sourcePath: string): GoldenModule {
  const header = [
    `import { test } from 'vitest'`,
    `import { registerGoldenFile } from ${JSON.stringify(runtimeImport)}`,
    // The cases travel as one JSON string literal, parsed by JSON.parse: a single string token is far cheaper
    // for Vite to transform and for V8 to compile than the same data as an object literal (at 10k+ cases the
    // object literal dominated transform and import time).
    `const __golden = registerGoldenFile(JSON.parse(${JSON.stringify(JSON.stringify(data))}))`,
  ]
  // One generated line per case: the test() call site is what Vitest reads the location from.
  const body = data.cases.map(
    (c, i) => `test.concurrent(${JSON.stringify(c.case.case_id)}, (ctx) => __golden.run(${i}, ctx))`,
  )
  const firstCaseLine = (data.cases[0]?.line ?? 1) - 1
  const lines = [...header.map(() => firstCaseLine), ...data.cases.map((c) => c.line - 1)]
  return {
    code: [...header, ...body].join('\n'),
    map: { version: 3, sources: [sourcePath], sourcesContent: [source], names: [], mappings: encodeLineMappings(lines) },
  }
}
