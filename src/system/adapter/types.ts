/**
 * The adapter boundary: the one contract between the harness and a system under test.
 *
 * `query + tenant + history in -> answer text, cited sources, retrieved chunks out`. The bundled reference
 * pipeline is one adapter; a user's own chatbot (a TS function or an HTTP endpoint) is another. What the system
 * returns is a zod schema and its inferred type as a pair (`validate-output.ts` validates it at the boundary).
 */
import { z } from 'zod'
import { LocatorSchema, type Turn } from '../../cases/schema.ts'
import type { SourceReference } from '../sources/types.ts'

export type { SourceReference }

/** `retrieval` runs only the retriever (no generation, no model cost); `system` runs the full pipeline. */
export type EvalMode = 'retrieval' | 'system'

/** What the harness sends the system for one golden case. */
export interface SystemInput {
  caseId: string
  query: string
  tenantId: string
  history: Turn[]
  mode: EvalMode
  /** Repetition index for repeated trials (enters model cache keys). Default 0. */
  trial?: number
}

/** Fields every named source shares: {@link SourceReference} (at least one set) and the system's tenant label. */
const referenceFields = {
  /** A harness chunk id, or any id the system uses (then map it). */
  chunkId: z.string().min(1).optional(),
  /** A document id: the harness's, a document key (`billing/seats`, a BEIR `_id`), or the system's own. */
  docId: z.string().min(1).optional(),
  /** A URL whose path ends with a document key. */
  url: z.string().min(1).optional(),
  /** A file path whose end is a document key. */
  path: z.string().min(1).optional(),
  /** A golden-style locator: doc slug + heading, changelog entry, ticket, or document id + span. */
  locator: LocatorSchema.optional(),
  /** The passage text itself (found in a chunk, or as a span of a document). */
  text: z.string().optional(),
  /** 1-based line of a record in the JSON Lines file `path` / `url` names. */
  line: z.number().int().positive().optional(),
  /** The tenant the system believes the item belongs to (checked, never trusted). */
  tenantId: z.string().min(1).optional(),
}

/** Whether a reference names a source at all (one of its fields set; blank text names nothing). */
const namesSource = (r: SourceReference) =>
  r.chunkId !== undefined ||
  r.docId !== undefined ||
  r.url !== undefined ||
  r.path !== undefined ||
  r.locator !== undefined ||
  (r.text ?? '').trim() !== ''
/** The message of an output item that names no source (the validator adds the field it meant, if misspelt). */
export const NAMES_NO_SOURCE = 'names no source: set one of chunkId, docId, url, path, locator or text'
// A fresh object per refine: zod rewrites the params object it is given (a shared one lost its `message`).
const NAME_ONE = () => ({ message: NAMES_NO_SOURCE })

/** The zod form of {@link RetrievedChunk}. */
export const RetrievedChunkSchema = z
  .object({
    ...referenceFields,
    /** The system's score (any scale; only reported). */
    score: z.number().finite().optional(),
  })
  .refine(namesSource, NAME_ONE())

/**
 * One retrieved item as the system ranked it (rank 1 first): any {@link SourceReference} the system knows (a
 * harness chunk id, a document id, URL, path, locator or the passage text). The harness resolves it against its
 * own corpus; `tenantId` is only the system's label, checked against the corpus's truth.
 */
export type RetrievedChunk = z.infer<typeof RetrievedChunkSchema>

/** The zod form of {@link ShownSource}. */
export const ShownSourceSchema = z
  .object({
    ...referenceFields,
    /** The marker `[n]` the generator saw the source under (a whole number >= 1). */
    marker: z.number().int().positive(),
    /** ISO date of the source, when known (conflict rule). */
    date: z.string().optional(),
    /** Version of the source, when known (conflict rule). */
    version: z.string().optional(),
  })
  .refine(namesSource, NAME_ONE())

/**
 * A source shown to the generator under the marker `[marker]`: any {@link SourceReference}, resolved like a
 * retrieved item; `text` is what the generator saw (for citation and faithfulness checks, and a reference of
 * last resort).
 */
export type ShownSource = z.infer<typeof ShownSourceSchema>

/** The zod form of {@link CaseUsage}. */
export const CaseUsageSchema = z.object({
  calls: z.number(),
  cachedCalls: z.number(),
  retries: z.number(),
  inputTokens: z.number(),
  outputTokens: z.number(),
  /** Cost in US dollars. */
  costUsd: z.number(),
  /** Original cost (US dollars) of calls answered from the cache. */
  savedUsd: z.number(),
})

/** Token and cost accounting for the model calls one case made. */
export type CaseUsage = z.infer<typeof CaseUsageSchema>

/** The zod form of {@link SystemOutput}, validated once at the adapter boundary. Unknown fields are allowed (and dropped). */
export const SystemOutputSchema = z.object({
  /** Ranked retrieval results, best first. Required in both modes. */
  retrieved: z.array(RetrievedChunkSchema),
  /** The answer text (system mode). */
  answer: z.string().optional(),
  /** The sources shown to the generator, with their markers (system mode). */
  sources: z.array(ShownSourceSchema).optional(),
  /** Whether the system declined to answer. */
  abstained: z.boolean().optional(),
  /** The system's confidence in its answer, in [0, 1] (for risk-coverage). */
  confidence: z.number().min(0).max(1).optional(),
  /** The standalone query actually used for retrieval (multi-turn rewriting). */
  rewrittenQuery: z.string().optional(),
  usage: CaseUsageSchema.optional(),
})

/** What the system returns for one case (no transforms or defaults: what it writes is what the harness reads). */
export type SystemOutput = z.infer<typeof SystemOutputSchema>

/** A system under test. */
export interface RagAdapter {
  /** Shown in reports. */
  name: string
  run(input: SystemInput): Promise<SystemOutput>
  /** Releases pools, sockets and clients. */
  close?(): Promise<void>
}
