/**
 * Validates what an adapter returns, once, at the boundary: a user's chatbot may return anything, and a
 * malformed output must fail its case with a message naming the field, not crash a metric later.
 */
import { z } from 'zod'
import { LocatorSchema } from '../cases/schema.ts'
import { describeIssue } from '../problems/zod-problems.ts'
import { InvalidSystemOutputError } from './errors.ts'
import type { SystemOutput } from './types.ts'

const reference = {
  chunkId: z.string().min(1).optional(),
  docId: z.string().min(1).optional(),
  url: z.string().min(1).optional(),
  path: z.string().min(1).optional(),
  locator: LocatorSchema.optional(),
  text: z.string().optional(),
  tenantId: z.string().min(1).optional(),
}

const named = (r: { chunkId?: string; docId?: string; url?: string; path?: string; locator?: unknown; text?: string }) =>
  r.chunkId !== undefined || r.docId !== undefined || r.url !== undefined || r.path !== undefined || r.locator !== undefined || (r.text ?? '').trim() !== ''
const NAME_ONE = { message: 'names no source: set one of chunkId, docId, url, path, locator or text' }

/** The zod form of {@link SystemOutput}. Unknown fields are allowed (and ignored). */
export const SystemOutputSchema = z.object({
  retrieved: z.array(z.object({ ...reference, score: z.number().finite().optional() }).refine(named, NAME_ONE)),
  answer: z.string().optional(),
  sources: z
    .array(
      z
        .object({
          ...reference,
          marker: z.number().int().positive(),
          date: z.string().optional(),
          version: z.string().optional(),
        })
        .refine(named, NAME_ONE),
    )
    .optional(),
  abstained: z.boolean().optional(),
  confidence: z.number().min(0).max(1).optional(),
  rewrittenQuery: z.string().optional(),
  usage: z
    .object({
      calls: z.number(),
      cachedCalls: z.number(),
      retries: z.number(),
      inputTokens: z.number(),
      outputTokens: z.number(),
      costUsd: z.number(),
      savedUsd: z.number(),
    })
    .optional(),
})

/** Returns `value` as a {@link SystemOutput}, or throws naming every bad field and the adapter. */
export function validateSystemOutput(value: unknown, adapterName: string): SystemOutput {
  const parsed = SystemOutputSchema.safeParse(value)
  if (parsed.success) return parsed.data as SystemOutput
  const lines = parsed.error.issues.map((issue) => `  ${describeIssue(issue, '(output)')}`)
  throw new InvalidSystemOutputError(
    `vitest-rag: adapter "${adapterName}" returned an invalid output:\n${lines.join('\n')}\n` +
      '(expected { retrieved: [{ chunkId | docId | url | path | locator | text, tenantId?, score? }], answer?, sources?: [{ marker, chunkId | docId | ... }], abstained?, confidence? }; see docs/adapters.md)',
  )
}
