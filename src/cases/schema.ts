/**
 * The golden case schema: what one line of a `*.golden.jsonl` file must hold.
 *
 * Schema and type come as pairs (`GoldenCaseSchema` + `GoldenCase`). Validation happens once, at the edge
 * (the golden file parser), and every later stage trusts the inferred type.
 *
 * A case names the SOURCE of its answer with a locator (doc slug + heading, changelog entry, ticket, or
 * document id + character span), never a chunk id or a content hash, so ground truth survives re-chunking.
 *
 * Every object is strict: an unknown key (a typo such as `headng`) is an error, never silently dropped, since a
 * dropped `heading` would quietly widen a locator to the whole doc.
 */
import { z } from 'zod'
import { LocatorSchema } from './locator-schema.ts'
import { ConceptSchema, conceptIssues, MustContainItemSchema, splitMustContain } from './concepts.ts'
import { ABSTAIN_CASE_TYPES } from './must-abstain.ts'

// Re-exported: the schema is where readers look for the case types' rules.
export { ABSTAIN_CASE_TYPES, mustAbstain } from './must-abstain.ts'

/** The kinds of golden case. Each kind turns on a different set of hard assertions. */
export const CaseTypeSchema = z.enum([
  'normal',
  'out_of_scope',
  'exact_identifier',
  'multi_turn',
  'stale_conflict',
  'cross_tenant',
])
/** One of {@link CaseTypeSchema}'s values. */
export type CaseType = z.infer<typeof CaseTypeSchema>

/** CRAG question types (Yang et al., 2024), a facet the scorecard aggregates by. */
export const QuestionTypeSchema = z.enum([
  'simple',
  'conditional',
  'set',
  'comparison',
  'aggregation',
  'multi_hop',
  'post_processing',
  'false_premise',
])
/** One of {@link QuestionTypeSchema}'s values. */
export type QuestionType = z.infer<typeof QuestionTypeSchema>

/** CRAG popularity facet: how often users ask about the entity. */
export const PopularitySchema = z.enum(['head', 'torso', 'tail'])
/** CRAG dynamism facet: how fast the true answer changes over time. */
export const DynamismSchema = z.enum(['static', 'slow', 'fast'])

/**
 * A case's review status: `active` cases run and gate (the default when absent); `draft` cases (written by
 * `vitest-rag promote` from a reviewed correction) are parsed and validated but not run, so they never enter
 * a scorecard or the gate until a reviewer changes their status to `active`.
 */
export const CaseStatusSchema = z.enum(['active', 'draft'])

/** One prior turn of a conversation. */
export const TurnSchema = z.strictObject({
  role: z.enum(['user', 'assistant']),
  content: z.string().min(1),
})
/** One prior turn of a conversation. */
export type Turn = z.infer<typeof TurnSchema>

const nonEmpty = z.string().trim().min(1)

export {
  ChangelogLocatorSchema,
  DocLocatorSchema,
  DocumentLocatorSchema,
  LocatorSchema,
  TicketLocatorSchema,
  type Locator,
} from './locator-schema.ts'

/**
 * An expected source with its graded relevance: 3 (the answer, default), 2 (strong support), 1 (related),
 * 0 (a judged near-miss that the retriever should NOT pull; it counts as non-relevant in every metric).
 * `tenant` defaults to the case's tenant.
 */
export const ExpectedSourceSchema = z.strictObject({
  locator: LocatorSchema,
  grade: z.number().int().min(0).max(3).default(3),
  tenant: nonEmpty.optional(),
})
/** An expected source with its graded relevance (0-3). */
export type ExpectedSource = z.infer<typeof ExpectedSourceSchema>

/** A literal that should appear in the answer, with a weight (and the concept it depends on); scored, never gating. */
export const WeightedLiteralSchema = z.strictObject({
  text: nonEmpty,
  weight: z.number().positive().default(1),
  concept: nonEmpty.optional(),
})

/** The characters of a case id (see {@link CaseIdSchema}). */
export const CASE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/

