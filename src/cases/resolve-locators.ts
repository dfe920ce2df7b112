/**
 * Locator resolution (pure): turns each golden case's expected sources (doc + heading, changelog entry,
 * ticket, document id + span) into the chunk ids of the current chunking, with grades. Ground truth names
 * sources, so re-chunking never invalidates a golden file; it only changes which chunk ids a locator hits.
 *
 * Every locator that points at nothing is reported, all together, with a fix hint; none is dropped.
 */
import type { Chunk, SourceDocument } from '../corpus/types.ts'
import { closestMatch } from '../shared/problems/closest.ts'
import { UnresolvedLocatorsError } from './errors.ts'
import { type CorpusIndex, type Located, buildCorpusIndex, locateSource } from './locate-source.ts'
import type { Problem } from '../shared/problems/problems.ts'
import type { GoldenCase, Locator } from './schema.ts'

export { UnresolvedLocatorsError }

/** One expected chunk of a case: its id, its grade (0-3, the highest over the locators hitting it) and that locator. */
export interface ExpectedChunk {
  chunkId: string
  grade: number
  locator: Locator
}

/** The `[start, end)` text span a locator names in a document, with the source's grade. */
export interface ExpectedSpan {
  docId: string
  start: number
  end: number
  grade: number
}

/**
 * Resolution of every case: expected chunks and spans by case id, every locator that did not resolve
 * (`problems`: the run stops), and `warnings` that do not stop it: a judged document (or span) that is empty
 * or only whitespace, so no chunk can ever hold it; that source is left out of the case's expected chunks.
 */
export interface LocatorResolution {
  expected: Map<string, ExpectedChunk[]>
  spans: Map<string, ExpectedSpan[]>
  problems: Problem[]
  warnings: Problem[]
}

/** Where a case came from, for messages. */
export interface CaseOrigin {
  file: string
  line: number
}

/** Whether a chunk shares at least one non-whitespace character with `[start, end)` of its document. */
export function chunkOverlaps(chunk: Chunk, start: number, end: number): boolean {
  const from = Math.max(start, chunk.start)
  const to = Math.min(end, chunk.end)
  return to > from && chunk.text.slice(from - chunk.start, to - chunk.start).trim() !== ''
}

/**
 * Resolves every expected source of every case against the corpus and its chunks. A locator is looked up in
 * its source's `tenant`, else the case's tenant. It maps to the chunks of that document sharing a
 * non-whitespace character with the located text (whole doc, heading section with its subsections, entry,
 * ticket, document or span). A chunk hit by several locators keeps its highest grade. Cases that expect
 * nothing get an empty list. `files` (case id -> file and line) only locates problems in messages.
 */
export function resolveLocators(
  cases: readonly GoldenCase[],
  documents: readonly SourceDocument[],
  chunks: readonly Chunk[],
  files?: ReadonlyMap<string, CaseOrigin>,
): LocatorResolution {
  const index = buildCorpusIndex(documents, chunks)
  const found: Found = { problems: [], warnings: [] }
  const expected = new Map<string, ExpectedChunk[]>()
  const spans = new Map<string, ExpectedSpan[]>()
  for (const c of cases) {
    const resolved = resolveCase(c, index, files?.get(c.case_id), found)
    expected.set(c.case_id, resolved.expected)
    spans.set(c.case_id, resolved.spans)
  }
  return { expected, spans, problems: found.problems, warnings: found.warnings }
}

/** Where {@link resolveLocators} collects what it finds wrong, in case order. */
interface Found {
  problems: Problem[]
  warnings: Problem[]
}

