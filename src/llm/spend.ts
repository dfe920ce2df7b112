/**
 * The run's hard spend limit. One {@link SpendLedger} is shared by every client in a process: before each
 * network call the worst-case cost (estimated prompt tokens + the full max output tokens) is reserved; the
 * call is refused with {@link SpendLimitError} if the reservation does not fit in what is left. After the
 * call the reservation is replaced by the real cost. Cached answers cost nothing and reserve nothing.
 */
import { EstimatedSpendTooHighError, SpendLimitError } from './errors.ts'
import { costOf, estimatePromptTokens, priceOf, type PriceTable } from './pricing.ts'

/** Output tokens assumed for the worst case when a request sets no `maxTokens`. */
export const defaultWorstCaseOutputTokens = 4096

/** A reservation handle returned by {@link SpendLedger.reserve}. */
export interface SpendReservation {
  readonly amountUsd: number
}

/** Running totals of a ledger. */
export interface SpendSnapshot {
  /** USD actually spent (sum of real costs of completed network calls). */
  spentUsd: number
  /** USD reserved by calls in flight. */
  reservedUsd: number
  /** The hard limit, or `Infinity` when none. */
  limitUsd: number
  /** USD not spent thanks to the cache (original cost of cached answers). */
  savedUsd: number
}

/** Shared spend state: spent, reserved (in flight), saved, and the hard limit. */
export class SpendLedger {
  readonly limitUsd: number
  private spent = 0
  private reserved = 0
  private saved = 0

  /** `limitUsd`: hard limit per run in USD; `Infinity` (default) for none. */
  constructor(limitUsd = Number.POSITIVE_INFINITY) {
    this.limitUsd = limitUsd
  }

  /** Reserves `worstCaseUsd` or throws {@link SpendLimitError} (describing the call as `what`). */
  reserve(worstCaseUsd: number, what: string): SpendReservation {
    // A tiny epsilon so a run priced exactly at its limit is allowed despite float rounding.
    if (this.spent + this.reserved + worstCaseUsd > this.limitUsd + 1e-12) {
      throw new SpendLimitError(this.limitUsd, this.spent, this.reserved, worstCaseUsd, what)
    }
    this.reserved += worstCaseUsd
    return { amountUsd: worstCaseUsd }
  }

  /** Releases a reservation and records the real cost (0 when the call failed before being billed). */
  settle(reservation: SpendReservation, actualUsd: number): void {
    this.reserved = Math.max(0, this.reserved - reservation.amountUsd)
    this.spent += actualUsd
  }

  /** Records the original cost of an answer served from the cache. */
  recordSaved(originalUsd: number): void {
    this.saved += originalUsd
  }

  /** The current totals. */
  snapshot(): SpendSnapshot {
    return { spentUsd: this.spent, reservedUsd: this.reserved, limitUsd: this.limitUsd, savedUsd: this.saved }
  }
}

/**
 * Worst-case cost of one chat call: estimatePromptTokens(promptChars) input tokens + `maxTokens` output tokens
 * at the model's price. Throws {@link UnpricedModelError} for an unpriced model.
 * Example: 4000 chars, maxTokens 1000, $0.15/$0.60 -> 1000 * 0.15e-6 + 1000 * 0.6e-6 = $0.00075.
 */
export function worstCaseCost(model: string, promptChars: number, maxTokens: number, prices: PriceTable): number {
  return costOf({ inputTokens: estimatePromptTokens(promptChars), outputTokens: maxTokens }, priceOf(model, prices))
}

/** One planned call for {@link estimateRunCost}. */
export interface PlannedCall {
  model: string
  promptChars: number
  maxTokens: number
}

/** Characters the worst-case estimate allows for the note a re-ask adds ("Your reply was not valid: ..."). */
const REASK_NOTE_CHARS = 300

/**
 * The worst case of one `chatJson` request: the ask, then its one re-ask after an unusable reply, which resends
 * the prompt with the reply (at most `maxTokens` tokens, 4 characters each) and a correction note.
 * Example: 1000 prompt chars, maxTokens 200 -> calls of 1000 and 1000 + 800 + 300 = 2100 prompt chars.
 */
export function plannedJsonCalls(model: string, promptChars: number, maxTokens: number): PlannedCall[] {
  return [
    { model, promptChars, maxTokens },
    { model, promptChars: promptChars + maxTokens * 4 + REASK_NOTE_CHARS, maxTokens },
  ]
}

/** A dry-run estimate: total worst-case USD, and per model. */
export interface RunCostEstimate {
  totalUsd: number
  calls: number
  byModel: Record<string, { calls: number; usd: number }>
}

/** Dry-run estimator: the worst-case cost of a planned run (no network). Unpriced models throw. */
export function estimateRunCost(plan: { calls: PlannedCall[] }, prices: PriceTable): RunCostEstimate {
  const byModel: Record<string, { calls: number; usd: number }> = {}
  let totalUsd = 0
  for (const call of plan.calls) {
    const usd = worstCaseCost(call.model, call.promptChars, call.maxTokens, prices)
    const entry = (byModel[call.model] ??= { calls: 0, usd: 0 })
    entry.calls += 1
    entry.usd += usd
    totalUsd += usd
  }
  return { totalUsd, calls: plan.calls.length, byModel }
}

/** Refuses to start ({@link EstimatedSpendTooHighError}) when the estimate exceeds the limit. */
export function assertEstimateWithinLimit(estimate: RunCostEstimate, limitUsd: number): void {
  if (estimate.totalUsd > limitUsd + 1e-12)
    throw new EstimatedSpendTooHighError(estimate.totalUsd, limitUsd, estimate.calls)
}
