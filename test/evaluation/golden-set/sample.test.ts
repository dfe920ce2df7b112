import { describe, expect, test } from 'vitest'
import { selectSample } from '../../../src/evaluation/golden-set/sample.ts'

const cases = [
  ...Array.from({ length: 6 }, (_, i) => ({ case_id: `N-${i}`, case_type: 'normal' })),
  ...Array.from({ length: 3 }, (_, i) => ({ case_id: `O-${i}`, case_type: 'out_of_scope' })),
  { case_id: 'X-0', case_type: 'cross_tenant' },
]

describe('selectSample', () => {
  test('keeps each case type in proportion (largest remainder)', () => {
    // n = 5 of 10: normal 6 * 5/10 = 3.0, out_of_scope 1.5, cross_tenant 0.5 -> bases 3, 1, 0; one seat left
    // goes to the largest remainder, a tie (0.5 vs 0.5) broken by type name: cross_tenant < out_of_scope.
    const chosen = selectSample(cases, 5, 7)
    const byType = (prefix: string) => [...chosen].filter((id) => id.startsWith(prefix)).length
    expect(chosen.size).toBe(5)
    expect([byType('N-'), byType('O-'), byType('X-')]).toEqual([3, 1, 1])
  })

  test('is deterministic in the seed and does not depend on input order', () => {
    const a = selectSample(cases, 4, 42)
    const b = selectSample([...cases].reverse(), 4, 42)
    expect([...a].sort()).toEqual([...b].sort())
    const seeds = new Set([1, 2, 3, 4, 5, 6].map((seed) => [...selectSample(cases, 4, seed)].sort().join(',')))
    expect(seeds.size).toBeGreaterThan(1)
  })

  test('asking for at least as many cases as exist selects them all', () => {
    expect(selectSample(cases, 10, 1).size).toBe(10)
    expect(selectSample(cases, 99, 1).size).toBe(10)
  })
})
