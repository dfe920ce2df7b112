import { describe, expect, test } from 'vitest'
import { showSpread } from '../../scripts/bench/peer.ts'
import { checkGoals, emptyBenchReport } from '../../scripts/bench/report.ts'
import { ratioSpread, spreadOf } from '../../scripts/bench/spread.ts'

describe('bench spreads and goals judged by their median', () => {
  test('median, min and max of odd and even samples, and their printed form', () => {
    expect(spreadOf([3, 1, 2])).toEqual({ median: 2, min: 1, max: 3, runs: 3 })
    // Even count: the mean of the middle two, (2 + 3) / 2 = 2.5.
    expect(spreadOf([4, 1, 3, 2])).toEqual({ median: 2.5, min: 1, max: 4, runs: 4 })
    expect(showSpread({ median: 0.8123, min: 0.7, max: 1.25 })).toBe('0.812 (0.700-1.25)')
    expect(showSpread(undefined)).toBe('-')
    // Per-repetition ratios 2 / 1 = 2, 3 / 2 = 1.5, 8 / 4 = 2: median 2, range 1.5-2.
    expect(ratioSpread([2, 3, 8], [1, 2, 4])).toEqual({ median: 2, min: 1.5, max: 2, runs: 3 })
  })

  test('a ratio with a spread meets its goal by the median and carries its range', () => {
    const report = emptyBenchReport(
      { cpu: 'x', cpus: 2, platform: 'linux', memory_gib: 1, node: 'v20', numpy: null, scipy: null, load_average: [1] },
      false,
    )
    const ratio = { median: 0.9, min: 0.6, max: 1.4 }
    const spread = { median: 1, min: 1, max: 1 }
    report.bm25s.cranfield = {
      docs: 1400,
      queries: 225,
      build_ms: 1,
      bm25s_build_ms: 1,
      ms_per_query: spread,
      bm25s_ms_per_query: spread,
      ratio_one: ratio,
      batch_ms_per_query: spread,
      batch_pool2_ms_per_query: spread,
      bm25s_batch_ms_per_query: spread,
      ratio_batch: { median: 1.1, min: 0.95, max: 1.2 },
      ratio_batch_pool2: spread,
      exactness: { same_ids: 225, ties_only: 0, different: 0 },
    }
    const goals = checkGoals(report).filter((g) => g.figure.startsWith('bm25s.cranfield.'))
    expect(goals).toEqual([
      { figure: 'bm25s.cranfield.ratio_one', at_most: 1, value: 0.9, spread: [0.6, 1.4], met: true },
      { figure: 'bm25s.cranfield.ratio_batch', at_most: 1, value: 1.1, spread: [0.95, 1.2], met: false },
    ])
  })
})
