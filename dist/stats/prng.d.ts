/**
 * A small seeded PRNG, so every bootstrap and permutation run is reproducible from its seed.
 */
/** Seed used when a caller gives none: results are reproducible by default. */
export declare const DEFAULT_SEED = 24301;
/**
 * mulberry32 (Tommy Ettinger, public domain): a 32-bit state generator returning floats in [0, 1) with 2^32
 * period; fast and good enough for resampling (it passes gjrand's and PractRand's basic batteries up to
 * modest sizes), not for cryptography. The same seed gives the same sequence on every platform, since it
 * only uses 32-bit integer arithmetic (`Math.imul`, `>>>`).
 */
export declare function mulberry32(seed: number): () => number;
