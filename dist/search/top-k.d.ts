/**
 * Bounded top-k selection: O(n log k) with a k-sized binary heap, returning exactly what a full sort by
 * (score desc, index asc) would return in its first k places. Indices are row numbers inside one tenant, and rows
 * are laid out in chunk-id order, so "index asc" is "chunk id asc": the deterministic tie-break.
 */
/** A reusable k-sized heap over (score, index) pairs. The root is the worst kept pair. */
export declare class TopK {
    readonly k: number;
    private readonly scores;
    private readonly indices;
    private size;
    /** @param k how many best pairs to keep (>= 0). */
    constructor(k: number);
    /** Empties the heap so it can be reused for the next query. */
    reset(): void;
    /** The smallest score a new pair must beat (or tie with a lower index) to enter; -Infinity until full. */
    get threshold(): number;
    /** Offers one pair; kept when the heap is not full or it beats the root. */
    push(score: number, index: number): void;
    /** The kept pairs, best first (score desc, index asc). Does not reset. */
    sorted(): Array<{
        index: number;
        score: number;
    }>;
}
