/**
 * Query rewriting: a multi-turn conversation's latest message becomes a standalone search query.
 *
 * With a rewriter model: one call through the `rewrite` template. Without one: the deterministic rule
 * below, which is what the offline sample runs.
 *
 * **The deterministic rule.** A follow-up *refers back* when it holds a pronoun or demonstrative (`it`,
 * `its`, `that`, `this`, `they`, `them`, `their`, `these`, `those`, `there`, `one`), opens elliptically
 * (`and ...`, `what about ...`, `how about ...`, `what if ...`, `also ...`, `same for ...`), or has at most two
 * content words. A follow-up that refers back gets the content words of the latest prior USER turn appended
 * (words it already has, by stem, are not repeated). For an elliptical follow-up that swaps one modifier for
 * another ("What about the Enterprise plan?" after "How many seats does the Team plan include?") the prior
 * turn's word right before a shared word (`Team` before `plan`) is the one being replaced and is dropped:
 * -> "What about the Enterprise plan? many seats include". A follow-up that does not refer back, or a case
 * without a prior user turn, is used as it is.
 */
import type { Turn } from '../cases/schema.js';
import type { ChatClient, ChatResult } from '../llm/types.js';
import { type PromptTemplate } from './prompt.js';
/** Whether a follow-up refers back to an earlier turn (see the module doc). */
export declare function refersBack(followUp: string): boolean;
/** The deterministic rewrite (see the module doc). Returns `query` unchanged when no rewrite applies. */
export declare function rewriteDeterministic(query: string, history: readonly Turn[]): string;
/** A rewrite and the model call it took, if any. */
export interface RewriteResult {
    query: string;
    /** `model` when the rewriter answered, `deterministic` otherwise, `none` when there was no history. */
    method: 'model' | 'deterministic' | 'none';
    call?: ChatResult;
}
/**
 * Rewrites `query` given `history`: no history -> unchanged; a rewriter client -> one call through the
 * `rewrite` template (its first non-empty line is the query, without a `Query:` label or quotes; an empty or
 * declining reply falls back to the deterministic rule); otherwise the deterministic rule.
 */
export declare function rewriteQuery(query: string, history: readonly Turn[], options?: {
    rewriter?: ChatClient;
    template?: PromptTemplate;
    caseId?: string;
    trial?: number;
}): Promise<RewriteResult>;
