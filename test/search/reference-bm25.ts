/**
 * A slow, obvious BM25 (same formula as src/search/bm25.ts): recount everything per query, score every doc of
 * the tenant, full sort. Test-only.
 */
export interface RefDoc {
  id: string
  tenantId: string
  terms: string[]
}

export function referenceBm25(
  docs: RefDoc[],
  queryTerms: string[],
  tenantId: string,
  k1 = 1.2,
  b = 0.75,
): Array<{ id: string; score: number }> {
  const own = docs.filter((d) => d.tenantId === tenantId)
  const N = own.length
  const avgdl = own.reduce((s, d) => s + d.terms.length, 0) / N
  const distinct = [...new Set(queryTerms)]
  const qtf = (t: string) => queryTerms.filter((x) => x === t).length
  const scored = own.map((d) => {
    let score = 0
    for (const t of distinct) {
      const tf = d.terms.filter((x) => x === t).length
      if (tf === 0) continue
      const df = own.filter((o) => o.terms.includes(t)).length
      const idf = Math.log(1 + (N - df + 0.5) / (df + 0.5))
      score += qtf(t) * ((idf * tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * d.terms.length) / avgdl)))
    }
    return { id: d.id, score }
  })
  return scored.filter((s) => s.score > 0).sort((x, y) => y.score - x.score || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0))
}
