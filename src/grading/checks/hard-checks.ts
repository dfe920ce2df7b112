/**
 * The hard assertions, as pure checks over the system's output AFTER the harness resolved every source it
 * named: each returns whether it applies and, if so, whether it passed with a message that says what went
 * wrong. They run once per case (in the case evaluation); the Vitest matchers assert from the record.
 *
 * Nothing the system claims is taken on trust: tenancy is the corpus's, a cited source must exist and have
 * been retrieved, an abstention must read as one. Zero tolerance: one leaked chunk, one fabricated citation,
 * one missing literal fails the case.
 */
import type { EvalMode, SystemOutput } from '../../system/adapter/types.ts'
import { mustAbstain, type GoldenCase } from '../../cases/schema.ts'
import type { ResolvedOutput } from '../../system/resolved-output.ts'
import type { SourceResolution } from '../../system/sources/types.ts'
import { readAbstention } from './abstention.ts'
import { foldForLiteralMatch } from '../../shared/text/normalize.ts'
import { internText } from '../../shared/text/text-memo.ts'
import { parseCitationMarkers } from './citations.ts'

/** Names of the hard assertions (zero tolerance). */
export type HardCheckName = 'toAbstain' | 'toNotLeakAcrossTenants' | 'toHaveNoFabricatedCitations' | 'toContainAll'

/** One hard assertion that applied to a case and ran. Checks that do not apply are absent, never "passed". */
export interface HardCheckResult {
  name: HardCheckName
  passed: boolean
  /** Why it failed (or a short note when it passed). */
  message?: string
  /**
   * The reason the golden case marks this check as known failing (`known_failures`): a failure is expected
   * (the test passes, the scorecard counts it apart); a pass means the mark should go. Absent when unmarked.
   */
  known?: string
}

export { didAbstain } from './abstention.ts'

/** A check's outcome; `applies: false` means it was not run and is not counted. */
export type CheckOutcome = { applies: false } | { applies: true; passed: boolean; message: string }

/** The output with every named source resolved: `retrieved[i]` / `shown[i]` resolve `output.retrieved[i]` / `output.sources[i]`. */

const notApplicable: CheckOutcome = { applies: false }

/**
 * `toAbstain`: a case that must abstain (out_of_scope, cross_tenant) gets an abstention, as the one detector
 * reads the answer text; `abstained: true` beside an answer that states content fails. System mode only.
 */
export function checkAbstains(output: SystemOutput, c: GoldenCase, mode: EvalMode): CheckOutcome {
  if (mode !== 'system' || !mustAbstain(c)) return notApplicable
  const reading = readAbstention(output)
  const quoted = JSON.stringify(truncate(output.answer ?? '', 200))
  let message = `abstained as a ${c.case_type} case must`
  // How to teach the detector a phrasing it does not know (the flag alone is never trusted).
  const teach =
    'if this is how your system declines, add the phrase to ragEval({ abstention: { phrases: [...] } }) (docs/adapters.md lists the default phrasings)'
  if (reading.flagContradicted)
    message = `the system marked the answer abstained: true, but it states content: ${quoted}; ${teach}`
  else if (!reading.abstained)
    message = `a ${c.case_type} case must abstain, but the system answered: ${quoted}; ${teach}`
  return { applies: true, passed: reading.abstained, message }
}

/** `brassmoth's api/rate-limits`: a document as its tenant's key (the id without `<tenant>/<kind>/`). */
function ownedName(docId: string, tenantId: string): string {
  return `${tenantId}'s ${docId.split('/').slice(2).join('/') || docId}`
}

/** How to make an ambiguous reference name one document. */
const DISAMBIGUATE =
  "send the passage text, a tenant-qualified id or path (`<tenant>/doc/<key>`, `.../tenants/<tenant>/...`), or map it with `sourceMap` (or set `tenancy: 'label'` to accept the system's tenant label)"

/**
 * What is wrong with one item's tenancy, as a sentence about the item, or undefined. `labelled` is the tenant
 * the system sent for it. Each problem names the evidence (`path "…/tenants/brassmoth/…" is brassmoth's
 * api/rate-limits`); a label is blamed only when the evidence contradicts it. Fails closed: an ambiguous
 * reference (its fields disagree across tenants, or it fits several) is a problem.
 */
