import { type PriceTable } from './pricing.js';
/** Output tokens assumed for the worst case when a request sets no `maxTokens`. */
export declare const defaultWorstCaseOutputTokens = 4096;
/** A reservation handle returned by {@link SpendLedger.reserve}. */
export interface SpendReservation {
    readonly amountUsd: number;
}
/** Running totals of a ledger. */
export interface SpendSnapshot {
    /** USD actually spent (sum of real costs of completed network calls). */
    spentUsd: number;
    /** USD reserved by calls in flight. */
    reservedUsd: number;
    /** The hard limit, or `Infinity` when none. */
    limitUsd: number;
    /** USD not spent thanks to the cache (original cost of cached answers). */
    savedUsd: number;
}
/** Shared spend state: spent, reserved (in flight), saved, and the hard limit. */
export declare class SpendLedger {
    readonly limitUsd: number;
    private spent;
    private reserved;
    private saved;
    /** `limitUsd`: hard limit per run in USD; `Infinity` (default) for none. */
    constructor(limitUsd?: number);
    /** Reserves `worstCaseUsd` or throws {@link SpendLimitError} (describing the call as `what`). */
    reserve(worstCaseUsd: number, what: string): SpendReservation;
    /** Releases a reservation and records the real cost (0 when the call failed before being billed). */
    settle(reservation: SpendReservation, actualUsd: number): void;
    /** Records the original cost of an answer served from the cache. */
    recordSaved(originalUsd: number): void;
    /** The current totals. */
    snapshot(): SpendSnapshot;
}
/**
 * Worst-case cost of one chat call: estimatePromptTokens(promptChars) input tokens + `maxTokens` output tokens
 * at the model's price. Throws {@link UnpricedModelError} for an unpriced model.
 * Example: 4000 chars, maxTokens 1000, $0.15/$0.60 -> 1000 * 0.15e-6 + 1000 * 0.6e-6 = $0.00075.
 */
export declare function worstCaseCost(model: string, promptChars: number, maxTokens: number, prices: PriceTable): number;
/** One planned call for {@link estimateRunCost}. */
export interface PlannedCall {
    model: string;
    promptChars: number;
    maxTokens: number;
}
/** A dry-run estimate: total worst-case USD, and per model. */
export interface RunCostEstimate {
    totalUsd: number;
    calls: number;
    byModel: Record<string, {
        calls: number;
        usd: number;
    }>;
}
/** Dry-run estimator: the worst-case cost of a planned run (no network). Unpriced models throw. */
export declare function estimateRunCost(plan: {
    calls: PlannedCall[];
}, prices: PriceTable): RunCostEstimate;
/** Refuses to start ({@link EstimatedSpendTooHighError}) when the estimate exceeds the limit. */
export declare function assertEstimateWithinLimit(estimate: RunCostEstimate, limitUsd: number): void;
