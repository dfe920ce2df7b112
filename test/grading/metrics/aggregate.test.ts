import fc from 'fast-check'
import { expect, test } from 'vitest'
import {
  aggregateMetrics,
  aggregateMetricsBy,
  aggregatePartitions,
  metricMatrix,
  type MetricAggregate,
  type MetricRow,
} from '../../../src/grading/metrics/aggregate.ts'

test('a failed case scores zero and stays in the average', () => {
  const result = aggregateMetrics([
    { metrics: { 'recall@5': 1, mrr: 1 }, scored: true },
    { metrics: { 'recall@5': 0.5, mrr: 0.5 }, scored: true },
    { metrics: undefined, scored: true, failed: true },
  ])
  // recall@5 = (1 + 0.5 + 0) / 3 = 0.5
  expect(result).toEqual({
    mean: { 'recall@5': 0.5, mrr: 0.5 },
    counts: { 'recall@5': 3, mrr: 3 },
    n: 3,
    unscored: 0,
    failed: 1,
  })
})

test('a failed case scores zero even when it carries metrics', () => {
  const result = aggregateMetrics([
    { metrics: { mrr: 1 }, scored: true },
    { metrics: { mrr: 1 }, scored: true, failed: true },
  ])
  expect(result.mean.mrr).toBe(0.5)
})

test('unscored cases are counted, not averaged', () => {
  const result = aggregateMetrics([
    { metrics: { mrr: 1 }, scored: true },
    { metrics: { mrr: 0 }, scored: false },
    { metrics: undefined, scored: false, failed: true },
  ])
  expect(result).toEqual({ mean: { mrr: 1 }, counts: { mrr: 1 }, n: 1, unscored: 2, failed: 1 })
})

test('an all-abstain run has no mean and says how many it left unscored', () => {
  const rows = [
    { metrics: {}, scored: false },
    { metrics: {}, scored: false },
  ]
  expect(aggregateMetrics(rows)).toEqual({ mean: {}, counts: {}, n: 0, unscored: 2, failed: 0 })
})

test('a metric that does not apply to a case (absent, not failed) stays out of that metric only', () => {
  // mrr over both rows: (1 + 0) / 2 = 0.5; should_contain only over the row that has it: 0.5 / 1.
  const result = aggregateMetrics([
    { metrics: { mrr: 1, should_contain: 0.5 }, scored: true },
    { metrics: { mrr: 0 }, scored: true },
  ])
  expect(result.mean).toEqual({ mrr: 0.5, should_contain: 0.5 })
  expect(result.counts).toEqual({ mrr: 2, should_contain: 1 })
})

test('a failed case scores 0 even on metrics it never produced', () => {
  // should_contain: (0.5 + 0) / 2 = 0.25: the failed row enters every mean as 0.
  const result = aggregateMetrics([
    { metrics: { should_contain: 0.5 }, scored: true },
    { metrics: undefined, scored: true, failed: true },
  ])
  expect(result.mean.should_contain).toBe(0.25)
})

test('groups aggregate separately, in first-seen order', () => {
  const rows = [
    { caseType: 'normal', metrics: { mrr: 1 }, scored: true },
    { caseType: 'stale_conflict', metrics: { mrr: 0 }, scored: true },
    { caseType: 'normal', metrics: { mrr: 0.5 }, scored: true },
  ]
  const groups = aggregateMetricsBy(rows, (r) => r.caseType)
  expect(Object.keys(groups)).toEqual(['normal', 'stale_conflict'])
  expect(groups.normal).toEqual({ mean: { mrr: 0.75 }, counts: { mrr: 2 }, n: 2, unscored: 0, failed: 0 })
})

test('permuting the cases leaves the aggregate unchanged', () => {
  const rowArb: fc.Arbitrary<MetricRow> = fc.record({
    metrics: fc.option(
      fc.dictionary(fc.constantFrom('recall@5', 'mrr', 'ndcg@10'), fc.double({ min: 0, max: 1, noNaN: true })),
      { nil: undefined },
    ),
    scored: fc.boolean(),
    failed: fc.boolean(),
  })
  fc.assert(
    fc.property(
      fc
        .array(rowArb, { maxLength: 20 })
        .chain((rows) =>
          fc.tuple(fc.constant(rows), fc.shuffledSubarray(rows, { minLength: rows.length, maxLength: rows.length })),
        ),
      ([rows, shuffled]) => {
        expect(aggregateMetrics(shuffled)).toEqual(aggregateMetrics(rows))
      },
    ),
  )
})

/** The rules of aggregateMetrics written plainly: per group, its values sorted and summed in order. */
function referenceAggregate(rows: readonly MetricRow[]): MetricAggregate {
  const names: string[] = []
  for (const row of rows)
    if (row.scored) for (const name of Object.keys(row.metrics ?? {})) if (!names.includes(name)) names.push(name)
  const scored = rows.filter((r) => r.scored)
  const mean: Record<string, number> = {}
  const counts: Record<string, number> = {}
  for (const name of names) {
    const values = scored.flatMap((r) =>
      r.failed ? [0] : r.metrics?.[name] !== undefined ? [r.metrics[name] as number] : [],
    )
    const sorted = Float64Array.from(values).sort()
    let sum = 0
    for (const v of sorted) sum += v
    mean[name] = sum / sorted.length
    counts[name] = sorted.length
  }
  return {
    mean,
    counts,
    n: scored.length,
    unscored: rows.length - scored.length,
    failed: rows.filter((r) => r.failed).length,
  }
}

test('every group of every partition, aggregated in one pass, equals the plain rules applied to that group alone', () => {
  const rowArb = fc.record({
    // Key order varies per row (names are listed in first-seen order); a few repeated values, as real metrics have,
    // and values of very different sizes, whose sums round differently in another order (a sum out of order fails).
    metrics: fc.option(
      fc.dictionary(
        fc.constantFrom('recall@5', 'mrr', 'ndcg@10', 'crag'),
        fc.oneof(
          fc.constantFrom(0, 1, 0.5, -1, 1 / 3),
          fc.noBias(fc.integer({ min: -(2 ** 30), max: 2 ** 30 })).map((x) => (x / 2 ** 30) * Math.PI * 1000),
          fc.noBias(fc.integer({ min: 0, max: 2 ** 30 })).map((x) => (x / 2 ** 30) * Math.PI * 0.001),
        ),
      ),
      { nil: undefined },
    ),
    scored: fc.boolean(),
    failed: fc.constantFrom(false, false, false, true),
    a: fc.integer({ min: 0, max: 2 }),
    b: fc.integer({ min: -1, max: 3 }),
  })
  fc.assert(
    fc.property(fc.array(rowArb, { maxLength: 60 }), (rows) => {
      const levels = [Int32Array.from(rows, (r) => r.a), Int32Array.from(rows, (r) => r.b)]
      const result = aggregatePartitions(metricMatrix(rows), levels, [3, 4])
      for (const [l, level] of levels.entries()) {
        for (let g = 0; g < [3, 4][l]!; g++) {
          const expected = referenceAggregate(rows.filter((_, i) => level[i] === g))
          // Same numbers bit for bit and the same name order (toEqual ignores key order: compare the entries).
          expect(Object.entries(result[l]![g]!.mean)).toEqual(Object.entries(expected.mean))
          expect(result[l]![g]).toEqual(expected)
        }
      }
    }),
    { numRuns: 300 },
  )
})
