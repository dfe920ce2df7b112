/**
 * The baseline: the committed, versioned reference a run is gated against (`baselines/<name>.baseline.json`).
 * It keeps the scorecard's aggregate metrics (overall and per case type) AND each case's values with its case
 * hash, so a later run can pair cases for the significance test, plus what makes two runs comparable.
 * Pure: building, serialising and parsing; the file I/O is in `baseline-file.ts`.
 */
import { z } from 'zod';
import { BaselineFormatError, BaselineVersionError } from "./errors.js";
/** Version of the {@link Baseline} shape; `parseBaseline` refuses any other. */
export const BASELINE_VERSION = 1;
/** Where `baseline accept` writes by default, relative to the project root. */
export const DEFAULT_BASELINE_PATH = 'baselines/evals.baseline.json';
const MetricGroupSchema = z.object({
    n: z.number(),
    unscored: z.number(),
    failed: z.number(),
    mean: z.record(z.string(), z.number()),
});
const FamilySchema = z.object({ overall: MetricGroupSchema, byCaseType: z.record(z.string(), MetricGroupSchema) });
const ValuesSchema = z.record(z.string(), z.number());
/** The structural check applied when a baseline is loaded. */
export const BaselineSchema = z.object({
    version: z.literal(BASELINE_VERSION),
    createdAt: z.string(),
    harnessVersion: z.string(),
    scorecardVersion: z.number(),
    mode: z.enum(['retrieval', 'system']),
    goldenSetHash: z.string(),
    corpusFingerprint: z.string(),
    judgeKind: z.enum(['heuristic', 'model', 'mixed', 'none']),
    judgeModel: z.string().optional(),
    judgeCoverage: z.number().min(0).max(1),
    models: z.object({ generator: z.string().optional(), judge: z.string().optional(), embedder: z.string().optional() }),
    configSnapshot: z.unknown(),
    hard: z.object({ ran: z.number(), passed: z.number(), failed: z.number() }),
    metrics: z.object({ retrieval: FamilySchema, answer: FamilySchema }),
    cases: z.record(z.string(), z.object({ caseHash: z.string(), caseType: z.string(), retrieval: ValuesSchema.optional(), answer: ValuesSchema.optional() })),
});
function family(groups) {
    return structuredClone({ overall: groups.overall, byCaseType: groups.byCaseType });
}
/** Builds the baseline a scorecard would become on `baseline accept`. */
export function createBaseline(scorecard, createdAt = new Date().toISOString()) {
    const cases = {};
    for (const id of Object.keys(scorecard.cases).sort()) {
        const c = scorecard.cases[id];
        if (!c)
            continue;
        cases[id] = {
            caseHash: c.caseHash,
            caseType: c.caseType,
            ...(c.retrieval ? { retrieval: { ...c.retrieval } } : {}),
            ...(c.answer ? { answer: { ...c.answer } } : {}),
        };
    }
    return {
        version: BASELINE_VERSION,
        createdAt,
        harnessVersion: scorecard.harnessVersion,
        scorecardVersion: scorecard.version,
        mode: scorecard.mode,
        goldenSetHash: scorecard.goldenSetHash,
        corpusFingerprint: scorecard.corpusFingerprint,
        judgeKind: scorecard.answer.judgeKind,
        ...(scorecard.answer.judgeModel !== undefined ? { judgeModel: scorecard.answer.judgeModel } : {}),
        judgeCoverage: scorecard.answer.coverage,
        models: { ...scorecard.models },
        configSnapshot: structuredClone(scorecard.configSnapshot),
        hard: { ran: scorecard.hard.ran, passed: scorecard.hard.passed, failed: scorecard.hard.failed },
        metrics: { retrieval: family(scorecard.retrieval), answer: family(scorecard.answer) },
        cases,
    };
}
/** The baseline as pretty JSON (2-space indent, trailing newline), so its git diff reads well. */
export function serializeBaseline(baseline) {
    return `${JSON.stringify(baseline, null, 2)}\n`;
}
/**
 * Parses a baseline from JSON text; `source` names it in errors.
 * @throws BaselineFormatError when not JSON or not shaped like a baseline.
 * @throws BaselineVersionError when its `version` is not {@link BASELINE_VERSION}.
 */
export function parseBaseline(text, source = 'baseline') {
    let data;
    try {
        data = JSON.parse(text);
    }
    catch (error) {
        throw new BaselineFormatError(source, `not JSON (${error.message})`);
    }
    if (data === null || typeof data !== 'object' || Array.isArray(data))
        throw new BaselineFormatError(source, 'not a JSON object');
    const version = data.version;
    if (version !== BASELINE_VERSION)
        throw new BaselineVersionError(source, version, BASELINE_VERSION);
    const parsed = BaselineSchema.safeParse(data);
    if (!parsed.success) {
        const first = parsed.error.issues[0];
        throw new BaselineFormatError(source, `${first?.path.join('.') || '(root)'}: ${first?.message ?? 'invalid'}`);
    }
    return data;
}
/**
 * The part of a baseline a reviewer compares on `baseline accept`: identity and aggregate means (per-case
 * values and the config are left out so the diff stays readable).
 */
export function summarizeBaselineForDiff(baseline) {
    const means = (f) => ({
        overall: f.overall.mean,
        ...Object.fromEntries(Object.entries(f.byCaseType).map(([type, group]) => [type, group?.mean ?? {}])),
    });
    return {
        goldenSetHash: baseline.goldenSetHash,
        corpusFingerprint: baseline.corpusFingerprint,
        mode: baseline.mode,
        judgeKind: baseline.judgeKind,
        ...(baseline.judgeModel !== undefined ? { judgeModel: baseline.judgeModel } : {}),
        judgeCoverage: baseline.judgeCoverage,
        models: baseline.models,
        cases: Object.keys(baseline.cases).length,
        hard: baseline.hard,
        retrieval: means(baseline.metrics.retrieval),
        answer: means(baseline.metrics.answer),
    };
}
//# sourceMappingURL=baseline.js.map