/** One case's expected chunks (a chunk hit twice keeps its highest grade) and spans. */
function resolveCase(
  c: GoldenCase,
  index: CorpusIndex,
  origin: CaseOrigin | undefined,
  found: Found,
): { expected: ExpectedChunk[]; spans: ExpectedSpan[] } {
  const at = { file: origin?.file ?? `case ${c.case_id}`, ...(origin ? { line: origin.line } : {}) }
  // Every case's tenant must exist, abstaining cases included: a typo there makes an out_of_scope or
  // cross_tenant case pass against an empty tenant.
  if (!index.tenants.has(c.tenant_id)) {
    found.problems.push(unknownTenant(index, c.tenant_id, at, 'tenant_id', c.case_id))
    return { expected: [], spans: [] }
  }
  const hits = new Map<string, ExpectedChunk>()
  const spans: ExpectedSpan[] = []
  c.expected_sources.forEach((source, i) => {
    if (source.tenant !== undefined && !index.tenants.has(source.tenant)) {
      found.problems.push(unknownTenant(index, source.tenant, at, `expected_sources[${i}].tenant`, c.case_id))
      return
    }
    const where = { ...at, path: `expected_sources[${i}].locator`, value: source.locator }
    const located = locateSource(source.locator, source.tenant ?? c.tenant_id, index)
    if (!located.ok) {
      found.problems.push({
        ...where,
        code: located.code,
        message: `case "${c.case_id}": ${located.message}`,
        ...(located.fix ? { fix: located.fix } : {}),
      })
      return
    }
    spans.push({ docId: located.doc.id, start: located.start, end: located.end, grade: source.grade })
    for (const ch of chunksOfLocated(located, c.case_id, where, index, found)) {
      const previous = hits.get(ch.id)
      if (!previous || source.grade > previous.grade)
        hits.set(ch.id, { chunkId: ch.id, grade: source.grade, locator: source.locator })
    }
  })
  return { expected: [...hits.values()], spans }
}

/**
 * The chunks covering a located text. None is a problem, or only a warning when the judged text is empty
 * (nothing can hold it: the source is left out).
 */
function chunksOfLocated(
  located: Extract<Located, { ok: true }>,
  caseId: string,
  where: Omit<Problem, 'code' | 'message'>,
  index: CorpusIndex,
  found: Found,
): Chunk[] {
  const { doc, start, end } = located
  const hit = (index.chunksOf.get(doc.id) ?? []).filter((ch) => chunkOverlaps(ch, start, end))
  if (hit.length > 0) return hit
  if (doc.text.slice(start, end).trim() === '') {
    found.warnings.push({
      ...where,
      code: 'empty_document',
      message: `case "${caseId}": the judged ${end - start === doc.text.length ? 'document' : 'span of document'} "${doc.id}"${doc.origin ? ` (${doc.origin})` : ''} is empty, so no chunk can hold it; this source is left out`,
      fix: `give "${doc.id}" its text, or remove this expected source`,
    })
    return []
  }
  found.problems.push({
    ...where,
    code: 'no_chunks',
    message: `case "${caseId}": "${doc.id}" [${start}, ${end}) is in the corpus but no chunk covers it`,
    fix: 'chunk every loaded document before resolving, or check the span is not only whitespace',
  })
  return []
}

function unknownTenant(
  index: CorpusIndex,
  tenantId: string,
  where: { file: string; line?: number },
  path: string,
  caseId: string,
): Problem {
  const known = [...index.tenants].sort()
  const near = closestMatch(tenantId, known)
  return {
    ...where,
    path,
    value: tenantId,
    code: 'unknown_tenant',
    message: `case "${caseId}": tenant "${tenantId}" does not exist in the corpus (tenants: ${known.map((t) => `"${t}"`).join(', ') || 'none'})`,
    fix:
      near !== undefined
        ? `did you mean "${near}"?`
        : 'use one of the corpus\'s tenants (a BEIR corpus has one: its `corpus.tenant` option, default "default")',
  }
}

/** Throws {@link UnresolvedLocatorsError} listing every problem of `resolution`, when there is any. */
export function assertLocatorsResolved(resolution: Pick<LocatorResolution, 'problems'>): void {
  if (resolution.problems.length > 0) throw new UnresolvedLocatorsError(resolution.problems)
}
