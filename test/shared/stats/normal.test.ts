import { expect, test } from 'vitest'
import { inverseNormalCdf, normalCdf } from '../../../src/shared/stats/normal.ts'

// python3 -c "from scipy.stats import norm; [print(x, repr(norm.cdf(x))) for x in (-5, -1.96, -1, 0, 0.3, 2.5, 6)]"
const CDF: Array<[number, number]> = [
  [-5, 2.866515718791933e-7],
  [-1.96, 0.024997895148220435],
  [-1, 0.15865525393145707],
  [0, 0.5],
  [0.3, 0.6179114221889526],
  [2.5, 0.9937903346742238],
  [6, 0.9999999990134123],
]
// python3 -c "from scipy.stats import norm; [print(p, repr(norm.ppf(p))) for p in (1e-10, 0.001, 0.025, 0.3, 0.8, 0.975, 0.999)]"
const PPF: Array<[number, number]> = [
  [1e-10, -6.361340902404056],
  [0.001, -3.090232306167813],
  [0.025, -1.9599639845400545],
  [0.3, -0.5244005127080409],
  [0.8, 0.8416212335729143],
  [0.975, 1.959963984540054],
  [0.999, 3.090232306167813],
]

test('the normal CDF matches SciPy to 1e-14 absolute', () => {
  for (const [x, expected] of CDF) expect(Math.abs(normalCdf(x) - expected)).toBeLessThan(1e-14)
})

test('the inverse normal CDF matches SciPy to 1e-9 relative', () => {
  for (const [p, expected] of PPF) expect(Math.abs(inverseNormalCdf(p) / expected - 1)).toBeLessThan(1e-9)
})

test('the inverse normal CDF has infinite ends and is NaN outside [0, 1]', () => {
  expect(inverseNormalCdf(0)).toBe(Number.NEGATIVE_INFINITY)
  expect(inverseNormalCdf(1)).toBe(Number.POSITIVE_INFINITY)
  expect(inverseNormalCdf(0.5)).toBe(0)
  expect(inverseNormalCdf(1.5)).toBeNaN()
})
