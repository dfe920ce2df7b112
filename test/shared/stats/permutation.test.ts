import fc from 'fast-check'
import { expect, test } from 'vitest'
import { StatsError } from '../../../src/shared/stats/errors.ts'
import { pairedPermutationTest } from '../../../src/shared/stats/permutation.ts'
import { mulberry32 } from '../../../src/shared/stats/prng.ts'

const A = [
  0.675, 0.838, 0.765, 0.435, 0.48, 0.824, 0.303, 0.793, 0.778, 0.581, 0.482, 0.467, 0.453, 0.567, 0.603, 0.632, 0.897,
  0.776, 0.673, 0.893, 0.429, 0.396, 0.668, 0.326, 0.321, 0.609, 0.58, 0.85, 0.678, 0.608,
]
const B = [
  0.531, 0.821, 0.688, 0.378, 0.647, 0.767, 0.339, 0.939, 0.748, 0.608, 0.535, 0.515, 0.346, 0.616, 0.806, 0.486, 1.0,
  0.83, 0.636, 1.0, 0.56, 0.292, 0.717, 0.435, 0.338, 0.731, 0.612, 0.97, 0.891, 0.567,
]
const DIFFS = B.map((b, i) => b - A[i]!)

/** Brute force: every sign pattern by its bit mask, |sum| compared with the observed |sum|. */
function bruteForcePValue(diffs: readonly number[]): number {
  const observed = Math.abs(diffs.reduce((s, d) => s + d, 0))
  const scale = diffs.reduce((s, d) => s + Math.abs(d), 0)
  let count = 0
  for (let mask = 0; mask < 2 ** diffs.length; mask++) {
    const sum = diffs.reduce((s, d, i) => s + ((mask >> i) & 1 ? -d : d), 0)
    if (Math.abs(sum) >= observed - 1e-9 * scale) count++
  }
  return count / 2 ** diffs.length
}

test('diffs [1, 2, 3]: |sum| >= 6 in 2 of 8 sign patterns, so p = 0.25', () => {
  expect(pairedPermutationTest([1, 2, 3])).toEqual({ pValue: 0.25, exact: true })
})

test('the exact test equals brute-force enumeration of all sign flips', () => {
  fc.assert(
    fc.property(
      fc.array(
        fc.integer({ min: -5, max: 5 }).map((x) => x / 10),
        { minLength: 1, maxLength: 9 },
      ),
      (diffs) => {
        expect(pairedPermutationTest(diffs).pValue).toBe(bruteForcePValue(diffs))
      },
    ),
    { numRuns: 200 },
  )
})

test('all-zero differences give p = 1', () => {
  expect(pairedPermutationTest([0, 0, 0]).pValue).toBe(1)
})

// python3 -c "import numpy as np; from scipy import stats
// rng = np.random.default_rng(7); a = np.round(rng.uniform(0.3, 0.9, 30), 3)
// b = np.round(np.clip(a + rng.normal(0.04, 0.12, 30), 0, 1), 3)
// f = lambda x, y, axis: np.mean(y - x, axis=axis)
// print(stats.permutation_test((a[:12], b[:12]), f, permutation_type='samples', vectorized=True, n_resamples=np.inf).pvalue)
// print(stats.permutation_test((a, b), f, permutation_type='samples', vectorized=True, n_resamples=200000,
//     random_state=np.random.default_rng(1)).pvalue)"
// -> 0.76953125 (exact, 12 pairs) and 0.08524957375213124 (Monte Carlo, 30 pairs)
test('the exact p-value on 12 pairs equals scipy.stats.permutation_test', () => {
  expect(pairedPermutationTest(DIFFS.slice(0, 12))).toEqual({ pValue: 0.76953125, exact: true })
})

// python3 -c "import numpy as np; from scipy import stats
// d = np.array([1,0,0,1,0,-1,1,0,1,1,0,0,1,0,0,0,1,-1,0,1], dtype=float)
// print(stats.permutation_test((d,), np.mean, permutation_type='samples', vectorized=True, n_resamples=np.inf).pvalue)"
// -> 0.109375
test('the exact p-value of 20 hit@k differences with zeros equals SciPy', () => {
  expect(pairedPermutationTest([1, 0, 0, 1, 0, -1, 1, 0, 1, 1, 0, 0, 1, 0, 0, 0, 1, -1, 0, 1])).toEqual({
    pValue: 0.109375,
    exact: true,
  })
})

test('the Monte Carlo p-value on 30 pairs matches SciPy within Monte Carlo error', () => {
  // Both runs have sd sqrt(0.085 * 0.915 / 200000) = 6.2e-4; allow about 5 sd of their difference.
  const result = pairedPermutationTest(DIFFS, { resamples: 200_000, seed: 1 })
  expect(result.exact).toBe(false)
  expect(Math.abs(result.pValue - 0.08524957375213124)).toBeLessThan(4e-3)
})

test('exact enumeration runs up to exactUpTo and Monte Carlo above it', () => {
  expect(pairedPermutationTest(DIFFS.slice(0, 20)).exact).toBe(true)
  expect(pairedPermutationTest(DIFFS.slice(0, 21)).exact).toBe(false)
  expect(pairedPermutationTest(DIFFS.slice(0, 10), { exactUpTo: 5 }).exact).toBe(false)
})

test('the Monte Carlo p-value is never 0: (count + 1) / (resamples + 1)', () => {
  // 25 equal positive diffs: only the all-plus and all-minus patterns reach |sum| = 25 (chance 2^-24).
  expect(pairedPermutationTest(new Array(25).fill(1), { resamples: 999 }).pValue).toBe(1 / 1000)
})

test('no differences, or an absurd exactUpTo, are refused with a StatsError', () => {
  expect(() => pairedPermutationTest([])).toThrow(StatsError)
  expect(() => pairedPermutationTest([1], { exactUpTo: 40 })).toThrow(/exactUpTo 40/)
})

test('the Monte Carlo p-value skips zero differences without changing a count', () => {
  // The plain loop it replaced: every difference, one 32-bit draw per 32 of them, a branch per sign.
  const plainCount = (diffs: readonly number[], resamples: number, seed: number): number => {
    const observed = diffs.reduce((s, d) => s + d, 0)
    const threshold = Math.abs(observed) - 1e-9 * diffs.reduce((s, d) => s + Math.abs(d), 0)
    const random = mulberry32(seed)
    let count = 0
    for (let b = 0; b < resamples; b++) {
      let sum = 0
      let bits = 0
      for (let i = 0; i < diffs.length; i++) {
        if ((i & 31) === 0) bits = random() * 4294967296
        sum += (bits >>> (i & 31)) & 1 ? -diffs[i]! : diffs[i]!
      }
      if (Math.abs(sum) >= threshold) count++
    }
    return count
  }
  // 70 differences, most of them ties (0), as a retrieval metric between two arms gives.
  const diffs = Array.from({ length: 70 }, (_, i) => (i % 4 === 0 ? 1 / 3 : i % 9 === 0 ? -0.5 : 0))
  const { pValue } = pairedPermutationTest(diffs, { resamples: 2000, seed: 11 })
  expect(pValue).toBe((plainCount(diffs, 2000, 11) + 1) / 2001)
})
