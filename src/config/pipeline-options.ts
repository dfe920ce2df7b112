/** The options of the reference pipeline, a part of the `ragEval` options (src/config/schema.ts). */
import { z } from 'zod'

/**
 * Options of the reference pipeline (used when `adapter` is `reference`). Its retrieval depth is `search.k`;
 * its prompt templates come from `prompts`.
 */
export const PipelineOptionsSchema = z
  .object({
    /** Name shown in reports. Default `reference` (`reference-extractive` without a generator model). */
    name: z.string().min(1).optional(),
    /** How many top chunks are shown to the generator as sources `[1]..[n]`. Default 3. */
    maxSources: z.number().int().positive().optional(),
    /** Output token cap of the answer call. Default 400. */
    maxTokens: z.number().int().positive().optional(),
    /** The confidence gate that decides to abstain; every score is a ratio in [0, 1]. */
    gate: z
      .object({
        /** Abstain when the best chunk's query-term coverage is below this. Default 0.55. */
        minTopScore: z.number().min(0).max(1).optional(),
        /** Abstain when the best coverage beats the runner-up's by less than this. Default 0 (off). */
        minMargin: z.number().min(0).max(1).optional(),
        /** How many top retrieved chunks the gate looks at. Default 5. */
        lookahead: z.number().int().positive().optional(),
      })
      .strict()
      .optional(),
    /** The offline extractive generator (used when no generator model is configured). */
    extractive: z
      .object({
        /** Most sentences in an answer (before the conflict note). Default 2. */
        maxSentences: z.number().int().positive().optional(),
        /** A sentence needs at least this score (in [0, 1]) to be used; none reaching it -> abstain. Default 0.4. */
        minSentenceScore: z.number().min(0).max(1).optional(),
        /** Extra sentences need at least this fraction of the best sentence's score. Default 0.75. */
        relativeFloor: z.number().min(0).max(1).optional(),
        /** Credit in [0, 1] for a query term found only in the source's title or heading path. Default 0.5. */
        headingCredit: z.number().min(0).max(1).optional(),
        /** A sentence at least this relevant takes part in the conflict check. Default 0.3. */
        minConflictScore: z.number().min(0).max(1).optional(),
      })
      .strict()
      .optional(),
  })
  .strict()
/** Options of the reference pipeline. */
export type PipelineOptions = z.infer<typeof PipelineOptionsSchema>
