import type { Reporter, SerializedError, TestModule, TestRunEndReason, Vitest } from 'vitest/node';
import { REPORT_FILES } from '../config/resolve.js';
import type { RagEvalConfig } from '../config/schema.js';
import type { GateResult } from '../gate/gate-result.js';
import { type GatePolicy } from '../gate/policy.js';
import type { Scorecard } from '../scorecard/scorecard.js';
import './task-meta.js';
/** The harness version, recorded in every scorecard. */
export declare const HARNESS_VERSION: string;
export { REPORT_FILES };
/** The gate policy a config asks for. */
export declare function gatePolicyFor(config: RagEvalConfig): GatePolicy;
/** Outcome of one reported run (what tests and the CLI read back). */
export interface ReportedRun {
    scorecard: Scorecard;
    gate: GateResult;
    filtered: boolean;
}
/** Vitest reporter for golden-case runs. */
export declare class RagReporter implements Reporter {
    private readonly config;
    private vitest;
    private readonly records;
    private startedAt;
    /** The last run's outcome. */
    last: ReportedRun | undefined;
    constructor(config: RagEvalConfig);
    onInit(vitest: Vitest): void;
    onTestRunStart(): void;
    onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>, reason: TestRunEndReason): Promise<void>;
    private log;
    /** A golden module of this reporter's project (each eval project has its own reporter, scorecard and baseline). */
    private owns;
    private collect;
    private report;
    private printAnnotations;
}
/**
 * What a run's unhandled errors were. A merged blob report keeps only an error's type (`Unhandled Error`, no
 * message): say so, and where the message is (the log of the shard that raised it).
 */
export declare function describeUnhandled(errors: ReadonlyArray<SerializedError>): string;
