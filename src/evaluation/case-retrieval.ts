/**
 * Step 2 of a case evaluation: score retrieval at the level the system returned (chunks, documents or
 * passages), against the case's resolved expected chunks.
 */
import type { CaseRecord } from '../scorecard/case-record.ts'
import { scoreRetrieval } from '../metrics/retrieval.ts'
import { spanRecallAtKs } from '../metrics/span-recall.ts'
import { rankingAtLevel } from '../sources/level-ranking.ts'
import type { SourceResolution } from '../sources/types.ts'
import type { ModuleCase } from '../golden-set/golden-module.ts'
import type { PreparedCorpus } from '../prepared-corpus/prepare-corpus.ts'

const spanRecallNames = new Map<number, string>()

/** `span_recall@k`, built once per k. */
function spanRecallName(k: number): string {
  let name = spanRecallNames.get(k)
  if (name === undefined) {
    name = `span_recall@${k}`
    if (spanRecallNames.size < 256) spanRecallNames.set(k, name)
  }
  return name
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
  const metrics = scoreRetrieval(ranking.ranked, ranking.judged, { ks })
  if (moduleCase.spans.length > 0 && ranking.level !== 'document') {
    // An unresolved item keeps its rank as an empty span (it covers nothing).
    const top = retrieved.map((r) => (r.resolved ? { docId: r.docId, start: r.start, end: r.end } : { docId: '', start: 0, end: 0 }))
    const spans = moduleCase.spans.filter((s) => s.grade > 0)
    const recalls = spanRecallAtKs(top, spans, ks)
    ks.forEach((k, i) => {
      metrics[spanRecallName(k)] = recalls[i] ?? 0
    })
  }
  return { metrics, level: ranking.level, ranked: ranking.ranked, judged }
}
