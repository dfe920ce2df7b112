/**
 * `qrels pool` as a function: for every scored golden case, the union of the top-k chunks of several search
 * arms is the pool; the chunks no judgment covers yet (neither the golden file's locators nor an earlier row
 * of the qrels file) are graded by a relevance grader (the model judge, or the offline lexical grader), up to
 * a cap on grading calls. Already-judged chunks are never graded again, so a second run makes no call.
 */
import type { ExpectedSpan } from '../../cases/resolve-locators.ts'
import type { Chunk } from '../../corpus/types.ts'
import { judgePool, selectUnjudged, type PoolCandidate, type RelevanceGrader } from './qrels-pool.ts'
import { provenanceRows, type QrelsRow } from '../../grading/qrels/qrels.ts'
import type { SearchArm, SearchIndex } from '../../search/index.ts'

/** One case to pool. */
export interface PoolCase {
  caseId: string
  query: string
  tenantId: string
  /** The golden expected spans (they count as judged: provenance). */
  spans: readonly ExpectedSpan[]
}

/** What to pool and how. */
export interface PoolRequest {
  cases: readonly PoolCase[]
  index: SearchIndex
  chunkById: ReadonlyMap<string, Chunk>
  /** The chunker spec the chunk ids come from (recorded in every row). */
  chunker: string
  arms: readonly SearchArm[]
  /** Depth of each arm's ranking. */
  k: number
  /** Most grading calls in this run; the rest of the pool is left for a later run. */
  cap: number
  grader: RelevanceGrader
  /** Rows already in the qrels file. */
  rows: readonly QrelsRow[]
  now?: () => Date
}

/** What pooling did. */
export interface PoolOutcome {
  /** New rows, to append to the qrels file. */
  rows: QrelsRow[]
  /** Distinct (case, chunk) pairs in the pools. */
  pooled: number
  /** Of those, already judged (golden locators or earlier rows). */
  alreadyJudged: number
  /** Left ungraded because the cap was reached. */
  capped: number
  /** Grading calls that returned no usable grade. */
  failed: number
}

/** Pools and grades (see the file comment). */
export async function poolQrels(request: PoolRequest): Promise<PoolOutcome> {
  const outcome: PoolOutcome = { rows: [], pooled: 0, alreadyJudged: 0, capped: 0, failed: 0 }
  let budget = request.cap
  const at = (request.now ?? (() => new Date()))().toISOString()
  for (const c of request.cases) {
    const seen = new Set<string>()
    const candidates: PoolCandidate[] = []
    for (const arm of request.arms) {
      for (const hit of await request.index.searchAsync(c.query, { tenantId: c.tenantId, k: request.k, arm })) {
        const chunk = request.chunkById.get(hit.chunkId)
        if (!chunk || seen.has(chunk.id)) continue
        seen.add(chunk.id)
        candidates.push({
          chunkId: chunk.id,
          chunker: request.chunker,
          docId: chunk.docId,
          start: chunk.start,
          end: chunk.end,
          text: chunk.text,
        })
      }
    }
    const judged = [
      ...request.rows,
      ...outcome.rows,
      ...provenanceRows(
        c.caseId,
        c.spans.map((s) => ({
          locator: { doc_id: s.docId, span: [s.start, s.end] as [number, number] },
          grade: s.grade,
        })),
        at,
      ),
    ]
    const unjudged = selectUnjudged(c.caseId, candidates, judged)
    outcome.pooled += candidates.length
    outcome.alreadyJudged += candidates.length - unjudged.length
    const take = unjudged.slice(0, Math.max(0, budget))
    outcome.capped += unjudged.length - take.length
    budget -= take.length
    const rows = await judgePool({
      caseId: c.caseId,
      query: c.query,
      candidates: take,
      rows: judged,
      grader: request.grader,
      ...(request.now ? { now: request.now } : {}),
    })
    outcome.failed += take.length - rows.length
    outcome.rows.push(...rows)
  }
  return outcome
}
