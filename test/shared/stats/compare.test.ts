import { expect, test } from 'vitest'
import { compareRuns, compareRunsMany } from '../../../src/shared/stats/compare.ts'

test('two cases that both improve by 0.5 are not significant: p = 2 of 4 sign patterns', () => {
  const result = compareRuns({ x: 0.5, y: 0.5 }, { x: 1, y: 1 })
  expect(result).toEqual({
    n: 2,
    clusters: 2,
    meanA: 0.5,
    meanB: 1,
    meanDiff: 0.5,
    ci: [0.5, 0.5],
    pValue: 0.5,
    significant: false,
    onlyInA: [],
    onlyInB: [],
  })
})

test('a consistent improvement over 30 cases is significant, and a wash is not', () => {
  const a: Record<string, number> = {}
  const better: Record<string, number> = {}
  const same: Record<string, number> = {}
  for (let i = 0; i < 30; i++) {
    a[`c${i}`] = 0.5
    better[`c${i}`] = 0.5 + (i % 3 === 0 ? 0.1 : 0.3) // every case gains 0.1 or 0.3
    same[`c${i}`] = 0.5 + (i % 2 === 0 ? 0.2 : -0.2) // 15 up, 15 down
  }
  const up = compareRuns(a, better)
  expect(up.meanDiff).toBeCloseTo((10 * 0.1 + 20 * 0.3) / 30, 12)
  expect(up.ci[0]).toBeGreaterThan(0)
  expect(up.pValue).toBeLessThan(0.001)
  expect(up.significant).toBe(true)
  const wash = compareRuns(a, same)
  expect(wash.meanDiff).toBeCloseTo(0, 12)
  expect(wash.significant).toBe(false)
})

test('cases only in one run are listed, sorted, and left out of the pairs', () => {
  const result = compareRuns({ b: 1, a: 0, z: 1 }, { a: 1, c: 0, d: 1 })
  expect(result.n).toBe(1)
  expect(result.onlyInA).toEqual(['b', 'z'])
  expect(result.onlyInB).toEqual(['c', 'd'])
  expect(result.meanA).toBe(0) // over the paired case `a` only
})

test('no paired cases give n = 0 and nothing significant', () => {
  expect(compareRuns({ a: 1 }, { b: 1 })).toMatchObject({ n: 0, ci: [0, 0], pValue: 1, significant: false })
})

test('the result does not depend on the key order of the runs', () => {
  const a = { x: 0.1, y: 0.9, z: 0.4, w: 0.3 }
  const b = { x: 0.3, y: 0.8, z: 0.9, w: 0.2 }
  const reordered = { w: 0.3, z: 0.4, y: 0.9, x: 0.1 }
  expect(compareRuns(reordered, b)).toEqual(compareRuns(a, b))
})

test('compareRunsMany equals one compareRuns per pair, with shared and unshared case ids', () => {
  const ids = Array.from({ length: 40 }, (_, i) => `c${i}`)
  const run = (f: (i: number) => number) => Object.fromEntries(ids.map((id, i) => [id, f(i)]))
  const a = run((i) => (i % 3) / 3)
  const runs = [
    { a, b: run((i) => (i % 5) / 4) },
    { a, b: run((i) => ((i + 1) % 3) / 3) },
    // the same values in both: no draws, ci [0, 0]
    { a, b: a },
    // other ids: a group of its own
    { a: { x: 0.2, y: 0.9, z: 0.4 }, b: { x: 0.5, y: 0.1, z: 0.4 } },
  ]
  const options = { resamples: 300, seed: 3 }
  expect(compareRunsMany(runs, options)).toEqual(runs.map(({ a, b }) => compareRuns(a, b, options)))
})
