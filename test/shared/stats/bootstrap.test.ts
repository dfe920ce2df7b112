import { describe, expect, test } from 'vitest'
import {
  bcaInterval,
  bootstrapMeans,
  bootstrapMeansBatch,
  pairedBootstrapBca,
  quantileSorted,
} from '../../../src/shared/stats/bootstrap.ts'
import { StatsError } from '../../../src/shared/stats/errors.ts'
import { inverseNormalCdf, normalCdf } from '../../../src/shared/stats/normal.ts'
import { mulberry32 } from '../../../src/shared/stats/prng.ts'

// Generated once with numpy (see the python below) and typed in here; diffs are b - a per case.
const A = [
  0.675, 0.838, 0.765, 0.435, 0.48, 0.824, 0.303, 0.793, 0.778, 0.581, 0.482, 0.467, 0.453, 0.567, 0.603, 0.632, 0.897,
  0.776, 0.673, 0.893, 0.429, 0.396, 0.668, 0.326, 0.321, 0.609, 0.58, 0.85, 0.678, 0.608,
]
const B = [
  0.531, 0.821, 0.688, 0.378, 0.647, 0.767, 0.339, 0.939, 0.748, 0.608, 0.535, 0.515, 0.346, 0.616, 0.806, 0.486, 1.0,
  0.83, 0.636, 1.0, 0.56, 0.292, 0.717, 0.435, 0.338, 0.731, 0.612, 0.97, 0.891, 0.567,
]
const DIFFS = B.map((b, i) => b - A[i]!)

/** All n^n equally likely bootstrap resamples of `values`, as their means. */
function exactBootstrapMeans(values: readonly number[]): Float64Array {
  const n = values.length
  const out = new Float64Array(n ** n)
  for (let c = 0; c < out.length; c++) {
    let sum = 0
    let rest = c
    for (let i = 0; i < n; i++) {
      sum += values[rest % n]!
      rest = Math.floor(rest / n)
    }
    out[c] = sum / n
  }
  return out
}

describe('agreement with SciPy 1.17.1', () => {
  // python3 -c "import numpy as np; from scipy import stats
  // rng = np.random.default_rng(7); a = np.round(rng.uniform(0.3, 0.9, 30), 3)
  // b = np.round(np.clip(a + rng.normal(0.04, 0.12, 30), 0, 1), 3)
  // r = stats.bootstrap((a, b), lambda x, y, axis: np.mean(y - x, axis=axis), paired=True, vectorized=True,
  //     method='BCa', n_resamples=200000, confidence_level=0.95, random_state=np.random.default_rng(1))
  // print(r.confidence_interval)"
  // -> low=-0.00266666666666668, high=0.06653333333333333 (method='percentile': -0.0024, 0.0668)
  test('the BCa interval of a 30-case paired sample matches scipy.stats.bootstrap within Monte Carlo error', () => {
    const { mean, lo, hi } = pairedBootstrapBca(DIFFS, { resamples: 200_000, seed: 1 })
    expect(mean).toBeCloseTo(0.0323, 12) // sum of diffs 0.969 / 30
    expect(Math.abs(lo - -0.00266666666666668)).toBeLessThan(2e-3)
    expect(Math.abs(hi - 0.06653333333333333)).toBeLessThan(2e-3)
  })
})

// python3 -c "import numpy as np; from scipy import stats
// d = np.array([1,0,0,1,0,-1,1,0,1,1,0,0,1,0,0,0,1,-1,0,1], dtype=float)
// r = stats.bootstrap((d,), np.mean, vectorized=True, method='BCa', n_resamples=200000, random_state=np.random.default_rng(1))
// print(r.confidence_interval)"  -> low=0.0, high=0.55
test('the BCa interval of 20 hit@k differences in {-1, 0, 1} matches SciPy exactly at its discrete points', () => {
  const diffs = [1, 0, 0, 1, 0, -1, 1, 0, 1, 1, 0, 0, 1, 0, 0, 0, 1, -1, 0, 1]
  // The mean is 6/20 = 0.3; on such data the end points land on multiples of 1/20, so they agree exactly.
  expect(pairedBootstrapBca(diffs, { resamples: 200_000, seed: 1 })).toEqual({ mean: 0.3, lo: 0, hi: 0.55 })
})

