/**
 * Step 2 of a case evaluation: score retrieval at the level the system returned (chunks, documents or
 * passages), against the case's resolved expected chunks.
 */
import type { CaseRecord } from './case-record.ts'
import { judgedAtKs } from '../grading/metrics/judged.ts'
import { metricRecord } from '../grading/metrics/metric-record.ts'
import { retrievalMetricNames, scoreRetrieval, writeRetrievalMetrics } from '../grading/metrics/retrieval.ts'
import { spanRecallAtKs } from '../grading/metrics/span-recall.ts'
import { rankingAtLevel } from '../system/sources/level-ranking.ts'
import type { SourceResolution } from '../system/sources/types.ts'
import type { ModuleCase } from '../cases/prepared-case.ts'
import type { PreparedCorpus } from '../corpus/prepare-corpus.ts'

/** The metric names of a case with span recall: the retrieval metrics', then `span_recall@k` per k. */
interface SpanMetricNames {
  all: readonly string[]
  spanRecall: readonly string[]
}

// Built once per list of cutoffs (the configured one: a run scores every case with it).
const namesByKs = new WeakMap<readonly number[], SpanMetricNames>()

function spanMetricNames(ks: readonly number[]): SpanMetricNames {
  let names = namesByKs.get(ks)
  if (!names) {
    const spanRecall = ks.map((k) => `span_recall@${k}`)
    names = { all: [...new Set([...retrievalMetricNames(ks), ...spanRecall])], spanRecall }
    namesByKs.set(ks, names)
  }
  return names
}

/** How a case's judgments are treated: pooled qrels are incomplete, so judged@k is reported and may condense. */
export interface JudgmentOptions {
  /** Add `judged@k` per cutoff to the metrics (set when a pooled qrels file grades the run). Default false. */
  judgedAtK?: boolean
  /** Score the condensed list, judged ids only (the `judgedOnly` option). Default false. */
  judgedOnly?: boolean
}

/**
 * The retrieval part of a case record. `scored` is false for cases that must abstain (unscored, not
 * dropped). Span recall is computed for chunk and span levels (a whole document would cover every span).
 * With `judgment.judgedAtK`, `judged@k` of the ranking as returned follows the other metrics.
 */
export function scoreCaseRetrieval(
  retrieved: readonly SourceResolution[],
  moduleCase: ModuleCase,
  prepared: PreparedCorpus,
  ks: readonly number[],
  scored: boolean,
  judgment: JudgmentOptions = {},
): Pick<CaseRecord['retrieval'], 'metrics' | 'level' | 'ranked' | 'judged'> {
  const ranking = rankingAtLevel(retrieved, moduleCase.expected, (id) => prepared.chunkById.get(id)?.docId)
  const judged = [...ranking.judged].map(([chunkId, grade]) => ({ chunkId, grade }))
  if (!scored) return { metrics: {}, level: ranking.level, ranked: ranking.ranked, judged }
  const metrics = scoreLevelMetrics(retrieved, moduleCase, ranking, ks, judgment.judgedOnly === true)
  if (judgment.judgedAtK === true) Object.assign(metrics, judgedAtKs(ranking.ranked, ranking.judged, ks))
  return { metrics, level: ranking.level, ranked: ranking.ranked, judged }
}

function scoreLevelMetrics(
  retrieved: readonly SourceResolution[],
  moduleCase: ModuleCase,
  ranking: { ranked: string[]; judged: ReadonlyMap<string, number>; level: CaseRecord['retrieval']['level'] },
  ks: readonly number[],
  judgedOnly: boolean,
): Record<string, number> {
  if (moduleCase.spans.length === 0 || ranking.level === 'document') {
    return scoreRetrieval(ranking.ranked, ranking.judged, { ks, judgedOnly })
  }
  // One object for both (see metric-record.ts): the retrieval metrics, then span recall.
  const names = spanMetricNames(ks)
  const metrics = writeRetrievalMetrics(metricRecord(names.all), ranking.ranked, ranking.judged, { ks, judgedOnly })
  // An unresolved item keeps its rank as an empty span (it covers nothing).
  const top = retrieved.map((r) =>
    r.resolved ? { docId: r.docId, start: r.start, end: r.end } : { docId: '', start: 0, end: 0 },
  )
  const recalls = spanRecallAtKs(
    top,
    moduleCase.spans.filter((s) => s.grade > 0),
    ks,
  )
  names.spanRecall.forEach((name, i) => {
    metrics[name] = recalls[i] ?? 0
  })
  return metrics
}
