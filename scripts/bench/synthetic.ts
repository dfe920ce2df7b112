/**
 * Seeded synthetic data for the benchmark: a Zipf-distributed text corpus (the research anchors' shape:
 * s = 1.07 over 100k pseudo-words, 100-200 tokens per doc, queries of 3-6 distinct tokens from a random doc)
 * and Gaussian embedding matrices.
 */
import { mulberry32 } from '../../src/shared/stats/prng.ts'
import { lowerBound } from '../../src/shared/util/lower-bound.ts'

/** The stats core's seeded PRNG, so bench data and resampling share one generator. */
export { mulberry32 }

/** A Zipf(s) sampler over ranks 0..vocab-1 by inverse CDF (binary search). */
export function zipfSampler(vocab: number, s: number, rand: () => number): () => number {
  const cdf = new Float64Array(vocab)
  let sum = 0
  for (let r = 0; r < vocab; r++) cdf[r] = sum += 1 / Math.pow(r + 1, s)
  for (let r = 0; r < vocab; r++) cdf[r] = (cdf[r] as number) / sum
  return () => {
    // The first rank whose cumulative share reaches u (the last rank when rounding leaves u above them all).
    return lowerBound(cdf, rand(), vocab - 1)
  }
}

/** `count` docs as space-separated pseudo-words (`w<rank base 36>`), 100-200 tokens each. */
export function zipfCorpus(count: number, seed = 42): string[] {
  const rand = mulberry32(seed)
  const next = zipfSampler(100_000, 1.07, rand)
  const docs: string[] = []
  for (let i = 0; i < count; i++) {
    const length = 100 + Math.floor(rand() * 101)
    const words: string[] = new Array(length)
    for (let j = 0; j < length; j++) words[j] = `w${next().toString(36)}`
    docs.push(words.join(' '))
  }
  return docs
}

/** `count` queries of 3-6 distinct tokens drawn from random docs. */
export function zipfQueries(docs: readonly string[], count: number, seed = 7): string[] {
  const rand = mulberry32(seed)
  const queries: string[] = []
  for (let i = 0; i < count; i++) {
    const words = (docs[Math.floor(rand() * docs.length)] as string).split(' ')
    const want = 3 + Math.floor(rand() * 4)
    const picked = new Set<string>()
    while (picked.size < Math.min(want, new Set(words).size))
      picked.add(words[Math.floor(rand() * words.length)] as string)
    queries.push([...picked].join(' '))
  }
  return queries
}

/** Fills `target` with standard normal floats (Box-Muller), seeded. */
export function fillGaussian(target: Float32Array, seed: number): void {
  const rand = mulberry32(seed)
  for (let i = 0; i < target.length; i += 2) {
    const u = 1 - rand()
    const v = rand()
    const r = Math.sqrt(-2 * Math.log(u))
    target[i] = r * Math.cos(2 * Math.PI * v)
    if (i + 1 < target.length) target[i + 1] = r * Math.sin(2 * Math.PI * v)
  }
}
