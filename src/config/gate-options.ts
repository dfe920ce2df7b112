/**
 * The gate's options as configuration (`gate: { ... }` in the ragEval options): tolerance, gated metrics,
 * significance, floors, judge coverage and pairing. Part of the ragEval options' schema (`RagEvalOptionsSchema`), kept apart
 * so each schema file stays one concept.
 */
import { z } from 'zod'

/**
 * Absolute floors: metric name to the lowest mean allowed (the highest, for a lower-is-better metric such as
 * `noise_sensitivity`), overall (`'*'`) or per case type. Checked on every run without a significance test and
 * without a baseline, e.g. `{ 'recall@5': { '*': 0.8, multi_turn: 0.6 } }`.
 */
export const FloorsSchema = z.record(z.string(), z.record(z.string(), z.number().min(-1).max(1)))

/** Gate policy as configuration (ratios in [0, 1]). */
export const GateOptionsSchema = z
  .object({
    /** A gated metric fails the run when it drops by more than this, relative to the baseline. Default 0.05. */
    maxRelativeDrop: z.number().min(0).max(1).default(0.05),
    /** Metrics the gate compares; `undefined` keeps the gate's own default list. */
    gatedMetrics: z.array(z.string()).optional(),
    /** Judge metrics are gated only when the judge scored at least this share of cases. Default 0.25. */
    minJudgeCoverage: z.number().min(0).max(1).default(0.25),
    /** A drop must also be confirmed by the paired significance test. Default true. */
    requireSignificance: z.boolean().default(true),
    /** Absolute floors per metric and case type, checked without a significance test (see {@link FloorsSchema}). */
    floors: FloorsSchema.optional(),
    /**
     * Judge metrics are required: a run whose configured judge covered fewer than `minJudgeCoverage` of the
     * cases fails instead of passing with a warning. Default false.
     */
    requireJudge: z.boolean().default(false),
    /**
     * The smallest share of the baseline's cases that must pair with the run by case id and content (the parsed
     * case and its resolved expected sources) for metrics to be compared; under it the baseline is NOT
     * COMPARABLE. New, edited and removed cases are listed and not compared. Ratio in [0, 1]. Default 0.5.
     */
    minPairedShare: z.number().min(0).max(1).default(0.5),
    /**
     * Gaming detection: a gated metric that improves while its counterpart worsens by more than this relative
     * change is flagged (recall@k against precision@k, faithfulness and claim_faithfulness against copy_ratio,
     * answer_relevance and response_relevancy against length_ratio), over the cases paired with the baseline.
     * Ratio in [0, 1]. Default 0.1.
     */
    gamingTolerance: z.number().min(0).max(1).default(0.1),
    /** What a gaming flag does: `warn` (default: a WARNING line, the gate still passes), `fail` the gate, or `off`. */
    onGaming: z.enum(['warn', 'fail', 'off']).default('warn'),
  })
  .strict()
