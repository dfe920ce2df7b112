/**
 * The cluster of a golden case: the unit the gate's paired test resamples and sign-flips, so that cases drawn
 * from one document move together (issue #25: clustered resampling).
 */
import type { GoldenCase } from './schema.ts'

/**
 * The cluster a case is resampled and sign-flipped with in the gate's paired test (cases that share a cluster
 * move together): the golden `cluster` field when set, else the document of the case's best-graded expected
 * chunk (the first such chunk in resolved order), else none (a case expecting nothing is a cluster of its own).
 * `docOf` maps a chunk id to its document id. Example: expected [{a#1, grade 1}, {b#2, grade 3}] -> `b`.
 */
export function caseCluster(
  c: Pick<GoldenCase, 'cluster'>,
  expected: ReadonlyArray<{ chunkId: string; grade: number }>,
  docOf: (chunkId: string) => string,
): string | undefined {
  if (c.cluster !== undefined) return c.cluster
  let best: { chunkId: string; grade: number } | undefined
  for (const e of expected) if (e.grade > 0 && (best === undefined || e.grade > best.grade)) best = e
  return best === undefined ? undefined : docOf(best.chunkId)
}
