import type { Tokenizer } from './bm25.js';
import { type TenantLayout } from './tenant-layout.js';
import type { RankedRow } from './types.js';
/** A built flexsearch arm. */
export declare class FlexsearchArm {
    private readonly layout;
    private readonly indexes;
    /** Indexes `texts[row]` (layout row order), one flexsearch `Index` per tenant. */
    constructor(layout: TenantLayout, texts: readonly string[], tokenize: Tokenizer);
    /** flexsearch's top `k` rows of the tenant, scored `1 / (1 + position)`; [] for an unknown tenant. */
    search(query: string, tenantId: string, k: number): RankedRow[];
}