function tenantProblem(labelled: string | undefined, r: SourceResolution, tenant: string): string | undefined {
  if (!r.resolved) {
    if (r.ambiguous?.evidence)
      return `is ambiguous: ${r.ambiguous.evidence.map((e) => `${e.evidence} is ${ownedName(e.docId, e.tenantId)}`).join(', but ')}; ${DISAMBIGUATE}`
    if (r.ambiguous)
      return `${r.reference} is ambiguous: it fits tenants ${r.ambiguous.tenants.map((t) => `"${t}"`).join(', ')} (${r.ambiguous.docIds.join(', ')}); ${DISAMBIGUATE}`
    return labelled !== undefined && labelled !== tenant
      ? `${r.reference} is labelled with another tenant, "${labelled}"`
      : undefined
  }
  const evidence = r.evidence ?? nameOf(r)
  if (r.tenantId !== tenant) {
    const label = labelled !== undefined && labelled !== r.tenantId ? ` (the system labelled it "${labelled}")` : ''
    return `${evidence} is ${ownedName(r.docId, r.tenantId)}, in tenant "${r.tenantId}", not the case's tenant "${tenant}"${label}`
  }
  if (labelled !== undefined && labelled !== r.tenantId)
    return `${evidence} is ${ownedName(r.docId, r.tenantId)}, but the system labelled it tenant "${labelled}"`
  return undefined
}

/**
 * `toNotLeakAcrossTenants`: (1) every retrieved item and shown source belongs, by the corpus's own
 * document-to-tenant map, to the case's tenant; (2) none is ambiguous between tenants (fields placing it in
 * different tenants, or a key several tenants have); (3) every tenant label the system sent agrees with the
 * evidence (a wrong label is a failure naming both); (4) no `forbidden_text` appears in the answer. Every case.
 */
export function checkNoTenantLeak(resolved: ResolvedOutput, c: GoldenCase): CheckOutcome {
  const { output } = resolved
  const problems: string[] = []
  output.retrieved.forEach((h, i) => {
    const problem = tenantProblem(h.tenantId, resolved.retrieved[i] ?? unresolvedAt(i), c.tenant_id)
    if (problem !== undefined) problems.push(`retrieved #${i + 1} ${problem}`)
  })
  output.sources?.forEach((s, i) => {
    const problem = tenantProblem(s.tenantId, resolved.shown[i] ?? unresolvedAt(i), c.tenant_id)
    if (problem !== undefined) problems.push(`shown source [${s.marker}] ${problem}`)
  })
  if (output.answer !== undefined && c.forbidden_text.length > 0) {
    const answer = foldForLiteralMatch(output.answer)
    const leaked = c.forbidden_text.filter((t) => answer.includes(foldForLiteralMatch(t)))
    if (leaked.length > 0)
      problems.push(`the answer contains forbidden text: ${leaked.map((t) => JSON.stringify(t)).join(', ')}`)
  }
  const shownProblems = problems.slice(0, 5)
  const more = problems.length > 5 ? `; and ${problems.length - 5} more` : ''
  return {
    applies: true,
    passed: problems.length === 0,
    message:
      problems.length === 0
        ? `no cross-tenant retrieval or text (tenant "${c.tenant_id}")`
        : shownProblems.join('; ') + more,
  }
}

/** Whether a shown source is among the retrieved items: same document and overlapping text. */
function wasRetrieved(source: SourceResolution, retrieved: readonly SourceResolution[]): boolean {
  if (!source.resolved) return false
  return retrieved.some((r) => r.resolved && r.docId === source.docId && r.start < source.end && source.start < r.end)
}

/**
 * `toHaveNoFabricatedCitations`: every `[n]` marker in the answer points at a shown source, and every cited
 * source resolves to the corpus and was among the retrieved items. System mode, answers that are not
 * abstentions.
 */
