import type { RagEvalConfig } from '../config/schema.js';
import { type PlannedCall, type RunCostEstimate } from '../llm/index.js';
import type { GoldenSet } from './golden-set.js';
import type { PreparedCorpus } from './prepare-corpus.js';
/** Output token caps the estimate assumes when the config sets none (the pipeline's and judge's defaults). */
export declare const ESTIMATE_DEFAULTS: {
    readonly answerMaxTokens: 400;
    readonly judgeMaxTokens: 800;
    readonly rewriteMaxTokens: 120;
    readonly sourcesShown: 3;
};
/**
 * The planned model calls of a system run over the selected cases: one answer per case (plus a rewrite for
 * cases with history) on the generator, and one verdict per case on the judge when the judge is a model.
 * Undefined when no model is configured (an offline run costs nothing).
 */
export declare function planModelCalls(config: RagEvalConfig, set: GoldenSet, prepared: PreparedCorpus): PlannedCall[] | undefined;
/** The worst-case cost of the planned calls, priced with the config's prices over the built-in table. */
export declare function estimateEvalCost(config: RagEvalConfig, set: GoldenSet, prepared: PreparedCorpus): RunCostEstimate | undefined;
