import { readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import type { GoldenModuleData } from '../../../src/cases/prepared-case.ts'
import { buildGoldenModule } from '../../../src/vitest/main/golden-module.ts'
import {
  PreparedCasesError,
  readPreparedCases,
  writePreparedCases,
} from '../../../src/evaluation/golden-set/prepared-cases.ts'
import { tempDir } from '../../helpers/run-vitest.ts'

function data(query: string): GoldenModuleData {
  return {
    file: 'golden/support.golden.jsonl',
    fileHash: 'f'.repeat(64),
    cases: [
      {
        case: {
          case_id: 'C-1',
          case_type: 'normal',
          tenant_id: 't1',
          query,
          expected_sources: [],
          must_contain: [],
          forbidden_text: [],
          answerable: true,
          question_type: 'simple',
          popularity: 'head',
          dynamism: 'static',
        } as never,
        line: 3,
        caseHash: 'a'.repeat(64),
        expected: [{ chunkId: 't1/doc/a#0', grade: 2 }],
        spans: [],
      },
    ],
  }
}

describe('prepared-cases files', () => {
  test('round-trip; a new version replaces the old one, an identical one is kept; names carry the content hash', () => {
    const out = tempDir()
    const first = writePreparedCases(out, data('How do I export?'))
    expect(readPreparedCases(first)).toEqual(data('How do I export?'))
    // Same content, same file: the path (and so the generated module) does not change.
    expect(writePreparedCases(out, data('How do I export?'))).toBe(first)
    const second = writePreparedCases(out, data('How do I import?'))
    expect(second).not.toBe(first)
    // <golden name>-<8 hex of its path>.<16 hex of the content>.json; only the newest remains, no temp file.
    expect(readdirSync(join(out, 'prepared-cases'))).toEqual([second.split('/').pop()])
    expect(second).toMatch(/prepared-cases\/support-[0-9a-f]{8}\.[0-9a-f]{16}\.json$/)
  })

  test('another golden file keeps its own prepared cases', () => {
    const out = tempDir()
    const a = writePreparedCases(out, data('q'))
    const b = writePreparedCases(out, { ...data('q'), file: 'golden/other/support.golden.jsonl' })
    expect(readdirSync(join(out, 'prepared-cases')).sort()).toEqual([a, b].map((p) => p.split('/').pop()).sort())
  })

  test('a missing or corrupt file is an error that says how to get it back', () => {
    const out = tempDir()
    expect(() => readPreparedCases(join(out, 'nope.json'))).toThrow(PreparedCasesError)
    expect(() => readPreparedCases(join(out, 'nope.json'))).toThrow(
      /\(ENOENT\); they are written when Vitest loads the golden file/,
    )
    writeFileSync(join(out, 'bad.json'), '{"file":')
    expect(() => readPreparedCases(join(out, 'bad.json'))).toThrow(/not valid JSON/)
  })

  test('the generated module is two lines whatever the case count, mapped to the first case line', () => {
    const golden = '// a comment\n\n{"case_id":"A"}\n{"case_id":"B"}\n'
    const module = buildGoldenModule(
      3,
      '/h/golden-runtime.js',
      '/o/prepared-cases/x.json',
      '/p/golden/x.golden.jsonl',
      golden,
    )
    expect(module.code).toBe(
      'import { registerGoldenFile } from "/h/golden-runtime.js"\nregisterGoldenFile("/o/prepared-cases/x.json", (path) => import(/* @vite-ignore */ path))',
    )
    // Both generated lines -> source line index 2 (line 3): "AAEA" = column 0, source 0, line +2, column 0.
    // The map's source text stops at that line: Vite would otherwise inline the whole golden file.
    expect(module.map).toEqual({
      version: 3,
      sources: ['/p/golden/x.golden.jsonl'],
      sourcesContent: ['// a comment\n\n{"case_id":"A"}\n'],
      names: [],
      mappings: 'AAEA;AAAA',
    })
  })
})
