/** Rows grouped by tenant. Plain data, so it can be shared with workers and persisted. */
export interface TenantLayout {
    /** Tenant ids in ascending order; tenant number t is `tenantIds[t]`. */
    tenantIds: string[];
    /** Chunk id per global row. */
    chunkIds: string[];
    /** `tenantIds.length + 1` row boundaries. */
    rowStart: Int32Array;
}
/** The minimal chunk shape every arm indexes. */
export interface IndexableChunk {
    id: string;
    tenantId: string;
    text: string;
}
/**
 * Sorts chunks into the layout order and returns the layout plus the chunks in row order.
 * Throws `SearchError` `VITEST_RAG_SEARCH_DUPLICATE_CHUNK` when two chunks share an id.
 */
export declare function layoutByTenant<T extends IndexableChunk>(chunks: readonly T[]): {
    layout: TenantLayout;
    rows: T[];
};
/** Tenant number of `tenantId`, or -1 when the tenant has no chunks. Binary search over the sorted ids. */
export declare function tenantNumber(layout: TenantLayout, tenantId: string): number;
