/**
 * A small seeded PRNG, so every bootstrap and permutation run is reproducible from its seed.
 */

/** Seed used when a caller gives none: results are reproducible by default. */
export const DEFAULT_SEED = 0x5eed

/**
 * mulberry32 (Tommy Ettinger, public domain): a 32-bit state generator returning floats in [0, 1) with 2^32
 * period; fast and good enough for resampling (it passes gjrand's and PractRand's basic batteries up to
 * modest sizes), not for cryptography. The same seed gives the same sequence on every platform, since it
 * only uses 32-bit integer arithmetic (`Math.imul`, `>>>`).
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