/** Case ids are human-assigned and stable: letters, digits, `-`, `_`, `.` (e.g. `GC-0041`). */
export const CaseIdSchema = z
  .string()
  .regex(CASE_ID_PATTERN, 'case_id must be letters, digits, "-", "_" or "." (e.g. GC-0041)')

/**
 * The hard checks a case may mark as known failing, by their golden names (or their matcher names): a failure
 * of a marked check is expected (the test passes, the scorecard counts it apart), the way `test.fails` marks a
 * known bug.
 */
export const MARKABLE_CHECKS = {
  must_contain: 'toContainAll',
  must_abstain: 'toAbstain',
  toContainAll: 'toContainAll',
  toAbstain: 'toAbstain',
} as const

/** Checks no mark can silence: zero tolerance stays zero (a leak or a fabricated citation is never "known"). */
export const ZERO_TOLERANCE_CHECKS: readonly string[] = [
  'tenant_leak',
  'forbidden_text',
  'fabricated_citation',
  'toNotLeakAcrossTenants',
  'toHaveNoFabricatedCitations',
]

/** A hard check marked as known failing, with the reason (a ticket, a sentence) it is tolerated. */
export const KnownFailureSchema = z.strictObject({ check: nonEmpty, reason: nonEmpty })

const GoldenCaseObject = z.object({
  case_id: CaseIdSchema,
  case_type: CaseTypeSchema,
  tenant_id: nonEmpty,
  query: nonEmpty,
  history: z.array(TurnSchema).default([]),
  expected_sources: z.array(ExpectedSourceSchema).default([]),
  reference_answer: z.string().default(''),
  must_contain: z.array(MustContainItemSchema).default([]),
  should_contain: z.array(WeightedLiteralSchema).default([]),
  forbidden_text: z.array(nonEmpty).default([]),
  notes: z.string().optional(),
  answerable: z.boolean().optional(),
  question_type: QuestionTypeSchema.optional(),
  popularity: PopularitySchema.optional(),
  dynamism: DynamismSchema.optional(),
  tags: z.array(nonEmpty).optional(),
  synthetic: z.boolean().optional(),
  status: CaseStatusSchema.optional(),
  cluster: nonEmpty.optional(),
  /** The case's language (e.g. `de`): its answers are read with that language's `abstention` phrases. */
  language: nonEmpty.optional(),
  /** Hard checks known to fail on this case (see {@link MARKABLE_CHECKS}); absent when none. */
  known_failures: z.array(KnownFailureSchema).optional(),
  concepts: z.array(ConceptSchema).optional(), // graded entities the answer rests on: see concepts.ts
})

/** The golden case's fields in the schema's order: the order the parsed case lists them in. */
export const GOLDEN_CASE_FIELDS: readonly string[] = Object.keys(GoldenCaseObject.shape)

/**
 * Defaults of the four CRAG facets when a case leaves them out: `answerable` is false for the case types
 * that must abstain (`out_of_scope`, `cross_tenant`) and true otherwise; a question is `simple`, of `torso`
 * popularity (neither head nor tail) and `static` (its answer does not change). Written here once so the
 * docs (`docs/golden-format.md`) and the parser agree.
 */
export const FACET_DEFAULTS = { question_type: 'simple', popularity: 'torso', dynamism: 'static' } as const

/**
 * One golden case, with its cross-field rules and facet defaults ({@link FACET_DEFAULTS}):
 * - `out_of_scope` and `cross_tenant` cases expect no sources, are not answerable, and so must abstain;
 * - `cross_tenant` needs `forbidden_text` (the other tenant's facts that must never appear);
 * - `multi_turn` needs `history`;
 * - an answerable case names at least one expected source with grade > 0.
 * Uniqueness of `case_id` is a file-level rule, checked by the golden file parser.
 */
