/**
 * The golden parser's fast path: a line in the plain shape most golden sets are written in (required fields,
 * literal `must_contain`, document locators, facets; no history, concepts, known failures or weighted literals)
 * is checked and built here, into exactly the case `GoldenCaseSchema` returns for it (the same fields, values
 * and key order). Anything else, and any line the schema would refuse, returns undefined and goes through the
 * schema, which stays the definition and the one source of problems: its messages are unchanged.
 *
 * Why: the schema cost about 0.2 s and 15 MB of the main process's peak for a 6,078-case golden file (measured
 * 2026-12-02: 235 ms against JSON.parse's 25 ms), before any case can start. Pure.
 */
import {
  ABSTAIN_CASE_TYPES,
  CASE_ID_PATTERN,
  CaseStatusSchema,
  CaseTypeSchema,
  DynamismSchema,
  FACET_DEFAULTS,
  GOLDEN_CASE_FIELDS,
  PopularitySchema,
  QuestionTypeSchema,
  type CaseType,
  type GoldenCase,
} from './schema.ts'

type Json = Record<string, unknown>

/**
 * The fields the fast path reads and builds, named here rather than taken from the schema: a field added to the
 * schema later is not among them, so a line that has it goes through the schema instead of losing it here.
 * `history` and `should_contain` only when empty; the schema's other fields (`known_failures`, `concepts`)
 * always send the line to the schema.
 */
export const PLAIN_CASE_FIELDS: readonly string[] = [
  'case_id',
  'case_type',
  'tenant_id',
  'query',
  'history',
  'expected_sources',
  'reference_answer',
  'must_contain',
  'should_contain',
  'forbidden_text',
  'notes',
  'answerable',
  'question_type',
  'popularity',
  'dynamism',
  'tags',
  'synthetic',
  'status',
  'cluster',
  'language',
]
const FIELDS: ReadonlySet<string> = new Set(PLAIN_CASE_FIELDS)
const CASE_TYPES: ReadonlySet<string> = new Set(CaseTypeSchema.options)
const QUESTION_TYPES: ReadonlySet<string> = new Set(QuestionTypeSchema.options)
const POPULARITY: ReadonlySet<string> = new Set(PopularitySchema.options)
const DYNAMISM: ReadonlySet<string> = new Set(DynamismSchema.options)
const STATUS: ReadonlySet<string> = new Set(CaseStatusSchema.options)

/** Marks a value the fast path does not take: the line goes through the schema. */
const NOT_PLAIN = Symbol('not plain')
type Maybe<T> = T | typeof NOT_PLAIN

const isPlainObject = (v: unknown): v is Json =>
  v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype

/** The schema's trimmed non-empty string (`z.string().trim().min(1)`): the trimmed text. */
function trimmed(v: unknown): Maybe<string> {
  if (typeof v !== 'string') return NOT_PLAIN
  const text = v.trim()
  return text === '' ? NOT_PLAIN : text
}

/** A list of trimmed non-empty strings; absent is the empty list (the schema's `.default([])`). */
function literals(v: unknown): Maybe<string[]> {
  if (v === undefined) return []
  if (!Array.isArray(v)) return NOT_PLAIN
  const out: string[] = []
  for (const item of v) {
    const text = trimmed(item)
    if (text === NOT_PLAIN) return NOT_PLAIN
    out.push(text)
  }
  return out
}

/** Only the fields a locator kind has, each of them well formed (the document kind's span goes to the schema). */
function locator(v: unknown): Maybe<Json> {
  if (!isPlainObject(v)) return NOT_PLAIN
  const keys = Object.keys(v)
  const field = v.kind === 'doc' ? 'slug' : v.kind === 'changelog' ? 'entry' : v.kind === 'ticket' ? 'ticket' : 'id'
  if (v.kind !== 'doc' && v.kind !== 'changelog' && v.kind !== 'ticket' && v.kind !== 'document') return NOT_PLAIN
  const value = trimmed(v[field])
  if (value === NOT_PLAIN) return NOT_PLAIN
  const out: Json = { kind: v.kind, [field]: value }
  let known = 2
  if (v.kind === 'doc' && 'heading' in v) {
    const heading = trimmed(v.heading)
    if (heading === NOT_PLAIN) return NOT_PLAIN
    out.heading = heading
    known = 3
  }
  return keys.length === known ? out : NOT_PLAIN
}

