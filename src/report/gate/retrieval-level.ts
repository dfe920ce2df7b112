/**
 * Retrieval metrics scored at different levels are different measurements: a document holds every passage
 * of it, so the same ranking scores higher at document level than at chunk or span level. A baseline scored
 * at another level is not compared on retrieval metrics. Pure.
 */
import type { Scorecard } from '../scorecard/scorecard.ts'
import type { Baseline } from './baseline.ts'

/**
 * Why the retrieval metrics are not compared, or undefined when the levels agree (or the baseline predates
 * recording its level). Example: baseline document, run span -> "retrieval metrics not compared: ...".
 */
export function levelSkipReason(current: Scorecard, baseline: Baseline, acceptCommand: string): string | undefined {
  const before = baseline.retrievalLevel
  const now = current.sources?.level
  if (before === undefined || now === undefined || before === now) return undefined
  return (
    `WARNING retrieval metrics not compared: the baseline was scored at ${before} level, this run at ${now} level, and scores at ` +
    `different levels are different measurements (a document covers every passage of it). If the new level is intended, review this ` +
    `scorecard and re-accept the baseline with \`${acceptCommand}\``
  )
}
