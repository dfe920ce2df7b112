/**
 * The gate's minimum detectable drop when cases share clusters: the paired test resamples and flips whole
 * clusters, so its power is that of the clusters, not of the cases (issue #25: it ignored them and was optimistic).
 */
import { describe, expect, test } from 'vitest'
import { createBaseline } from '../../../src/report/gate/baseline.ts'
import { evaluateGate } from '../../../src/report/gate/evaluate.ts'
import { defaultGatePolicy } from '../../../src/report/gate/policy.ts'
import { minimumDetectableDrop } from '../../../src/report/gate/power.ts'
import { buildScorecard } from '../../../src/report/scorecard/aggregate.ts'
import { buildContext, buildRecord } from '../scorecard/build-records.ts'

// z(0.975) + z(0.8) = 1.959964 + 0.841621.
const Z = 2.801585

describe('minimumDetectableDrop with clusters', () => {
  // 24 cases in 6 clusters of 4; every case of cluster c scores 1 when c is even, else 0 (cases of a cluster
  // move together: intra-cluster correlation 1).
  const values = Array.from({ length: 24 }, (_, i) => (Math.floor(i / 4) % 2 === 0 ? 1 : 0))
  const clusters = Array.from({ length: 24 }, (_, i) => `doc-${Math.floor(i / 4)}`)

  test('unclustered (every case its own cluster) it is the case-level figure', () => {
    // mean 0.5; s^2 = 24 x 0.25 / 23 = 0.260870; sd of the mean sqrt(0.260870 / 24) = 0.104257;
    // normal term 2.801585 x 0.104257 = 0.292085; sign-flip floor 6 x 0.5 / 24 = 0.125 -> 0.292085.
    const power = minimumDetectableDrop(values, 0.05)
    expect(power.clusters).toBe(24)
    expect(power.absoluteDrop).toBeCloseTo(Z * Math.sqrt(0.25 / 23), 5)
    expect(power.absoluteDrop).toBeCloseTo(0.292085, 5)
  })

  test('in 6 clusters of 4 it uses the cluster-level variance and counts clusters for the sign-flip floor', () => {
    // Cluster sums T = 4, 0, 4, 0, 4, 0, sizes 4: sum (T_k - 4 x 0.5)^2 = 6 x 4 = 24;
    // variance of the mean 6/5 x 24 / 24^2 = 0.05; normal term 2.801585 x sqrt(0.05) = 0.626454;
    // sign-flip floor 6 clusters x 0.5 / 6 = 0.5 -> 0.626454 absolute, 125.3% relative: over twice the
    // unclustered 0.292 (design effect 1 + (4 - 1) x 1 = 4 on the variance, x 6/5 / (24/23) for the small-sample factors).
    const power = minimumDetectableDrop(values, 0.05, 'higher', clusters)
    expect(power.clusters).toBe(6)
    expect(power.absoluteDrop).toBeCloseTo(0.626454, 5)
    expect(power.relativeDrop).toBeCloseTo(1.252908, 5)
  })

  test('singleton labels and no labels give the same figure', () => {
    const singletons = values.map((_, i) => `case-${i}`)
    expect(minimumDetectableDrop(values, 0.05, 'higher', singletons)).toEqual(minimumDetectableDrop(values, 0.05))
  })
})

describe('the gate quotes clustered power', () => {
  test('40 cases in 10 documents: the overall group can confirm only a drop of 10 clusters worth, not 40 cases', () => {
    // mrr 1 on every case: the normal term is 0 (no spread); the sign-flip floor decides. With one comparison
    // (gatedMetrics ['mrr'], perCaseType off) Holm's first level is 0.05: 6 units. Unclustered 6 x 1 / 40 = 15%;
    // in 10 clusters of 4, 6 x 1 / 10 = 60%, over the 25% limit, so the group is named too small.
    const run = (clustered: boolean) =>
      Array.from({ length: 40 }, (_, i) =>
        buildRecord(`D-${String(i).padStart(2, '0')}`, {
          retrieval: { metrics: { mrr: 1 } },
          ...(clustered ? { cluster: `doc-${Math.floor(i / 4)}` } : {}),
        }),
      )
    const policy = { ...defaultGatePolicy, gatedMetrics: ['mrr'], perCaseType: false }
    const powerOf = (clustered: boolean) => {
      const card = buildScorecard(run(clustered), buildContext({ expectedCases: 40 }))
      const result = evaluateGate(card, createBaseline(card, '2026-12-01T00:00:00.000Z'), policy)
      return result.power?.find((p) => p.group === 'overall')
    }
    expect(powerOf(false)).toMatchObject({ n: 40, clusters: 40, tooSmall: false })
    expect(powerOf(false)?.relativeDrop).toBeCloseTo(0.15, 12)
    expect(powerOf(true)).toMatchObject({ n: 40, clusters: 10, tooSmall: true })
    expect(powerOf(true)?.relativeDrop).toBeCloseTo(0.6, 12)
  })
})
