/**
 * The gate's operating characteristics on a seeded simulation through the real gate (scripts/gate-simulation.ts:
 * 60 retrieval-mode cases, random neighbour swaps in the top 6, baseline and candidate drawn alike). Not timed:
 * the figures are counts of seeded runs, the same on every machine.
 */
import { describe, expect, test } from 'vitest'
import { simulateGate } from '../../../scripts/gate-simulation.ts'

/** A generous limit, not a timing claim: 500 seeded gate runs take ~30 s alone and longer on a shared machine. */
const SIMULATION_TIMEOUT_MS = 300_000

describe("the gate's error rates on the simulated sample", () => {
  test(
    'with no real change, at most 5% of runs fail over all 9 metric x group comparisons (Holm); tested alone, more do',
    () => {
      const holm = simulateGate({ runs: 200, dropShare: 0 })
      expect(holm.pairs).toBe(9) // recall@5, mrr, ndcg@10 x overall, normal, exact_identifier
      expect(holm.failedRuns / holm.runs).toBeLessThanOrEqual(0.05)
      // Each comparison at alpha 0.05 alone (the gate before the family correction): the run-level rate exceeds 5%.
      const alone = simulateGate({ runs: 200, dropShare: 0, familyWise: 'none' })
      expect(alone.failedRuns / alone.runs).toBeGreaterThan(0.05)
    },
    SIMULATION_TIMEOUT_MS,
  )

  test(
    'a real drop of the size the gate reports as confirmable at 80% power is caught in about 80% of runs',
    () => {
      const reported = simulateGate({ runs: 1, dropShare: 0 }).reportedConfirmableDrop
      // The cases' relevant chunks leave the top 10 at random, so recall@5 drops by about the share of cases dropped.
      const drop = simulateGate({ runs: 100, dropShare: reported })
      expect(Math.abs(-drop.meanRelativeChange - reported)).toBeLessThan(0.02)
      // 65-95%: the reported figure is a normal approximation with a sign-flip floor, not an exact power.
      expect(drop.recallOverallCaught / drop.runs).toBeGreaterThanOrEqual(0.65)
      expect(drop.recallOverallCaught / drop.runs).toBeLessThanOrEqual(0.95)
    },
    SIMULATION_TIMEOUT_MS,
  )
})
