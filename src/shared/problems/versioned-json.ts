/**
 * The one reader of versioned JSON artifacts (scorecard, baseline, calibration record): JSON, then an object,
 * then the `version` field, then the schema, reporting EVERY schema issue (not only the first), so a
 * hand-edited file is fixed in one pass. Pure: callers read the file and wrap a failure in an error
 * (`VersionedFileError` for the baseline and the scorecard).
 */
import type { z } from 'zod'
import { describeIssues } from './zod-problems.ts'

/** Why {@link parseVersionedJson} could not read a file. */
export type VersionedJsonFailure =
  /** Not JSON, not an object, or not the schema's shape; `detail` lists every issue. */
  | { kind: 'format'; detail: string }
  /** A `version` other than the `expected` one (another harness version wrote it). */
  | { kind: 'version'; found: unknown; expected: number }

/** The outcome of {@link parseVersionedJson}. */
export type VersionedJson<T> = { ok: true; json: unknown; data: T } | ({ ok: false } & VersionedJsonFailure)

/**
 * Parses `text` as a JSON object of `expectedVersion` validated by `schema`. `json` is the value as read
 * (callers that keep unknown fields use it), `data` the schema's output.
 */
export function parseVersionedJson<T>(text: string, schema: z.ZodType<T>, expectedVersion: number): VersionedJson<T> {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    return { ok: false, kind: 'format', detail: `not JSON (${(error as Error).message})` }
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json))
    return { ok: false, kind: 'format', detail: 'not a JSON object' }
  const found = (json as { version?: unknown }).version
  if (found !== expectedVersion) return { ok: false, kind: 'version', found, expected: expectedVersion }
  const parsed = schema.safeParse(json)
  if (!parsed.success) return { ok: false, kind: 'format', detail: describeIssues(parsed.error.issues) }
  return { ok: true, json, data: parsed.data }
}
