/**
 * Bounded top-k selection: O(n log k) with a k-sized binary heap, returning exactly what a full sort by
 * (score desc, index asc) would return in its first k places. Indices are row numbers inside one tenant, and rows
 * are laid out in chunk-id order, so "index asc" is "chunk id asc": the deterministic tie-break.
 */
import type { RankedRow } from './types.ts'

/** A reusable k-sized heap over (score, index) pairs. The root is the worst kept pair. */
export class TopK {
  readonly k: number
  private readonly scores: Float64Array
  private readonly indices: Int32Array
  private size = 0

  /** @param k how many best pairs to keep (>= 0). */
  constructor(k: number) {
    this.k = Math.max(0, Math.floor(k))
    this.scores = new Float64Array(this.k)
    this.indices = new Int32Array(this.k)
  }

  /** Empties the heap so it can be reused for the next query. */
  reset(): void {
    this.size = 0
  }

  /** The smallest score a new pair must beat (or tie with a lower index) to enter; -Infinity until full. */
  get threshold(): number {
    return this.size < this.k ? -Infinity : (this.scores[0] as number)
  }

  /** Offers one pair; kept when the heap is not full or it beats the root. */
  push(score: number, index: number): void {
    const k = this.k
    if (k === 0) return
    const scores = this.scores
    const indices = this.indices
    if (this.size < k) {
      // Sift up: a parent must be worse than (or equal to) its children.
      let i = this.size++
      while (i > 0) {
        const p = (i - 1) >> 1
        const ps = scores[p] as number
        const pi = indices[p] as number
        if (ps < score || (ps === score && pi > index)) break
        scores[i] = ps
        indices[i] = pi
        i = p
      }
      scores[i] = score
      indices[i] = index
      return
    }
    const rs = scores[0] as number
    if (score < rs || (score === rs && index > (indices[0] as number))) return
    this.siftDown(score, index, k)
  }

  /**
   * The kept pairs as ranked rows, best first (score desc, index asc), each index plus `base`; empties the heap.
   * Takes the root (the worst pair) `size` times and fills the list from the back: no comparator sort and no
   * intermediate objects, which on Cranfield-sized queries cost as much as the scoring's last pass.
   */
  rankedRows(base: number): RankedRow[] {
    const out: RankedRow[] = []
    const scores = this.scores
    const indices = this.indices
    while (this.size > 0) {
      out.push({ row: base + (indices[0] as number), score: scores[0] as number })
      const last = --this.size
      if (last > 0) this.siftDown(scores[last] as number, indices[last] as number, last)
    }
    return out.reverse()
  }

  // Puts (score, index) at the root of the first `size` slots and sifts it down to its place.
  private siftDown(score: number, index: number, size: number): void {
    const scores = this.scores
    const indices = this.indices
    let i = 0
    for (;;) {
      const l = 2 * i + 1
      if (l >= size) break
      const r = l + 1
      let c = l
      if (r < size) {
        const ls = scores[l] as number
        const rsc = scores[r] as number
        if (rsc < ls || (rsc === ls && (indices[r] as number) > (indices[l] as number))) c = r
      }
      const cs = scores[c] as number
      const ci = indices[c] as number
      if (score < cs || (score === cs && index > ci)) break
      scores[i] = cs
      indices[i] = ci
      i = c
    }
    scores[i] = score
    indices[i] = index
  }

  /** The kept pairs, best first (score desc, index asc). Does not reset. */
  sorted(): Array<{ index: number; score: number }> {
    const out: Array<{ index: number; score: number }> = []
    for (let i = 0; i < this.size; i++) out.push({ index: this.indices[i] as number, score: this.scores[i] as number })
    out.sort((a, b) => b.score - a.score || a.index - b.index)
    return out
  }
}
