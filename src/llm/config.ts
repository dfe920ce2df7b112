/**
 * The `models` configuration: provider chains for the generator, judge and embedder, prices, retry policy,
 * cache and spend settings. Validated once at the edge by {@link parseModelConfig}.
 */
import { z } from 'zod'
import { CacheModeSchema } from './cache.ts'
import { prettifyIssuesOneLine } from '../shared/problems/zod-problems.ts'
import { ModelConfigError } from './errors.ts'
import { PriceTableSchema } from './pricing.ts'
import { ProviderChainSchema } from './providers.ts'
import { RetryOptionsSchema } from './retry.ts'

/** The `models` section of the harness config. Every part is optional; absent means "offline". */
export const ModelConfigSchema = z.strictObject({
  /** The answering model's chain (first answers, later ones are fallbacks). */
  generator: z.strictObject({ chain: ProviderChainSchema }).optional(),
  /** The judge; `{}` uses the generator chain reversed (minus the generator's model). Absent: no model judge. */
  judge: z
    .strictObject({
      chain: ProviderChainSchema.optional(),
      /** Accept a judge that grades its own model's answers. Default false. */
      allowSameModel: z.boolean().optional(),
    })
    .optional(),
  /** The embedding model's chain; `dimensions` is sent when set (models that support shortening). */
  embedder: z
    .strictObject({
      chain: ProviderChainSchema,
      dimensions: z.number().int().positive().optional(),
      batchSize: z.number().int().positive().optional(),
    })
    .optional(),
  /** Prices in USD per million tokens, merged over the built-in table. */
  prices: PriceTableSchema.optional(),
  retry: RetryOptionsSchema.optional(),
  /** Hard spend limit per run, USD. Default: none. */
  spendLimitUsd: z.number().nonnegative().optional(),
  /** Cache directory (relative to the project root). Default {@link defaultCacheDir}. */
  cacheDir: z.string().min(1).optional(),
  cacheMode: CacheModeSchema.optional(),
})
/** See {@link ModelConfigSchema}. */
export type ModelConfig = z.infer<typeof ModelConfigSchema>

/** Default cache directory, relative to the project root; commit it to let CI replay offline. */
export const defaultCacheDir = '.vitest-rag/cache'

/** Validates `input` as a {@link ModelConfig}, or throws {@link ModelConfigError} listing every problem. */
export function parseModelConfig(input: unknown): ModelConfig {
  const result = ModelConfigSchema.safeParse(input ?? {})
  if (result.success) return result.data
  throw new ModelConfigError(prettifyIssuesOneLine(result.error))
}
