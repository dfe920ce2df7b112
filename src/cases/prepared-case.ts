/**
 * The prepared case: a golden case as the worker runs it, with its line, its hash and its expected sources
 * already resolved against the corpus. Built once in the main process (evaluation/golden-set), carried to the
 * worker in a prepared-cases file, and read by every stage that evaluates a case.
 */
import { hashJson } from '../shared/util/hash.ts'
import type { LocatorResolution } from './resolve-locators.ts'
import type { GoldenCase } from './schema.ts'

/** A case as the prepared-cases file carries it to the worker. */
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

/**
 * The one builder of a prepared case: the golden case at its 1-based `line` with what `resolution` resolved
 * for it (expected chunk ids with their grades, nothing else of the resolution; expected spans), both empty when
 * nothing resolved. `caseHash` defaults to the sha256 of the case's canonical JSON (`hashJson`), the hash the
 * golden parse computes for the same case.
 */
export function prepareCase(
  goldenCase: GoldenCase,
  line: number,
  resolution: Pick<LocatorResolution, 'expected' | 'spans'>,
  caseHash: string = hashJson(goldenCase),
): ModuleCase {
  return {
    case: goldenCase,
    line,
    caseHash,
    expected: (resolution.expected.get(goldenCase.case_id) ?? []).map((e) => ({ chunkId: e.chunkId, grade: e.grade })),
    spans: resolution.spans.get(goldenCase.case_id) ?? [],
  }
}

/** What the worker reads for one golden file: the prepared-cases file's content. */
export interface GoldenModuleData {
  /** Golden file path relative to the project root (posix). */
  file: string
  /** sha256 of the golden file's text. */
  fileHash: string
  cases: ModuleCase[]
}
