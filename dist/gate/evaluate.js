import { compareGatedMetrics } from "./compare-metrics.js";
import { defaultGatePolicy } from "./policy.js";
/** The command that creates or replaces a baseline, quoted in messages. */
export const BASELINE_ACCEPT_COMMAND = 'npx vitest-rag baseline accept';
function shortHash(hash) {
    return hash.length > 12 ? hash.slice(0, 12) : hash;
}
/** Fail-closed checks on the run itself: empty, partial, errored cases, failed hard assertions. */
function checkRun(current) {
    const reasons = [];
    const run = current.run;
    if (run.cases === 0) {
        reasons.push({ code: 'empty_run', message: 'no cases ran: an empty run never passes (check the golden files and the test filter)' });
    }
    else if (run.partial || (run.expectedCases !== undefined && run.cases < run.expectedCases)) {
        reasons.push({
            code: 'partial_run',
            message: `partial run: ${run.cases} of ${run.expectedCases ?? '?'} golden cases ran; a partial run never passes (run the whole golden set)`,
        });
    }
    if (run.errored > 0) {
        const listed = run.erroredCaseIds.slice(0, 10).join(', ');
        const more = run.erroredCaseIds.length > 10 ? ` and ${run.erroredCaseIds.length - 10} more` : '';
        reasons.push({ code: 'errored_cases', message: `${run.errored} case(s) errored before producing results: ${listed}${more}` });
    }
    for (const failure of current.hard.failures) {
        reasons.push({
            code: 'hard_assertion_failed',
            caseId: failure.caseId,
            message: `hard assertion ${failure.check} failed for ${failure.caseId} (${failure.file}:${failure.line}): ${failure.message}`,
        });
    }
    return reasons;
}
/** Why a baseline is not comparable with the run (golden set or corpus changed), or an empty list. */
function comparabilityProblems(current, baseline) {
    const problems = [];
    if (current.goldenSetHash !== baseline.goldenSetHash) {
        problems.push(`golden set hash ${shortHash(baseline.goldenSetHash)} (baseline) != ${shortHash(current.goldenSetHash)} (this run)`);
    }
    if (current.corpusFingerprint !== baseline.corpusFingerprint) {
        problems.push(`corpus fingerprint ${shortHash(baseline.corpusFingerprint)} (baseline) != ${shortHash(current.corpusFingerprint)} (this run)`);
    }
    return problems;
}
function finish(reasons, comparisons, notes, compared) {
    const pass = reasons.length === 0;
    return { pass, status: pass ? 'pass' : 'fail', reasons, comparisons, messages: [...reasons.map((r) => r.message), ...notes], compared };
}
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
export function evaluateGate(current, baseline, policy = defaultGatePolicy) {
    const reasons = checkRun(current);
    if (baseline === undefined) {
        const note = `no baseline: metrics were not compared; after reviewing this scorecard, create one with \`${BASELINE_ACCEPT_COMMAND}\` and commit it`;
        return finish(reasons, [], [note], false);
    }
    // An empty run has nothing to compare; its own reason says everything.
    if (current.run.cases === 0)
        return finish(reasons, [], [], false);
    const problems = comparabilityProblems(current, baseline);
    if (problems.length > 0) {
        const message = `NOT COMPARABLE: the baseline was taken on other inputs (${problems.join('; ')}); no metric was compared. ` +
            `Review this scorecard and accept it as the new baseline with \`${BASELINE_ACCEPT_COMMAND}\``;
        if (policy.onNotComparable === 'fail')
            return finish([...reasons, { code: 'not_comparable', message }], [], [], false);
        return finish(reasons, [], [`WARNING ${message}`], false);
    }
    const notes = [];
    if (current.mode !== baseline.mode)
        notes.push(`mode differs: baseline ${baseline.mode}, this run ${current.mode}; only metrics both runs have are compared`);
    let compared;
    try {
        compared = compareGatedMetrics(current, baseline, policy);
    }
    catch (error) {
        // The gate returns data, never throws: a broken comparison fails closed with its reason.
        const message = `the metric comparison failed: ${error instanceof Error ? error.message : String(error)}`;
        return finish([...reasons, { code: 'gate_error', message }], [], notes, false);
    }
    const { comparisons, failures, notes: metricNotes } = compared;
    for (const { comparison, message } of failures) {
        reasons.push({
            code: comparison.verdict === 'missing' ? 'metric_missing' : 'metric_regression',
            metric: comparison.metric,
            group: comparison.group,
            message,
        });
    }
    return finish(reasons, comparisons, [...notes, ...metricNotes], true);
}
//# sourceMappingURL=evaluate.js.map