/**
 * Per-tenant document frequencies, so the gate and the extractive generator can weight a query term by how
 * rare it is in the asking tenant's corpus (a "plan" match says little, an "ERR-4012" match says a lot).
 * Pure: built from chunks in memory.
 */
import type { Chunk } from '../corpus/types.js';
/** Document frequencies of stemmed content terms, per tenant; a "document" is one chunk. */
export interface TermStats {
    /** Tenant id -> number of chunks and, per term, the number of chunks holding it. */
    tenants: Map<string, {
        chunkCount: number;
        documentFrequency: Map<string, number>;
    }>;
}
/** The searchable text of a chunk: its title, heading path and text (what a reader sees as its context). */
export declare function chunkSearchText(chunk: Pick<Chunk, 'title' | 'headingPath' | 'text'>): string;
/** Counts, per tenant, how many chunks hold each content term. */
export declare function buildTermStats(chunks: Iterable<Chunk>): TermStats;
/**
 * A term's weight for `tenantId`: the BM25 idf `ln(1 + (N - df + 0.5) / (df + 0.5))`, always > 0. A term the
 * tenant's corpus never uses gets the largest weight (`df = 0`), so a query about something the tenant does
 * not have is dominated by the term its chunks cannot cover. Without stats every term weighs 1.
 *
 * Example: N = 9 chunks, df = 1 -> ln(1 + 8.5 / 1.5) = ln(6.67) = 1.897; df = 0 -> ln(1 + 9.5 / 0.5) = ln(20) = 2.996.
 */
export declare function termWeight(stats: TermStats | undefined, tenantId: string, term: string): number;
/** A weighted query: its distinct content terms and each one's {@link termWeight}. */
export interface WeightedQuery {
    terms: string[];
    weights: number[];
    /** Sum of the weights (the most a text can cover). */
    total: number;
}
/** Weights each distinct content term of `query` for `tenantId`. */
export declare function weighQuery(query: string, tenantId: string, stats: TermStats | undefined): WeightedQuery;
/**
 * The weighted fraction of the query's content terms that `textTerms` holds, in [0, 1]: 0 for a query
 * without content terms. Example: terms seat (w 2), team (w 1), plan (w 1), text holds seat and plan ->
 * (2 + 1) / 4 = 0.75.
 */
export declare function weightedCoverage(query: WeightedQuery, textTerms: ReadonlySet<string>): number;