export const GoldenCaseSchema = GoldenCaseObject.strict()
  .superRefine((c, ctx) => {
    const answerable = c.answerable ?? !ABSTAIN_CASE_TYPES.has(c.case_type)
    if (ABSTAIN_CASE_TYPES.has(c.case_type)) {
      if (c.expected_sources.some((s) => s.grade > 0)) {
        ctx.addIssue({
          code: 'custom',
          path: ['expected_sources'],
          message: `a ${c.case_type} case must expect no sources (it must abstain); remove them or change case_type`,
        })
      }
      if (answerable) {
        ctx.addIssue({
          code: 'custom',
          path: ['answerable'],
          message: `a ${c.case_type} case must abstain, so answerable must be false`,
        })
      }
    }
    if (c.case_type === 'cross_tenant' && c.forbidden_text.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['forbidden_text'],
        message: "a cross_tenant case needs forbidden_text: the other tenant's facts that must never appear",
      })
    }
    if (c.case_type === 'multi_turn' && c.history.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['history'],
        message: 'a multi_turn case needs history: the prior turns as [{ "role": "user", "content": "..." }, ...]',
      })
    }
    for (const issue of [...knownFailureIssues(c), ...conceptIssues(c)]) ctx.addIssue({ code: 'custom', ...issue })
    if (answerable && !c.expected_sources.some((s) => s.grade > 0)) {
      ctx.addIssue({
        code: 'custom',
        path: ['expected_sources'],
        message: 'an answerable case needs at least one expected source with grade > 0',
      })
    }
  })
  // Facet defaults are filled in here (not with `.default()`) because `answerable`'s depends on `case_type`.
  .transform((c) => ({
    ...c,
    ...splitMustContain(c.must_contain),
    answerable: c.answerable ?? !ABSTAIN_CASE_TYPES.has(c.case_type),
    question_type: c.question_type ?? FACET_DEFAULTS.question_type,
    popularity: c.popularity ?? FACET_DEFAULTS.popularity,
    dynamism: c.dynamism ?? FACET_DEFAULTS.dynamism,
  }))

/** One validated golden case (defaults applied). */
export type GoldenCase = z.infer<typeof GoldenCaseSchema>
/** A golden case as written in the file, before defaults. */
export type GoldenCaseInput = z.input<typeof GoldenCaseSchema>

/**
 * What is wrong with a case's `known_failures`, each with its field path: a zero-tolerance check (a leak, a
 * fabricated citation) can never be marked; an unknown name; a check that does not apply to the case (a
 * `must_contain` mark without `must_contain`, a `must_abstain` mark on a case that need not abstain); a check
 * marked twice.
 */
function knownFailureIssues(c: z.infer<typeof GoldenCaseObject>): Array<{ path: PropertyKey[]; message: string }> {
  const issues: Array<{ path: PropertyKey[]; message: string }> = []
  const seen = new Set<string>()
  ;(c.known_failures ?? []).forEach(({ check }, i) => {
    const path = ['known_failures', i, 'check']
    const target = (MARKABLE_CHECKS as Record<string, string>)[check]
    if (ZERO_TOLERANCE_CHECKS.includes(check)) {
      issues.push({
        path,
        message: `can never be marked as a known failure: tenant leaks and fabricated citations have zero tolerance; fix the system, and remove this entry`,
      })
    } else if (target === undefined) {
      issues.push({ path, message: 'not a check a known failure can mark: use must_contain or must_abstain' })
    } else if (target === 'toContainAll' && c.must_contain.length === 0) {
      issues.push({ path, message: 'the case has no must_contain, so nothing can fail: remove this entry' })
    } else if (target === 'toAbstain' && !ABSTAIN_CASE_TYPES.has(c.case_type)) {
      issues.push({ path, message: `a ${c.case_type} case need not abstain, so nothing can fail: remove this entry` })
    } else if (seen.has(target)) {
      issues.push({ path, message: 'this check is marked twice: keep one entry' })
    }
    if (target !== undefined) seen.add(target)
  })
  return issues
}

/** Whether a case is a draft (written by `promote`, not yet reviewed into the run). */
export function isDraft(c: Pick<GoldenCase, 'status'>): boolean {
  return c.status === 'draft'
}
