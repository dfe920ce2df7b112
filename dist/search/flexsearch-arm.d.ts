import type { Tokenizer } from './bm25.ts';
import { type TenantLayout } from './tenant-layout.ts';
import type { RankedRow } from './types.ts';
/** A built flexsearch arm. */
export declare class FlexsearchArm {
    private readonly layout;
    private readonly indexes;
    /** Indexes `texts[row]` (layout row order), one flexsearch `Index` per tenant. */
    constructor(layout: TenantLayout, texts: readonly string[], tokenize: Tokenizer);
    /** flexsearch's top `k` rows of the tenant, scored `1 / (1 + position)`; [] for an unknown tenant. */
    search(query: string, tenantId: string, k: number): RankedRow[];
}
//# sourceMappingURL=flexsearch-arm.d.ts.map