/**
 * A keyword arm on flexsearch's `Index`, reported as its own arm and NOT as BM25: flexsearch ranks by
 * term-position buckets (`resolution`), with no IDF and no term-frequency saturation, and returns ids without
 * scores. We feed it our analyzer's terms (`encode`), ask for OR-like matching (`suggest: true`) and give the
 * i-th result (0-based) the score `1 / (1 + i)`, which only encodes flexsearch's order. One flexsearch index per
 * tenant, so a search only ever sees its own tenant's chunks.
 */
import { Index } from 'flexsearch';
import { tenantNumber } from "./tenant-layout.js";
/** A built flexsearch arm. */
export class FlexsearchArm {
    layout;
    indexes;
    /** Indexes `texts[row]` (layout row order), one flexsearch `Index` per tenant. */
    constructor(layout, texts, tokenize) {
        this.layout = layout;
        this.indexes = layout.tenantIds.map((_, t) => {
            const index = new Index({ tokenize: 'strict', encode: (text) => tokenize(text) });
            const from = layout.rowStart[t];
            const to = layout.rowStart[t + 1];
            for (let row = from; row < to; row++)
                index.add(row - from, texts[row]);
            return index;
        });
    }
    /** flexsearch's top `k` rows of the tenant, scored `1 / (1 + position)`; [] for an unknown tenant. */
    search(query, tenantId, k) {
        const t = tenantNumber(this.layout, tenantId);
        const index = this.indexes[t];
        if (!index || k <= 0)
            return [];
        const from = this.layout.rowStart[t];
        const ids = index.search(query, { limit: k, suggest: true });
        return ids.map((id, i) => ({ row: from + id, score: 1 / (1 + i) }));
    }
}
//# sourceMappingURL=flexsearch-arm.js.map