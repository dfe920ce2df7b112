/**
 * Per-tenant document frequencies, so the gate and the extractive generator can weight a query term by how
 * rare it is in the asking tenant's corpus (a "plan" match says little, an "ERR-4012" match says a lot).
 * Pure: built from chunks in memory.
 */
import type { Chunk } from '../../corpus/types.ts'
import { bm25Idf } from '../../search/bm25.ts'
import { uniqueContentTerms } from './terms.ts'

/** Document frequencies of stemmed content terms, per tenant; a "document" is one chunk. */
export interface TermStats {
  /** Tenant id -> number of chunks and, per term, the number of chunks holding it. */
  tenants: Map<string, { chunkCount: number; documentFrequency: Map<string, number> }>
}

/** The searchable text of a chunk: its title, heading path and text (what a reader sees as its context). */
export function chunkSearchText(chunk: Pick<Chunk, 'title' | 'headingPath' | 'text'>): string {
  return [chunk.title, ...(chunk.headingPath ?? []), chunk.text].join('\n')
}

// Keyed by the chunk object, which corpus preparation creates once and never mutates; weak, so a dropped corpus
// takes its entries with it.
const chunkTermsCache = new WeakMap<object, ReadonlySet<string>>()

/**
 * The distinct stemmed content terms of a chunk's {@link chunkSearchText}, computed once per chunk object: the
 * gate scores the same chunks for query after query (a 6,078-case, 6-arm experiment tokenised each top-20 chunk
 * about 700,000 times, half of its run time), and the set depends on the chunk's text alone.
 */
export function chunkContentTerms(chunk: Pick<Chunk, 'title' | 'headingPath' | 'text'>): ReadonlySet<string> {
  let terms = chunkTermsCache.get(chunk)
  if (terms === undefined) {
    terms = new Set(uniqueContentTerms(chunkSearchText(chunk)))
    chunkTermsCache.set(chunk, terms)
  }
  return terms
}

/** Counts, per tenant, how many chunks hold each content term. */
export function buildTermStats(chunks: Iterable<Chunk>): TermStats {
  const tenants: TermStats['tenants'] = new Map()
  for (const chunk of chunks) {
    let tenant = tenants.get(chunk.tenantId)
    if (tenant === undefined) {
      tenant = { chunkCount: 0, documentFrequency: new Map() }
      tenants.set(chunk.tenantId, tenant)
    }
    tenant.chunkCount += 1
    for (const term of chunkContentTerms(chunk)) {
      tenant.documentFrequency.set(term, (tenant.documentFrequency.get(term) ?? 0) + 1)
    }
  }
  return { tenants }
}

/**
 * A term's weight for `tenantId`: the BM25 idf `ln(1 + (N - df + 0.5) / (df + 0.5))` (the search core's
 * {@link bm25Idf}, one formula for both), always > 0. A term the
 * tenant's corpus never uses gets the largest weight (`df = 0`), so a query about something the tenant does
 * not have is dominated by the term its chunks cannot cover. Without stats every term weighs 1.
 *
 * Example: N = 9 chunks, df = 1 -> ln(1 + 8.5 / 1.5) = ln(6.67) = 1.897; df = 0 -> ln(1 + 9.5 / 0.5) = ln(20) = 2.996.
 */
export function termWeight(stats: TermStats | undefined, tenantId: string, term: string): number {
  if (stats === undefined) return 1
  const tenant = stats.tenants.get(tenantId)
  if (tenant === undefined) return 1
  return bm25Idf(tenant.chunkCount, tenant.documentFrequency.get(term) ?? 0)
}

/** A weighted query: its distinct content terms and each one's {@link termWeight}. */
export interface WeightedQuery {
  terms: string[]
  weights: number[]
  /** Sum of the weights (the most a text can cover). */
  total: number
}

/** Weights each distinct content term of `query` for `tenantId`. */
export function weighQuery(query: string, tenantId: string, stats: TermStats | undefined): WeightedQuery {
  const terms = uniqueContentTerms(query)
  const weights = terms.map((t) => termWeight(stats, tenantId, t))
  return { terms, weights, total: weights.reduce((a, b) => a + b, 0) }
}

/**
 * The weighted fraction of the query's content terms that `textTerms` holds, in [0, 1]: 0 for a query
 * without content terms. Example: terms seat (w 2), team (w 1), plan (w 1), text holds seat and plan ->
 * (2 + 1) / 4 = 0.75.
 */
export function weightedCoverage(query: WeightedQuery, textTerms: ReadonlySet<string>): number {
  if (query.total <= 0) return 0
  let covered = 0
  query.terms.forEach((term, i) => {
    if (textTerms.has(term)) covered += query.weights[i] ?? 0
  })
  return covered / query.total
}
