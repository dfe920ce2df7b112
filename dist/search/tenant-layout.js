/**
 * How chunks are laid out in every index: grouped by tenant, and inside a tenant sorted by chunk id (plain
 * UTF-16 code unit order, never locale order). A tenant owns the contiguous rows
 * `[rowStart[t], rowStart[t + 1])`, so scoring a tenant touches only its own rows (isolation by construction), and
 * a lower row is a lower chunk id (the deterministic tie-break is just "lower row wins").
 */
import { SearchError } from "./errors.js";
function compareStrings(a, b) {
    return a < b ? -1 : a > b ? 1 : 0;
}
/**
 * Sorts chunks into the layout order and returns the layout plus the chunks in row order.
 * Throws `SearchError` `VITEST_RAG_SEARCH_DUPLICATE_CHUNK` when two chunks share an id.
 */
export function layoutByTenant(chunks) {
    const rows = [...chunks].sort((a, b) => compareStrings(a.tenantId, b.tenantId) || compareStrings(a.id, b.id));
    const tenantIds = [];
    const starts = [];
    const seen = new Set();
    rows.forEach((chunk, row) => {
        if (seen.has(chunk.id)) {
            throw new SearchError('VITEST_RAG_SEARCH_DUPLICATE_CHUNK', `vitest-rag: chunk id "${chunk.id}" occurs twice in the indexed chunks (chunk ids must be unique across tenants)`);
        }
        seen.add(chunk.id);
        if (tenantIds[tenantIds.length - 1] !== chunk.tenantId) {
            tenantIds.push(chunk.tenantId);
            starts.push(row);
        }
    });
    starts.push(rows.length);
    return { layout: { tenantIds, chunkIds: rows.map((c) => c.id), rowStart: Int32Array.from(starts) }, rows };
}
/** Tenant number of `tenantId`, or -1 when the tenant has no chunks. Binary search over the sorted ids. */
export function tenantNumber(layout, tenantId) {
    let lo = 0;
    let hi = layout.tenantIds.length - 1;
    while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        const c = compareStrings(layout.tenantIds[mid], tenantId);
        if (c === 0)
            return mid;
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}
//# sourceMappingURL=tenant-layout.js.map