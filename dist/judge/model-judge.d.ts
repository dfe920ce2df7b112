/**
 * The model judge: grades one case with a (different, larger) chat model through `ChatClient.chatJson`,
 * against the rubric, and returns a zod-validated verdict. A verdict that cannot be parsed after the
 * client's one retry is recorded as `failed: true`: not a score, never a zero.
 *
 * Self-preference: a model grading its own answers favours them, so the judge refuses to run when its model
 * is the generator's model (the model client enforces the reversed provider chain too; this is the judge's
 * own guard, with its own error, for clients built elsewhere).
 */
import type { ChatClient } from '../llm/types.js';
import type { PromptTemplate } from './prompt-template.js';
import { type Verdict } from './rubric.js';
import type { Judge, JudgeVerdict } from './types.js';
/** How to build a model judge. */
export interface ModelJudgeOptions {
    /** The judge's chat client (role `judge`). */
    client: ChatClient;
    /** The answer template (see `loadJudgePromptTemplate`). */
    template: PromptTemplate;
    /** The generator's model: the judge refuses to be it. */
    generatorModel?: string;
    /** Accept a judge that is its generator's model (biased). Default false. */
    allowSameModel?: boolean;
    /** Sampling temperature. Default 0 (the most repeatable verdicts). */
    temperature?: number;
    /** Output token cap. Default 800. */
    maxTokens?: number;
}
/** Defaults of {@link ModelJudgeOptions}' optional knobs. */
export declare const DEFAULT_MODEL_JUDGE_OPTIONS: {
    readonly allowSameModel: false;
    readonly temperature: 0;
    readonly maxTokens: 800;
};
/** Turns a parsed model verdict into the recorded shape (criterion names to camelCase fields). */
export declare function verdictToJudgement(verdict: Verdict, model: string): JudgeVerdict;
/**
 * Builds a model judge. Throws {@link JudgeSameModelError} when `client.model === generatorModel` and
 * `allowSameModel` is not set.
 */
export declare function createModelJudge(options: ModelJudgeOptions): Judge;
