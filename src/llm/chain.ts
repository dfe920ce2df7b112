/**
 * One call through a provider chain: per provider, check the API key, reserve the worst-case spend, then
 * attempt through the process-wide limiter with our retries; on exhausted retries fall back to the next
 * provider (counted); on a non-retryable failure stop. Shared by the chat and embedding clients.
 */
import type OpenAI from 'openai'
import { VitestRagError, withoutPrefix } from '../shared/util/errors.ts'
import { LlmError, MissingApiKeyError, ProviderChainError } from './errors.ts'
import { providerLimiter } from './limiter.ts'
import { costOf, priceOf, type PriceTable } from './pricing.ts'
import { defaultProviderLimits, type Provider } from './providers.ts'
import { redactSecrets } from './redact.ts'
import { RetriesExhaustedError, withRetries, type RetryOptions } from './retry.ts'
import type { SpendLedger } from './spend.ts'
import type { ProviderStats, StatsRecorder } from './stats.ts'

/** Environment variables, read by name at call time (never copied into any object). */
export type Env = Record<string, string | undefined>

/** Everything a chain call needs; built once per client. */
export interface ChainContext {
  role: string
  chain: readonly Provider[]
  ledger: SpendLedger
  prices: PriceTable
  /** Reads an env var by name at call time; a function so no serialised object ever holds a key. */
  readEnv: (name: string) => string | undefined
  retry: Required<Omit<RetryOptions, 'seed'>>
  random: () => number
  recorder: StatsRecorder
}

/** What one attempt returns: the parsed value and the billed usage. */
export interface AttemptOutcome<T> {
  value: T
  usage: { inputTokens: number; outputTokens: number }
}

/** A successful chain call. */
export interface ChainOutcome<T> extends AttemptOutcome<T> {
  provider: Provider
  costUsd: number
  retries: number
  latencyMs: number
}

/** A safe, redacted one-line description of an SDK error. */
export function describeError(error: unknown, secrets: readonly (string | undefined)[]): string {
  const text =
    error instanceof Error
      ? `${error.name}: ${error instanceof VitestRagError ? withoutPrefix(error.message) : error.message}`
      : String(error)
  return redactSecrets(text, secrets).slice(0, 500)
}

/** An upstream failure that is not retried (400, 401, 404, ...), redacted. */
export class ProviderRequestError extends LlmError {
  readonly status: number | undefined
  constructor(provider: string, detail: string, status: number | undefined) {
    super(
      'VITEST_RAG_PROVIDER_REQUEST',
      `provider "${provider}" refused the request (${status ?? 'no status'}): ${detail}. ` +
        'Check the model id, base URL and key for this provider.',
    )
    this.status = status
  }
}

let openAiSdk: Promise<typeof OpenAI> | undefined

/**
 * The `openai` SDK's client class, loaded at the first model call: a run without models (the default, offline)
 * never loads the SDK's hundred-odd modules, in the main process or in a worker.
 */
export function loadOpenAi(): Promise<typeof OpenAI> {
  return (openAiSdk ??= import('openai').then((m) => m.default))
}

/** The SDK client of one call to `provider` (no SDK retries: `withRetries` owns them). */
function openAiClient(OpenAiSdk: typeof OpenAI, provider: Provider, apiKey: string): OpenAI {
  return new OpenAiSdk({
    apiKey,
    baseURL: provider.baseURL,
    maxRetries: 0,
    timeout: provider.timeoutMs ?? defaultProviderLimits.timeoutMs,
    ...(provider.headers ? { defaultHeaders: provider.headers } : {}),
  })
}

/** Adds one answered call to its provider's statistics. */
function recordCall(
  stats: ProviderStats,
  usage: { inputTokens: number; outputTokens: number },
  latencyMs: number,
  costUsd: number,
): void {
  stats.calls += 1
  stats.inputTokens += usage.inputTokens
  stats.outputTokens += usage.outputTokens
  stats.latencyMs += latencyMs
  stats.costUsd += costUsd
}

/**
 * Calls `attempt` on the chain's providers in order. `worstCaseUsd(provider)` is reserved before the first
 * attempt on each provider; the real cost replaces it after. Throws {@link SpendLimitError},
 * {@link MissingApiKeyError}, {@link ProviderRequestError} or {@link ProviderChainError}.
 */
export async function callChain<T>(
  context: ChainContext,
  what: string,
  worstCaseUsd: (provider: Provider) => number,
  attempt: (sdk: OpenAI, provider: Provider) => Promise<AttemptOutcome<T>>,
): Promise<ChainOutcome<T>> {
  const failures: string[] = []
  const OpenAiSdk = await loadOpenAi()
  for (const [index, provider] of context.chain.entries()) {
    const price = priceOf(provider.model, context.prices)
    const apiKey = context.readEnv(provider.apiKeyEnv)
    if (apiKey === undefined || apiKey === '') throw new MissingApiKeyError(provider.name, provider.apiKeyEnv)
    const stats = context.recorder.of(provider.name)
    const reservation = context.ledger.reserve(
      worstCaseUsd(provider),
      `${what} on ${provider.name} (${provider.model})`,
    )
    const limiter = providerLimiter(provider.name, {
      concurrency: provider.concurrency ?? defaultProviderLimits.concurrency,
      requestsPerMinute: provider.requestsPerMinute,
    })
    // A fresh SDK client per call: the key lives only in this call, never on a long-lived object.
    const sdk = openAiClient(OpenAiSdk, provider, apiKey)
    const started = performance.now()
    let retries = 0
    try {
      const outcome = await withRetries(
        () => limiter.run(() => attempt(sdk, provider)),
        context.retry,
        context.random,
        (cause) => {
          retries += 1
          stats.retries[cause] += 1
        },
        (error) => describeError(error, [apiKey]),
        OpenAiSdk,
      )
      const latencyMs = performance.now() - started
      const costUsd = costOf(outcome.usage, price)
      context.ledger.settle(reservation, costUsd)
      recordCall(stats, outcome.usage, latencyMs, costUsd)
      return { ...outcome, provider, costUsd, retries, latencyMs }
    } catch (error) {
      context.ledger.settle(reservation, 0)
      stats.failures += 1
      if (error instanceof RetriesExhaustedError) {
        failures.push(`${provider.name}: ${withoutPrefix(error.message)}`)
        if (index < context.chain.length - 1) stats.fallbacks += 1
        continue
      }
      if (error instanceof LlmError) throw error
      const status = error instanceof OpenAiSdk.APIError ? error.status : undefined
      throw new ProviderRequestError(provider.name, describeError(error, [apiKey]), status)
    }
  }
  throw new ProviderChainError(context.role, failures)
}