describe('agreement with the exact bootstrap distribution', () => {
  // For n = 3 and 4 every one of the n^n resamples is enumerated, and BCa is computed here from its formulas
  // with the exact distribution's inverse CDF; a large Monte Carlo run must land on the same points.
  for (const values of [
    [0.1, 0.4, 1.0],
    [0.1, 0.35, 0.5, 1.2],
    [-0.3, 0.0, 0.2, 0.9],
  ]) {
    test(`BCa end points of [${values.join(', ')}] match the exact enumeration`, () => {
      const n = values.length
      const exact = Float64Array.from(exactBootstrapMeans(values)).sort()
      const observed = values.reduce((s, v) => s + v, 0) / n
      const below = exact.filter((m) => m < observed).length
      const atOrBelow = exact.filter((m) => m <= observed).length
      const z0 = inverseNormalCdf((below + atOrBelow) / (2 * exact.length))
      const jack = values.map((_, i) => values.filter((__, j) => j !== i).reduce((s, v) => s + v, 0) / (n - 1))
      const jackMean = jack.reduce((s, v) => s + v, 0) / n
      const acc =
        jack.reduce((s, m) => s + (jackMean - m) ** 3, 0) /
        (6 * jack.reduce((s, m) => s + (jackMean - m) ** 2, 0) ** 1.5)
      const level = (zq: number): number => normalCdf(z0 + (z0 + zq) / (1 - acc * (z0 + zq)))
      const inverseCdf = (q: number): number => exact[Math.ceil(q * exact.length) - 1]!
      const result = pairedBootstrapBca(values, { resamples: 200_000, seed: 11 })
      expect(result.lo).toBeCloseTo(inverseCdf(level(inverseNormalCdf(0.025))), 9)
      expect(result.hi).toBeCloseTo(inverseCdf(level(inverseNormalCdf(0.975))), 9)
    })
  }

  test('the acceleration of a skewed sample shifts the interval to the long tail', () => {
    // [0, 0, 0, 1]: jackknife means 1/3 (x3) and 0; skewed right, so the upper end sits further from the mean.
    const values = [0, 0, 0, 1]
    const { lo, hi } = bcaInterval(values, exactBootstrapMeans(values), 0.05)
    expect(hi - 0.25).toBeGreaterThan(0.25 - lo)
  })
})

describe('degenerate inputs', () => {
  test('all differences equal give the interval [d, d]', () => {
    expect(pairedBootstrapBca([0.1, 0.1, 0.1])).toEqual({ mean: 0.1, lo: 0.1, hi: 0.1 })
  })
  test('a single difference gives the interval [d, d]', () => {
    expect(pairedBootstrapBca([-0.2])).toEqual({ mean: -0.2, lo: -0.2, hi: -0.2 })
  })
  test('no differences are refused with a StatsError', () => {
    expect(() => pairedBootstrapBca([])).toThrow(StatsError)
  })
  test('an alpha outside (0, 1) is refused, quoting it', () => {
    expect(() => pairedBootstrapBca([1, 2], { alpha: 5 })).toThrow(/alpha 5/)
  })
  test('the same seed gives the same interval, a different seed a slightly different one', () => {
    const first = pairedBootstrapBca(DIFFS, { resamples: 2000, seed: 42 })
    expect(pairedBootstrapBca(DIFFS, { resamples: 2000, seed: 42 })).toEqual(first)
    expect(pairedBootstrapBca(DIFFS, { resamples: 2000, seed: 43 })).not.toEqual(first)
  })
})

test('quantiles interpolate linearly between order statistics, as NumPy does', () => {
  // positions q * (n - 1): 0.25 * 3 = 0.75 -> 1 + 0.75 * (2 - 1) = 1.75
  expect(quantileSorted([1, 2, 4, 8], 0.25)).toBe(1.75)
  expect(quantileSorted([1, 2, 4, 8], 1)).toBe(8)
})

test('the inlined resampling loop draws exactly the indices mulberry32(seed) gives', () => {
  const values = [0.1, 0.5, 0.2, 0.9, 0.4]
  const random = mulberry32(99)
  const expected = Array.from({ length: 50 }, () => {
    let sum = 0
    for (let i = 0; i < values.length; i++) sum += values[Math.floor(random() * values.length)]!
    return sum / values.length
  })
  expect([...bootstrapMeans(values, 50, 99)]).toEqual(expected)
})

describe('bootstrapMeansBatch', () => {
  test('gives every vector the means bootstrapMeans gives it alone, bit for bit', () => {
    // Three metrics over the same 37 cases, with thirds and negatives so that a different summation order would
    // round differently in the last bits.
    const vectors = [0, 1, 2].map((k) => Array.from({ length: 37 }, (_, i) => ((i * (k + 3)) % 7) / 3 - k / 2))
    const batch = bootstrapMeansBatch(vectors, 500, 7)
    vectors.forEach((v, j) => expect(Array.from(batch[j]!)).toEqual(Array.from(bootstrapMeans(v, 500, 7))))
  })
})
