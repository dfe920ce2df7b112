/**
 * How chunks are laid out in every index: grouped by tenant, and inside a tenant sorted by chunk id (plain
 * UTF-16 code unit order, never locale order). A tenant owns the contiguous rows
 * `[rowStart[t], rowStart[t + 1])`, so scoring a tenant touches only its own rows (isolation by construction), and
 * a lower row is a lower chunk id (the deterministic tie-break is just "lower row wins").
 */
import { SearchError } from './errors.ts'

/** Rows grouped by tenant. Plain data, so it can be shared with workers and persisted. */
export interface TenantLayout {
  /** Tenant ids in ascending order; tenant number t is `tenantIds[t]`. */
  tenantIds: string[]
  /** Chunk id per global row. */
  chunkIds: string[]
  /** `tenantIds.length + 1` row boundaries. */
  rowStart: Int32Array
}

/** The minimal chunk shape every arm indexes. */
export interface IndexableChunk {
  id: string
  tenantId: string
  text: string
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/**
 * Sorts chunks into the layout order and returns the layout plus the chunks in row order.
 * Throws `SearchError` `VITEST_RAG_SEARCH_DUPLICATE_CHUNK` when two chunks share an id.
 */
export function layoutByTenant<T extends IndexableChunk>(chunks: readonly T[]): { layout: TenantLayout; rows: T[] } {
  const rows = [...chunks].sort((a, b) => compareStrings(a.tenantId, b.tenantId) || compareStrings(a.id, b.id))
  const tenantIds: string[] = []
  const starts: number[] = []
  const seen = new Set<string>()
  rows.forEach((chunk, row) => {
    if (seen.has(chunk.id)) {
      throw new SearchError(
        'VITEST_RAG_SEARCH_DUPLICATE_CHUNK',
        `chunk id "${chunk.id}" occurs twice in the indexed chunks (chunk ids must be unique across tenants)`,
      )
    }
    seen.add(chunk.id)
    if (tenantIds[tenantIds.length - 1] !== chunk.tenantId) {
      tenantIds.push(chunk.tenantId)
      starts.push(row)
    }
  })
  starts.push(rows.length)
  return { layout: { tenantIds, chunkIds: rows.map((c) => c.id), rowStart: Int32Array.from(starts) }, rows }
}

/** Tenant number of `tenantId`, or -1 when the tenant has no chunks. Binary search over the sorted ids. */
export function tenantNumber(layout: TenantLayout, tenantId: string): number {
  let lo = 0
  let hi = layout.tenantIds.length - 1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    const c = compareStrings(layout.tenantIds[mid] as string, tenantId)
    if (c === 0) return mid
    if (c < 0) lo = mid + 1
    else hi = mid - 1
  }
  return -1
}

/** The most rows any one tenant has (0 with no tenants): the size of a per-tenant scratch array. */
export function maxTenantRows(layout: TenantLayout): number {
  let most = 0
  for (let t = 0; t + 1 < layout.rowStart.length; t++) {
    most = Math.max(most, (layout.rowStart[t + 1] as number) - (layout.rowStart[t] as number))
  }
  return most
}
