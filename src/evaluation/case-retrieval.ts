/**
 * Step 2 of a case evaluation: score retrieval at the level the system returned (chunks, documents or
 * passages), against the case's resolved expected chunks.
 */
import type { CaseRecord } from './case-record.ts'
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

/**
 * The retrieval part of a case record. `scored` is false for cases that must abstain (unscored, not
 * dropped). Span recall is computed for chunk and span levels (a whole document would cover every span).
 */
export function scoreCaseRetrieval(
  retrieved: readonly SourceResolution[],
  moduleCase: ModuleCase,
  prepared: PreparedCorpus,
  ks: readonly number[],
  scored: boolean,
): Pick<CaseRecord['retrieval'], 'metrics' | 'level' | 'ranked' | 'judged'> {
  const ranking = rankingAtLevel(retrieved, moduleCase.expected, (id) => prepared.chunkById.get(id)?.docId)
  const judged = [...ranking.judged].map(([chunkId, grade]) => ({ chunkId, grade }))
  if (!scored) return { metrics: {}, level: ranking.level, ranked: ranking.ranked, judged }
  if (moduleCase.spans.length === 0 || ranking.level === 'document') {
    return {
      metrics: scoreRetrieval(ranking.ranked, ranking.judged, { ks }),
      level: ranking.level,
      ranked: ranking.ranked,
      judged,
    }
  }
  // One object for both (see metric-record.ts): the retrieval metrics, then span recall.
  const names = spanMetricNames(ks)
  const metrics = writeRetrievalMetrics(metricRecord(names.all), ranking.ranked, ranking.judged, { ks })
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
  return { metrics, level: ranking.level, ranked: ranking.ranked, judged }
}
