/**
 * The gate's policy: which metrics are gated, how much they may drop, and how a drop is confirmed.
 */
import { DEFAULT_COMPARE_OPTIONS } from '../../shared/stats/compare.ts'
import { CLAIM_METRICS, JUDGE_METRICS } from '../scorecard/answer-quality.ts'

/**
 * Gate policy. Every field has a default in {@link defaultGatePolicy}.
 *
 * A gated metric FAILS the gate, overall or in one case type, when all of these hold:
 * 1. its relative change `(current - baseline) / |baseline|` is below `-maxRelativeDrop` (strictly more than
 *    the allowed drop; a change within 1e-9 of the limit counts as at the limit, so 1.00 -> 0.95 passes at 5%);
 * 2. if `requireSignificance` (default true): the paired test over the per-case values of the cases present in
 *    both runs with the same case hash (`compareRuns(baseline, current)`) says the change is significant at
 *    `alpha` (its bootstrap CI excludes 0 AND its sign-flip p < alpha) and negative. A drop the test does not
 *    confirm passes, with a message naming the drop, p and CI.
 *    Small n: the exact two-sided sign-flip test can never reach p < 0.05 with fewer than 6 pairs (its smallest
 *    p is 2 / 2^n: 0.0625 at n = 5, 0.031 at n = 6). Below `minPairedCases` pairs the test cannot confirm
 *    anything, so the drop alone decides (fail closed) and the message says the test was underpowered.
 *    Clusters: cases that share a cluster (`CaseSummary.cluster`: an expected source document, or the golden
 *    `cluster`) are resampled and flipped together, so the test's n is the number of clusters, and fewer than
 *    `minPairedCases` clusters is underpowered in the same way.
 *    A consistent drop on every case of ~20 (all paired differences negative) is significant: p = 2 / 2^20.
 *    A drop carried by one or two cases out of 20 is not (its p is at least 2 / 2^2 = 0.5): that is the point,
 *    a single flaky case does not fail CI; its hard assertions and error class still show it.
 * A rise is an `improvement` only when the same paired test confirms it; otherwise it is "no detectable change".
 * Improvements never fail. Absolute `floors` are checked on every run, with or without a baseline, and without
 * a significance test: a mean under its floor fails.
 */
