/** A half-open character span `[start, end)` of one document's normalised text. */
export interface DocSpan {
    docId: string;
    start: number;
    end: number;
}
/** Merges spans into disjoint sorted `[start, end)` intervals per document (overlaps counted once). */
export declare function mergeSpans(spans: readonly DocSpan[]): Map<string, Array<[number, number]>>;
/**
 * spanRecall@k = expected characters covered by the union of the top-k chunks' spans / expected characters,
 * in [0, 1]. Overlapping chunks (and overlapping expected spans) are counted once.
 * Example: expected d[10, 20); chunks d[0, 15) and d[12, 18) -> covered [10, 18) = 8 of 10 chars -> 0.8.
 * No expected characters -> 1.0 (nothing to find, as recall@k).
 */
export declare function spanRecallAtK(topChunks: readonly DocSpan[], expectedSpans: readonly DocSpan[], k: number): number;
