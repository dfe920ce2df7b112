import type { Reporter, SerializedError, TestModule, TestRunEndReason, Vitest } from 'vitest/node';
import type { RagEvalConfig } from '../config/schema.ts';
import type { GateResult } from '../gate/gate-result.ts';
import { type GatePolicy } from '../gate/policy.ts';
import type { Scorecard } from '../scorecard/scorecard.ts';
import './task-meta.ts';
/** The harness version, recorded in every scorecard. */
export declare const HARNESS_VERSION: string;
/** Files the reporter writes under `outDir`. */
export declare const REPORT_FILES: {
    readonly scorecard: "scorecard.json";
    readonly markdown: "scorecard.md";
    readonly gate: "gate.json";
    readonly trecRun: "run.trec";
    readonly trecQrels: "qrels.trec";
};
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
    private collect;
    private report;
    private printAnnotations;
}
//# sourceMappingURL=reporter.d.ts.map