export interface GatePolicy {
  /** Largest allowed relative drop of a gated metric, in [0, 1]. Default 0.05 (5%). */
  maxRelativeDrop: number
  /** Metric names gated, retrieval and answer alike. Judge metrics among them are gated only when judged. */
  gatedMetrics: readonly string[]
  /** Also compare each case type on its own (besides overall). Default true. */
  perCaseType: boolean
  /** Require the paired significance test to confirm a drop before failing. Default true. */
  requireSignificance: boolean
  /** Significance level of the paired test, in (0, 1). Default 0.05. */
  alpha: number
  /**
   * Below this many paired cases (clusters, when cases share one) the test is underpowered and a drop fails on its own. Default 6. Set 0 to
   * let the test decide at any n (then small groups never fail on metrics: a noisy model judge on a case type
   * with 4 cases would otherwise fail the gate on one flipped verdict).
   */
  minPairedCases: number
  /** Judge metrics are not gated when the judge scored under this fraction of the scorable cases. Default 0.25. */
  minJudgeCoverage: number
  /**
   * What a NOT COMPARABLE baseline does (scoring changed, or under `minPairedShare` of its cases pair with the
   * run). `fail` (default): the gate fails, and one deliberate `npx vitest-rag baseline accept` (which shows the
   * metric diff) fixes it. `warn`: the gate passes with a loud NOT COMPARABLE warning and compares nothing.
   */
  onNotComparable: 'fail' | 'warn'
  /**
   * The smallest share of the baseline's cases (of the run's own, for a sampled or sharded run) that must pair
   * with the run by case id and content for the metrics to be compared, in [0, 1]; under it the baseline is
   * NOT COMPARABLE. Default 0.5: a pull request that adds, edits or removes under half of the cases is gated
   * on the cases it left alone. Example: 9 of 20 cases edited -> 11 / 20 = 0.55 paired, compared.
   */
  minPairedShare: number
  /**
   * A group whose minimum detectable drop (see `minimumDetectableDrop`) is above this relative drop is named
   * "too small to gate" in the gate's notes, so nobody mistakes its passing for a checked quality. Default 0.25.
   */
  maxDetectableDrop: number
  /**
   * Absolute floors: metric name -> group (`'*'` for overall, or a case type) -> the lowest mean allowed.
   * Example `{ 'recall@5': { '*': 0.8, multi_turn: 0.6 } }`. Default none.
   */
  floors?: Readonly<Record<string, Readonly<Record<string, number>>>>
  /** The judge the run was configured with; a configured judge under `minJudgeCoverage` is reported. */
  configuredJudge?: 'heuristic' | 'model' | 'off'
  /**
   * Watch mode: compare whatever cases pair by id and content, however few (`minPairedShare` is not applied:
   * an edit in the editor should not blind the gate). Default false.
   */
  pairedOnly?: boolean
  /**
   * The command that accepts this run as the baseline, quoted in the gate's messages for the user to copy
   * (the reporter names the project and any moved paths). Default `npx vitest-rag baseline accept`.
   */
  acceptCommand?: string
  /** Fail (instead of warn) when the configured judge covered under `minJudgeCoverage`. Default false. */
  requireJudge: boolean
  /** Seed of the bootstrap and Monte Carlo permutation, so the same runs always give the same verdict. */
  seed: number
  /** Bootstrap resamples. Default 10000. */
  resamples: number
  /**
   * How the run-level false-alarm rate over all the metric x group comparisons is held at `alpha`: `holm`
   * (default) confirms a drop only when its p passes Holm's step-down over the run's comparisons (see
   * `gate/family.ts`); `none` tests each comparison at `alpha` alone (about 10% of no-change runs then fail on
   * the simulated sample of `scripts/gate-simulation.ts`). Optional: absent means `holm`.
   */
  familyWise?: 'holm' | 'none'
  /**
   * Gaming detection (see `gate/gaming.ts`): a gated metric that improves while its counterpart (recall@k:
   * precision@k; faithfulness: copy_ratio; answer_relevance, response_relevancy: length_ratio) worsens by more
   * than this relative change, over the paired cases. Default 0.1 (10%).
   */
  gamingTolerance?: number
  /** What a gaming flag does: `warn` (default: a WARNING line, the gate still passes), `fail`, or `off`. */
  onGaming?: 'warn' | 'fail' | 'off'
}

/** The default gate policy. */
export const defaultGatePolicy: Readonly<GatePolicy> = Object.freeze({
  maxRelativeDrop: 0.05,
  // Retrieval, the judge's rubric metrics, and the claim-level metrics (noise_sensitivity is lower-is-better:
  // see src/grading/metrics/direction.ts).
  gatedMetrics: Object.freeze(['recall@5', 'mrr', 'ndcg@10', ...JUDGE_METRICS, ...CLAIM_METRICS]),
  perCaseType: true,
  requireSignificance: true,
  alpha: 0.05,
  minPairedCases: 6,
  minJudgeCoverage: 0.25,
  onNotComparable: 'fail',
  minPairedShare: 0.5,
  maxDetectableDrop: 0.25,
  requireJudge: false,
  seed: DEFAULT_COMPARE_OPTIONS.seed,
  resamples: DEFAULT_COMPARE_OPTIONS.resamples,
  gamingTolerance: 0.1,
  onGaming: 'warn',
})

/** Tolerance for "strictly more than the allowed drop", so 1.00 -> 0.95 is exactly 5% despite rounding. */
export const RELATIVE_DROP_EPSILON = 1e-9
