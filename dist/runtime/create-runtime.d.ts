import type { RagAdapter, SystemOutput } from '../adapter/types.js';
import type { RagEvalConfig } from '../config/schema.js';
import type { Judge, JudgeVerdict } from '../judge/types.js';
import { type ModelClients } from '../llm/index.js';
import type { SearchIndex } from '../search/index.js';
import { type PreparedCorpus } from './prepare-corpus.js';
/** What a completed case leaves behind: everything that cost a model call (the answer and the verdict). */
export interface CaseCheckpoint {
    output: SystemOutput;
    judgement?: JudgeVerdict;
}
/** Per-case checkpoints, for `resume`: a resumed run repeats no completed paid call. */
export interface CaseCheckpoints {
    get(caseId: string, caseHash: string): Promise<CaseCheckpoint | undefined>;
    put(caseId: string, caseHash: string, checkpoint: CaseCheckpoint): Promise<void>;
}
/** Everything a worker needs to evaluate cases. */
export interface RagRuntime {
    config: RagEvalConfig;
    prepared: PreparedCorpus;
    /** The search index (reference adapter only). */
    index?: SearchIndex;
    adapter: RagAdapter;
    judge?: Judge;
    models?: ModelClients;
    checkpoints?: CaseCheckpoints;
    /** Writes the model clients' per-provider tally for the reporter (after each case). */
    saveProviderStats?(): Promise<void>;
    close(): Promise<void>;
}
/**
 * Where the model clients keep their cache and the run's shared spend ledger: a cache dir set in the model
 * config wins (resolved against the project root); every worker shares one spend file, so the limit holds for
 * the whole run, not once per worker (the global setup resets it at the start of a run).
 */
export declare function modelClientOptions(config: RagEvalConfig): {
    cacheDir: string;
    spendFile: string;
};
/** Builds the runtime for `config`. */
export declare function createRagRuntime(config: RagEvalConfig): Promise<RagRuntime>;
