/**
 * A keyword arm on flexsearch's `Index`, reported as its own arm and NOT as BM25: flexsearch ranks by
 * term-position buckets (`resolution`), with no IDF and no term-frequency saturation, and returns ids without
 * scores. We feed it our analyzer's terms (`encode`), ask for OR-like matching (`suggest: true`) and give the
 * i-th result (0-based) the score `1 / (1 + i)`, which only encodes flexsearch's order. One flexsearch index per
 * tenant, so a search only ever sees its own tenant's chunks.
 */
import { Index } from 'flexsearch'
import type { Tokenizer } from './bm25.ts'
import { type TenantLayout, tenantNumber } from './tenant-layout.ts'
import type { RankedRow } from './types.ts'

/** A built flexsearch arm. */
export class FlexsearchArm {
  private readonly layout: TenantLayout
  private readonly indexes: Index[]

  /** Indexes `texts[row]` (layout row order), one flexsearch `Index` per tenant. */
  constructor(layout: TenantLayout, texts: readonly string[], tokenize: Tokenizer) {
    this.layout = layout
    this.indexes = layout.tenantIds.map((_, t) => {
      const index = new Index({ tokenize: 'strict', encode: (text: string) => tokenize(text) })
      const from = layout.rowStart[t] as number
      const to = layout.rowStart[t + 1] as number
      for (let row = from; row < to; row++) index.add(row - from, texts[row] as string)
      return index
    })
  }

  /** flexsearch's top `k` rows of the tenant, scored `1 / (1 + position)`; [] for an unknown tenant. */
  search(query: string, tenantId: string, k: number): RankedRow[] {
    const t = tenantNumber(this.layout, tenantId)
    const index = this.indexes[t]
    if (!index || k <= 0) return []
    const from = this.layout.rowStart[t] as number
    const ids = index.search(query, { limit: k, suggest: true }) as number[]
    return ids.map((id, i) => ({ row: from + id, score: 1 / (1 + i) }))
  }
}
