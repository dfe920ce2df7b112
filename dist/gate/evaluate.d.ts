/**
 * `evaluateGate`: the CI decision for a run, as data. Pure; never throws.
 */
import type { Scorecard } from '../scorecard/scorecard.js';
import type { Baseline } from './baseline.js';
import type { GateResult } from './gate-result.js';
import { type GatePolicy } from './policy.js';
/** The command that creates or replaces a baseline, quoted in messages. */
export declare const BASELINE_ACCEPT_COMMAND = "npx vitest-rag baseline accept";
/**
 * Decides whether a run passes. It fails when:
 * - the run is empty, partial (fewer cases than the golden set holds) or has errored cases (fail closed);
 * - any hard assertion failed (each one is listed);
 * - a gated metric dropped by more than `policy.maxRelativeDrop`, overall or per case type, confirmed by the
 *   paired significance test when `policy.requireSignificance` (see {@link GatePolicy} for the exact rule);
 * - a gated metric of the baseline is missing from the run;
 * - the baseline is NOT COMPARABLE (other golden set hash or corpus fingerprint) and `policy.onNotComparable`
 *   is `fail` (the default); with `warn` it passes with the warning and compares nothing.
 * Without a baseline, metric rules are skipped (the run checks still apply) and a message says how to create
 * one. Improvements never fail. Judge metrics are compared only between runs judged by the same kind of judge,
 * each with coverage of at least `policy.minJudgeCoverage`.
 */
export declare function evaluateGate(current: Scorecard, baseline: Baseline | undefined, policy?: GatePolicy): GateResult;
