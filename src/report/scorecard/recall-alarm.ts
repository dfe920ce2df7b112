/**
 * The "0 of 19" alarm of a run: when retrieval recall is near zero in EVERY case type, the likelier fault is
 * the questions (written in another language, paraphrased away from the corpus's words, matched to the wrong
 * documents) or the expected sources, not the retriever: a real retriever fails some kinds of question, not all
 * of them. The scorecard carries the alarm and the console and Markdown print it above the metrics. Pure.
 */
import type { GroupedMetrics } from './grouped-metrics.ts'

/** When the alarm rings: the deepest recall@k at most `maxRecall` in every case type, over at least `minCases` scored cases. */
export const RECALL_ALARM = { maxRecall: 0.05, minCases: 5 } as const

/** A run whose recall is near zero everywhere, with the figures that raised it. */
export interface RecallAlarm {
  /** The recall cutoff checked: the deepest one the run computed (e.g. `recall@20`), so depth cannot explain it. */
  metric: string
  /** The threshold in force, in [0, 1]. */
  maxRecall: number
  /** Scored cases over all case types. */
  cases: number
  /** Case type to its mean recall at `metric`, in [0, 1]. */
  byCaseType: Record<string, number>
  /** What to check, for the console and the Markdown summary. */
  message: string
}

/** The deepest `recall@k` among the metric names, or undefined when there is none. */
function deepestRecall(names: readonly string[]): string | undefined {
  let best: { name: string; k: number } | undefined
  for (const name of names) {
    const k = Number(/^recall@(\d+)$/.exec(name)?.[1])
    if (Number.isInteger(k) && (best === undefined || k > best.k)) best = { name, k }
  }
  return best?.name
}

/**
 * The alarm, or undefined. Rings when the deepest recall@k's mean is at most {@link RECALL_ALARM}.maxRecall in
 * every case type with scored cases, over at least `minCases` scored cases in all. Example: recall@20 of 0.00
 * over 12 `normal` cases and 0.04 over 7 `exact_identifier` cases rings (both <= 0.05); 0.00 and 0.30 does not (one
 * kind of question is found, so the retriever works and the misses are its own).
 */
export function recallAlarm(
  retrieval: GroupedMetrics,
  limits: { maxRecall: number; minCases: number } = RECALL_ALARM,
): RecallAlarm | undefined {
  const metric = deepestRecall(Object.keys(retrieval.overall.mean))
  if (metric === undefined || retrieval.overall.n < limits.minCases) return undefined
  const byCaseType: Record<string, number> = {}
  for (const [type, group] of Object.entries(retrieval.byCaseType)) {
    const value = group?.mean[metric]
    if (group === undefined || group.n === 0 || value === undefined) continue
    if (value > limits.maxRecall) return undefined
    byCaseType[type] = value
  }
  if (Object.keys(byCaseType).length === 0) return undefined
  const figures = Object.entries(byCaseType)
    .map(([type, value]) => `${type} ${value.toFixed(3)}`)
    .join(', ')
  return {
    metric,
    maxRecall: limits.maxRecall,
    cases: retrieval.overall.n,
    byCaseType,
    message: `${metric} is at most ${limits.maxRecall} in every case type (${figures}; ${retrieval.overall.n} scored cases): before blaming retrieval, check the questions' vocabulary against the corpus (a question that shares no content word with its document cannot be found: a translated or paraphrased golden set, or questions matched to the wrong documents; build-testset and synthesize count them) and that the expected sources name the documents that hold the answers`,
  }
}
