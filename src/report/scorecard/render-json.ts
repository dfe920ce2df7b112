/**
 * The scorecard's JSON form: serialise it, and parse it back refusing an incompatible version. Pure (the
 * file I/O is in `src/report/files/scorecard-file.ts`).
 */
import { z } from 'zod'
import { VersionedFileError } from '../../shared/problems/versioned-file-error.ts'
import { parseVersionedJson } from '../../shared/problems/versioned-json.ts'
import { SCORECARD_VERSION, type Scorecard } from './scorecard.ts'

const MetricGroupSchema = z.object({
  n: z.number(),
  unscored: z.number(),
  failed: z.number(),
  mean: z.record(z.string(), z.number()),
})

const GroupedMetricsSchema = z.looseObject({
  overall: MetricGroupSchema,
  byCaseType: z.record(z.string(), MetricGroupSchema),
  byTenant: z.record(z.string(), MetricGroupSchema).optional(),
  byTag: z.record(z.string(), MetricGroupSchema).optional(),
  byFacet: z.looseObject({}),
})

/**
 * The structural check applied on load: the fields the gate and renderers rely on. Sections not listed are
 * taken as written (they are produced by this module and versioned as a whole).
 */
export const ScorecardSchema = z.looseObject({
  version: z.literal(SCORECARD_VERSION),
  harnessVersion: z.string(),
  mode: z.enum(['retrieval', 'system']),
  goldenSetHash: z.string(),
  corpusFingerprint: z.string(),
  run: z.looseObject({
    cases: z.number(),
    partial: z.boolean(),
    errored: z.number(),
    erroredCaseIds: z.array(z.string()),
    failures: z.array(z.string()).optional(),
  }),
  hard: z.looseObject({
    ran: z.number(),
    passed: z.number(),
    failed: z.number(),
    checks: z.array(z.looseObject({})),
    failures: z.array(z.looseObject({})),
  }),
  retrieval: GroupedMetricsSchema,
  answer: GroupedMetricsSchema.extend({
    judgeKind: z.enum(['heuristic', 'model', 'mixed', 'none']),
    coverage: z.number(),
  }),
  cases: z.record(
    z.string(),
    z.looseObject({
      caseHash: z.string(),
      caseType: z.string(),
      retrieval: z.record(z.string(), z.number()).optional(),
      answer: z.record(z.string(), z.number()).optional(),
    }),
  ),
})

/**
 * The scorecard as JSON, the file `.vitest-rag/<project>/scorecard.json`: 2-space indented, except each entry of
 * `cases`, which is one line (`"<case id>": {...}`). At 20k cases, fully indented entries made a 25 MB file and
 * string; one line per case is a third of that and still diffs case by case. Trailing newline.
 */
export function serializeScorecard(scorecard: Scorecard): string {
  return [...scorecardJsonPieces(scorecard)].join('')
}

/** Case entries per piece of {@link scorecardJsonPieces}: about 0.5 MB of text at a typical 900 bytes an entry. */
const ENTRIES_PER_PIECE = 512

/**
 * {@link serializeScorecard}'s text in pieces, in order (their concatenation is that text): the head up to
 * `cases`, then {@link ENTRIES_PER_PIECE} case entries at a time, then the tail. Why: the report writes the file
 * piece by piece, so a 6,000-case run never holds the 5.5 MB text, its 6,000 entry strings and its UTF-8 copy at
 * once (about 15 MB of the main process's peak).
 */
export function* scorecardJsonPieces(scorecard: Scorecard): Generator<string> {
  const ids = Object.keys(scorecard.cases)
  if (ids.length === 0) {
    yield `${JSON.stringify(scorecard, null, 2)}\n`
    return
  }
  const marker = '"__vitest_rag_cases__"'
  const head = JSON.stringify({ ...scorecard, cases: '__vitest_rag_cases__' }, null, 2)
  const at = head.indexOf(marker)
  yield `${head.slice(0, at)}{\n`
  for (let start = 0; start < ids.length; start += ENTRIES_PER_PIECE) {
    const entries = ids
      .slice(start, start + ENTRIES_PER_PIECE)
      .map((id) => `    ${JSON.stringify(id)}: ${JSON.stringify(scorecard.cases[id])}`)
    yield `${start > 0 ? ',\n' : ''}${entries.join(',\n')}`
  }
  yield `\n  }${head.slice(at + marker.length)}\n`
}

/**
 * Parses a scorecard from JSON text. `source` names it in errors (a path).
 * @throws VersionedFileError (`VITEST_RAG_SCORECARD_FORMAT`) when the text is not JSON or lacks the
 * scorecard's fields, (`VITEST_RAG_SCORECARD_VERSION`) when its `version` is not {@link SCORECARD_VERSION}.
 */
export function parseScorecard(text: string, source = 'scorecard'): Scorecard {
  const read = parseVersionedJson(text, ScorecardSchema, SCORECARD_VERSION)
  if (!read.ok) throw new VersionedFileError('scorecard', source, read)
  return read.json as Scorecard
}