/** Expected sources: `{ locator, grade (0-3, default 3), tenant? }` each. */
function expectedSources(v: unknown): Maybe<Json[]> {
  if (v === undefined) return []
  if (!Array.isArray(v)) return NOT_PLAIN
  const out: Json[] = []
  for (const item of v) {
    if (!isPlainObject(item)) return NOT_PLAIN
    const where = locator(item.locator)
    if (where === NOT_PLAIN) return NOT_PLAIN
    const grade = item.grade === undefined ? 3 : item.grade
    if (typeof grade !== 'number' || !Number.isInteger(grade) || grade < 0 || grade > 3) return NOT_PLAIN
    const source: Json = { locator: where, grade }
    let known = 'grade' in item ? 2 : 1
    if ('tenant' in item) {
      const tenant = trimmed(item.tenant)
      if (tenant === NOT_PLAIN) return NOT_PLAIN
      source.tenant = tenant
      known += 1
    }
    if (Object.keys(item).length !== known) return NOT_PLAIN
    out.push(source)
  }
  return out
}

/**
 * An optional field: absent stays absent; present, `read` gives what the case holds (the value itself, a trimmed
 * text, a list of literals), or NOT_PLAIN, which sends the line to the schema (false).
 */
function optional(json: Json, out: Json, key: string, read: (v: unknown) => Maybe<unknown>): boolean {
  if (!(key in json)) return true
  const value = read(json[key])
  if (value === NOT_PLAIN) return false
  out[key] = value
  return true
}

/** The value itself when it passes `ok`. */
const kept =
  (ok: (v: unknown) => boolean) =>
  (v: unknown): Maybe<unknown> =>
    ok(v) ? v : NOT_PLAIN
const inSet = (set: ReadonlySet<string>) => kept((v) => typeof v === 'string' && set.has(v))
const aBoolean = kept((v) => typeof v === 'boolean')
const aString = kept((v) => typeof v === 'string')
const aQuestionType = inSet(QUESTION_TYPES)
const aPopularity = inSet(POPULARITY)
const aDynamism = inSet(DYNAMISM)
const aStatus = inSet(STATUS)

/** The required fields and the defaulted lists, in the schema's order; NOT_PLAIN when one is not plain. */
function requiredFields(json: Json): Maybe<Json> {
  const id = json.case_id
  if (typeof id !== 'string' || !CASE_ID_PATTERN.test(id)) return NOT_PLAIN
  const type = json.case_type
  if (typeof type !== 'string' || !CASE_TYPES.has(type)) return NOT_PLAIN
  const tenant = trimmed(json.tenant_id)
  const query = trimmed(json.query)
  // History, weighted literals, known failures and concepts (when present and not empty) take the schema.
  const history = json.history === undefined || (Array.isArray(json.history) && json.history.length === 0)
  const should =
    json.should_contain === undefined || (Array.isArray(json.should_contain) && !json.should_contain.length)
  if (tenant === NOT_PLAIN || query === NOT_PLAIN || !history || !should) return NOT_PLAIN
  if (json.known_failures !== undefined || json.concepts !== undefined) return NOT_PLAIN
  const sources = expectedSources(json.expected_sources)
  const reference = json.reference_answer === undefined ? '' : json.reference_answer
  const mustContain = literals(json.must_contain)
  const forbidden = literals(json.forbidden_text)
  if (sources === NOT_PLAIN || typeof reference !== 'string') return NOT_PLAIN
  if (mustContain === NOT_PLAIN || forbidden === NOT_PLAIN) return NOT_PLAIN
  return {
    case_id: id,
    case_type: type,
    tenant_id: tenant,
    query,
    history: [],
    expected_sources: sources,
    reference_answer: reference,
    must_contain: mustContain,
    should_contain: [],
    forbidden_text: forbidden,
  }
}

