/**
 * Result types shared by every search arm.
 */
/** One search result. `score` is arm-specific (BM25 score, cosine in [-1, 1], fused score, ...); higher is better. */
export interface SearchHit {
    chunkId: string;
    tenantId: string;
    score: number;
}
/** An arm's internal result: a global row of the tenant layout and its score. */
export interface RankedRow {
    row: number;
    score: number;
}
/** The retrieval arms. `hybrid` fuses `bm25` and `vector`; `flexsearch` is a non-BM25 keyword baseline. */
export type SearchArm = 'bm25' | 'vector' | 'hybrid' | 'flexsearch';
/** Every arm, in display order. */
export declare const searchArms: readonly SearchArm[];