export function checkNoFabricatedCitations(resolved: ResolvedOutput, mode: EvalMode): CheckOutcome {
  const { output } = resolved
  if (mode !== 'system' || output.answer === undefined || readAbstention(output).abstained) return notApplicable
  const sources = output.sources ?? []
  const cited = [...new Set(parseCitationMarkers(output.answer))]
  const problems: string[] = []
  const noSource = cited.filter((m) => !sources.some((s) => s.marker === m))
  if (noSource.length > 0) {
    const shownMarkers = [...new Set(sources.map((s) => s.marker))].sort((a, b) => a - b)
    problems.push(
      `marker(s) ${noSource.map((m) => `[${m}]`).join(', ')} point at no source shown to the generator (shown: ${shownMarkers.map((m) => `[${m}]`).join(', ') || 'none'})`,
    )
  }
  sources.forEach((s, i) => {
    if (!cited.includes(s.marker)) return
    const r = resolved.shown[i] ?? unresolvedAt(i)
    if (!r.resolved)
      problems.push(
        r.ambiguous
          ? `[${s.marker}] cites ${r.reference}, which fits documents of tenants ${r.ambiguous.tenants.join(', ')}: it cannot be checked`
          : `[${s.marker}] cites ${r.reference}, which is in no document of the corpus`,
      )
    else if (!wasRetrieved(r, resolved.retrieved))
      problems.push(`[${s.marker}] cites ${r.docId}, which the system did not retrieve`)
  })
  return {
    applies: true,
    passed: problems.length === 0,
    message:
      problems.length === 0
        ? `${cited.length} marker(s), each citing a retrieved source of the corpus`
        : problems.join('; '),
  }
}

/**
 * `toContainAll`: every `must_contain` literal appears in the answer (case and whitespace folded); a missing
 * literal that depends on a concept is named with it, so the failure says which entity the answer lacks.
 * Applies in system mode when the case has `must_contain` literals.
 */
export function checkContainsAll(output: SystemOutput, c: GoldenCase, mode: EvalMode): CheckOutcome {
  if (mode !== 'system' || c.must_contain.length === 0) return notApplicable
  const answer = foldForLiteralMatch(output.answer ?? '')
  const missing = c.must_contain.filter((t) => !answer.includes(foldForLiteralMatch(t)))
  return {
    applies: true,
    passed: missing.length === 0,
    message:
      missing.length === 0
        ? `contains all ${c.must_contain.length} required literal(s)`
        : `missing ${missing.length} of ${c.must_contain.length} required literal(s): ${missing.map((t) => literalLabel(t, c)).join(', ')}; answer: ${JSON.stringify(truncate(output.answer ?? '', 200))}`,
  }
}

/** A literal as a failure names it: quoted, with the concept it depends on. Example: `"8 seats" (concept "Flight plan")`. */
function literalLabel(text: string, c: GoldenCase): string {
  const concept = c.must_contain_concepts?.[text]
  return concept === undefined ? JSON.stringify(text) : `${JSON.stringify(text)} (concept ${JSON.stringify(concept)})`
}

/** Runs every hard check for a case, once; only the applicable ones are returned, in a fixed order. */
export function runHardChecks(resolved: ResolvedOutput, c: GoldenCase, mode: EvalMode): HardCheckResult[] {
  const results: HardCheckResult[] = []
  const add = (name: HardCheckName, outcome: CheckOutcome) => {
    // A record keeps its messages until the run ends; a passed check's message repeats across cases.
    if (outcome.applies) results.push({ name, passed: outcome.passed, message: internText(outcome.message) })
  }
  add('toAbstain', checkAbstains(resolved.output, c, mode))
  add('toNotLeakAcrossTenants', checkNoTenantLeak(resolved, c))
  add('toHaveNoFabricatedCitations', checkNoFabricatedCitations(resolved, mode))
  add('toContainAll', checkContainsAll(resolved.output, c, mode))
  return results
}

function nameOf(r: SourceResolution | undefined): string {
  if (r === undefined) return '(unresolved)'
  if (!r.resolved) return r.reference
  return r.level === 'chunk' ? (r.chunkIds[0] ?? r.docId) : r.docId
}

function unresolvedAt(i: number): SourceResolution {
  return { resolved: false, reference: `item ${i + 1}` }
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`
}
