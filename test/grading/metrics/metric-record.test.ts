import { expect, test } from 'vitest'
import { metricRecord } from '../../../src/grading/metrics/metric-record.ts'
import { retrievalMetricNames, scoreRetrieval, writeRetrievalMetrics } from '../../../src/grading/metrics/retrieval.ts'

test('metricRecord gives a new object with the names as keys, in order, each 0', () => {
  const names = ['mrr', 'recall@5', 'span_recall@5']
  const first = metricRecord(names)
  expect(Object.keys(first)).toEqual(names)
  expect(first).toEqual({ mrr: 0, 'recall@5': 0, 'span_recall@5': 0 })
  first.mrr = 0.5
  // A copy of the template each time: setting one object's value leaves the next one at 0.
  const second = metricRecord(names)
  expect(second).not.toBe(first)
  expect(second.mrr).toBe(0)
})

test('retrieval metrics written into a larger record keep their own names first, then the caller adds its own', () => {
  const names = [...retrievalMetricNames([1, 5]), 'span_recall@1']
  expect(retrievalMetricNames([1, 5])).toEqual([
    'recall@1',
    'precision@1',
    'hit@1',
    'ndcg@1',
    'recall@5',
    'precision@5',
    'hit@5',
    'ndcg@5',
    'mrr',
  ])
  const metrics = writeRetrievalMetrics(metricRecord(names), ['x', 'a'], new Map([['a', 2]]), { ks: [1, 5] })
  // a at rank 2: recall@1 0, recall@5 1, precision@5 = 1 / min(5, 2 retrieved) = 0.5, mrr 1/2, ndcg@5 = (2/log2(3)) / 2 = 0.631.
  expect(metrics).toEqual({ ...scoreRetrieval(['x', 'a'], new Map([['a', 2]]), { ks: [1, 5] }), 'span_recall@1': 0 })
  expect(metrics['precision@5']).toBe(0.5)
  expect(metrics.mrr).toBe(0.5)
  expect(metrics['ndcg@5']).toBeCloseTo(1 / Math.log2(3), 12)
  expect(Object.keys(metrics).at(-1)).toBe('span_recall@1')
})