/**
 * The case `GoldenCaseSchema.parse(json)` returns, when `json` is a plain case the schema accepts (see the file
 * comment); undefined otherwise, for the schema to parse and report.
 */
export function plainGoldenCase(json: unknown): GoldenCase | undefined {
  if (!isPlainObject(json)) return undefined
  for (const key of Object.keys(json)) if (!FIELDS.has(key)) return undefined
  const c = requiredFields(json)
  if (c === NOT_PLAIN) return undefined
  const ok =
    optional(json, c, 'notes', aString) &&
    optional(json, c, 'answerable', aBoolean) &&
    optional(json, c, 'question_type', aQuestionType) &&
    optional(json, c, 'popularity', aPopularity) &&
    optional(json, c, 'dynamism', aDynamism) &&
    optional(json, c, 'tags', literals) &&
    optional(json, c, 'synthetic', aBoolean) &&
    optional(json, c, 'status', aStatus) &&
    optional(json, c, 'cluster', trimmed) &&
    optional(json, c, 'language', trimmed)
  if (!ok || breaksARule(c)) return undefined
  // The schema's transform: must_contain as written (all literals), then the facets' defaults.
  const type = c.case_type as CaseType
  return {
    ...c,
    answerable: (c.answerable as boolean | undefined) ?? !ABSTAIN_CASE_TYPES.has(type),
    question_type: c.question_type ?? FACET_DEFAULTS.question_type,
    popularity: c.popularity ?? FACET_DEFAULTS.popularity,
    dynamism: c.dynamism ?? FACET_DEFAULTS.dynamism,
  } as GoldenCase
}

/** True when one of the schema's cross-field rules (its `superRefine`) fails: the schema reports it. */
function breaksARule(c: Json): boolean {
  const type = c.case_type as CaseType
  const sources = c.expected_sources as Array<{ grade: number }>
  const graded = sources.some((s) => s.grade > 0)
  const answerable = (c.answerable as boolean | undefined) ?? !ABSTAIN_CASE_TYPES.has(type)
  if (ABSTAIN_CASE_TYPES.has(type) && (graded || answerable)) return true
  if (type === 'cross_tenant' && (c.forbidden_text as string[]).length === 0) return true
  // The fast path takes no history, so a multi-turn case always has the schema's verdict.
  if (type === 'multi_turn') return true
  return answerable && !graded
}

/** The case's fields in sorted order: the order canonical JSON lists them in. */
const SORTED_FIELDS: readonly string[] = [...GOLDEN_CASE_FIELDS].sort()
/** A locator's fields in sorted order. */
const SORTED_LOCATOR_FIELDS = ['entry', 'heading', 'id', 'kind', 'slug', 'ticket'] as const

/** A copy of `from` with its present `keys`, in the order given. */
function inOrder(from: Json, keys: readonly string[]): Json {
  const out: Json = {}
  for (const key of keys) if (from[key] !== undefined) out[key] = from[key]
  return out
}

/**
 * `canonicalJson(c)` for a case {@link plainGoldenCase} built (and only for one): a copy with every object's
 * keys in sorted order (the case, its sources, their locators; its other values are strings, booleans and lists
 * of strings), written by `JSON.stringify` without a replacer, which is several times faster than the
 * replacer's call per value (and than a key list, which also takes the engine's slow path).
 */
export function plainCaseCanonicalJson(c: GoldenCase): string {
  const sorted = inOrder(c as unknown as Json, SORTED_FIELDS)
  sorted.expected_sources = (c.expected_sources as unknown as Json[]).map((source) => {
    const copy = inOrder(source, ['grade', 'locator', 'tenant'])
    copy.locator = inOrder(source.locator as Json, SORTED_LOCATOR_FIELDS)
    return copy
  })
  return JSON.stringify(sorted)
}
