/**
 * The baseline: the committed, versioned reference a run is gated against (`baselines/<name>.baseline.json`).
 * It keeps the scorecard's aggregate metrics (overall and per case type) AND each case's values with its case
 * hash, so a later run can pair cases for the significance test, plus what makes two runs comparable.
 * Pure: building, serialising and parsing; the file I/O is in `baseline-file.ts`.
 */
import { z } from 'zod';
import type { CaseType } from '../cases/schema.js';
import type { EvalMode } from '../adapter/types.js';
import type { MetricGroup, RunJudgeKind, Scorecard } from '../scorecard/scorecard.js';
/** Version of the {@link Baseline} shape; `parseBaseline` refuses any other. */
export declare const BASELINE_VERSION = 1;
/** Where `baseline accept` writes by default, relative to the project root. */
export declare const DEFAULT_BASELINE_PATH = "baselines/evals.baseline.json";
/** Means overall and per case type for one metric family. */
export interface BaselineMetricFamily {
    overall: MetricGroup;
    byCaseType: Partial<Record<CaseType, MetricGroup>>;
}
/** One case's values as they entered the baseline's averages. */
export interface BaselineCase {
    caseHash: string;
    caseType: CaseType;
    retrieval?: Record<string, number>;
    answer?: Record<string, number>;
}
/** The baseline document. */
export interface Baseline {
    version: typeof BASELINE_VERSION;
    /** ISO timestamp of `baseline accept`. */
    createdAt: string;
    harnessVersion: string;
    scorecardVersion: number;
    mode: EvalMode;
    goldenSetHash: string;
    corpusFingerprint: string;
    /** Judge kind of the answer metrics: heuristic and model scores are never compared with each other. */
    judgeKind: RunJudgeKind;
    /** The model judge's id, when the judge was a model: scores of different judge models are not compared. */
    judgeModel?: string;
    /** Judged / scorable cases when the baseline was taken, in [0, 1]. */
    judgeCoverage: number;
    models: {
        generator?: string;
        judge?: string;
        embedder?: string;
    };
    configSnapshot: unknown;
    /** Hard assertion totals (for the diff; the gate never compares them, any failure fails). */
    hard: {
        ran: number;
        passed: number;
        failed: number;
    };
    metrics: {
        retrieval: BaselineMetricFamily;
        answer: BaselineMetricFamily;
    };
    /** Case id to values, in case id order. */
    cases: Record<string, BaselineCase>;
}
/** The structural check applied when a baseline is loaded. */
export declare const BaselineSchema: z.ZodObject<{
    version: z.ZodLiteral<1>;
    createdAt: z.ZodString;
    harnessVersion: z.ZodString;
    scorecardVersion: z.ZodNumber;
    mode: z.ZodEnum<{
        retrieval: "retrieval";
        system: "system";
    }>;
    goldenSetHash: z.ZodString;
    corpusFingerprint: z.ZodString;
    judgeKind: z.ZodEnum<{
        none: "none";
        heuristic: "heuristic";
        model: "model";
        mixed: "mixed";
    }>;
    judgeModel: z.ZodOptional<z.ZodString>;
    judgeCoverage: z.ZodNumber;
    models: z.ZodObject<{
        generator: z.ZodOptional<z.ZodString>;
        judge: z.ZodOptional<z.ZodString>;
        embedder: z.ZodOptional<z.ZodString>;
    }, z.core.$strip>;
    configSnapshot: z.ZodUnknown;
    hard: z.ZodObject<{
        ran: z.ZodNumber;
        passed: z.ZodNumber;
        failed: z.ZodNumber;
    }, z.core.$strip>;
    metrics: z.ZodObject<{
        retrieval: z.ZodObject<{
            overall: z.ZodObject<{
                n: z.ZodNumber;
                unscored: z.ZodNumber;
                failed: z.ZodNumber;
                mean: z.ZodRecord<z.ZodString, z.ZodNumber>;
            }, z.core.$strip>;
            byCaseType: z.ZodRecord<z.ZodString, z.ZodObject<{
                n: z.ZodNumber;
                unscored: z.ZodNumber;
                failed: z.ZodNumber;
                mean: z.ZodRecord<z.ZodString, z.ZodNumber>;
            }, z.core.$strip>>;
        }, z.core.$strip>;
        answer: z.ZodObject<{
            overall: z.ZodObject<{
                n: z.ZodNumber;
                unscored: z.ZodNumber;
                failed: z.ZodNumber;
                mean: z.ZodRecord<z.ZodString, z.ZodNumber>;
            }, z.core.$strip>;
            byCaseType: z.ZodRecord<z.ZodString, z.ZodObject<{
                n: z.ZodNumber;
                unscored: z.ZodNumber;
                failed: z.ZodNumber;
                mean: z.ZodRecord<z.ZodString, z.ZodNumber>;
            }, z.core.$strip>>;
        }, z.core.$strip>;
    }, z.core.$strip>;
    cases: z.ZodRecord<z.ZodString, z.ZodObject<{
        caseHash: z.ZodString;
        caseType: z.ZodString;
        retrieval: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodNumber>>;
        answer: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodNumber>>;
    }, z.core.$strip>>;
}, z.core.$strip>;
/** Builds the baseline a scorecard would become on `baseline accept`. */
export declare function createBaseline(scorecard: Scorecard, createdAt?: string): Baseline;
/** The baseline as pretty JSON (2-space indent, trailing newline), so its git diff reads well. */
export declare function serializeBaseline(baseline: Baseline): string;
/**
 * Parses a baseline from JSON text; `source` names it in errors.
 * @throws BaselineFormatError when not JSON or not shaped like a baseline.
 * @throws BaselineVersionError when its `version` is not {@link BASELINE_VERSION}.
 */
export declare function parseBaseline(text: string, source?: string): Baseline;
/**
 * The part of a baseline a reviewer compares on `baseline accept`: identity and aggregate means (per-case
 * values and the config are left out so the diff stays readable).
 */
export declare function summarizeBaselineForDiff(baseline: Baseline): Record<string, unknown>;
