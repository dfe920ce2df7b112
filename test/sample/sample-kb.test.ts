/**
 * Checks of the bundled sample knowledge base (evals/sample-kb) and its golden set (golden/*.golden.jsonl):
 * the README's quick start runs on exactly this data, so every case must validate, every locator must point
 * at something real and every literal a case asserts must really be in its source.
 */
import { describe, expect, test } from 'vitest'
import { GoldenCaseSchema, type CaseType, type ExpectedSource, type GoldenCase } from '../../src/cases/schema.ts'
import { findSections, readGoldenLines, readSampleKb, type SampleTenant } from './read-sample-kb.ts'

const tenants = readSampleKb()
const tenantById = new Map(tenants.map((t) => [t.tenantId, t]))
const lines = readGoldenLines()
const parsed = lines.map((l) => ({ ...l, result: GoldenCaseSchema.safeParse(l.json) }))
const cases: GoldenCase[] = parsed.flatMap((p) => (p.result.success ? [p.result.data] : []))
const where = (c: GoldenCase): string => c.case_id

/** The minimum number of cases of each type the brief asks for. */
const MIN_CASES_PER_TYPE: Record<CaseType, number> = {
  normal: 16,
  out_of_scope: 16,
  exact_identifier: 9,
  multi_turn: 8,
  stale_conflict: 8,
  cross_tenant: 8,
}

/** The text a locator points at in a tenant, or a reason it points at nothing. */
function sourceText(source: ExpectedSource, tenant: SampleTenant | undefined): { text: string } | { missing: string } {
  if (!tenant) return { missing: `tenant "${source.tenant}" does not exist` }
  const locator = source.locator
  switch (locator.kind) {
    case 'doc': {
      const doc = tenant.docs.get(locator.slug)
      if (!doc) return { missing: `no doc "${locator.slug}" in tenant ${tenant.tenantId}` }
      if (locator.heading === undefined) return { text: doc.text }
      const found = findSections(doc, locator.heading)
      if (found.length !== 1) {
        return { missing: `${found.length} sections named "${locator.heading}" in ${tenant.tenantId}/${locator.slug}` }
      }
      return { text: found[0]?.ownText ?? '' }
    }
    case 'changelog': {
      const entry = tenant.changelog.get(locator.entry)
      return entry ? { text: entry.text } : { missing: `no changelog entry ${locator.entry} in ${tenant.tenantId}` }
    }
    case 'ticket': {
      const ticket = tenant.tickets.get(locator.ticket)
      return ticket ? { text: ticket.text } : { missing: `no ticket ${locator.ticket} in ${tenant.tenantId}` }
    }
    case 'document':
      return { missing: 'the sample KB has no generic documents; use a doc, changelog or ticket locator' }
  }
}

const tenantOf = (c: GoldenCase, s: ExpectedSource): SampleTenant | undefined => tenantById.get(s.tenant ?? c.tenant_id)

describe('sample knowledge base', () => {
  test('has at least 2 tenants with lowercase ids', () => {
    expect(tenants.length).toBeGreaterThanOrEqual(2)
    for (const t of tenants) expect(t.tenantId).toMatch(/^[a-z0-9-]+$/)
  })

  test('has at least 40 markdown docs, each with a # title and at least two ## sections', () => {
    const docs = tenants.flatMap((t) => [...t.docs.values()].map((d) => ({ tenant: t.tenantId, ...d })))
    expect(docs.length).toBeGreaterThanOrEqual(40)
    const bad = docs.filter((d) => !d.text.startsWith('# ') || d.sections.filter((s) => s.level === 2).length < 2)
    expect(bad.map((d) => `${d.tenant}/${d.slug}`)).toEqual([])
  })

  test('every doc has 150 to 500 words and no heading repeated inside it', () => {
    const problems = tenants.flatMap((t) =>
      [...t.docs.values()].flatMap((d) => {
        const words = d.text.split(/\s+/).filter((w) => /[A-Za-z0-9]/.test(w)).length
        const headings = d.sections.map((s) => s.path.at(-1))
        const repeated = headings.filter((h, i) => headings.indexOf(h) !== i)
        return [
          ...(words < 150 || words > 500 ? [`${t.tenantId}/${d.slug}: ${words} words`] : []),
          ...repeated.map((h) => `${t.tenantId}/${d.slug}: heading "${h}" repeated`),
        ]
      }),
    )
    expect(problems).toEqual([])
  })

  test('every tenant has at least 12 changelog entries and 12 tickets with ISO dates', () => {
    for (const t of tenants) {
      expect(t.changelog.size, t.tenantId).toBeGreaterThanOrEqual(12)
      expect(t.tickets.size, t.tenantId).toBeGreaterThanOrEqual(12)
      const dates = [...t.changelog.values(), ...t.tickets.values()].map((r) => r.date)
      expect(dates.filter((d) => !/^\d{4}-\d{2}-\d{2}$/.test(d))).toEqual([])
    }
  })

  test('changelog entry and ticket ids are unique across tenants, so a locator names one source', () => {
    const ids = tenants.flatMap((t) => [...t.changelog.keys(), ...t.tickets.keys()])
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([])
  })
})

describe('golden set of the sample knowledge base', () => {
  test('is split into at least 3 files (Vitest shards by file)', () => {
    expect(new Set(lines.map((l) => l.file)).size).toBeGreaterThanOrEqual(3)
  })

  test('every line is JSON that validates with GoldenCaseSchema', () => {
    const problems = parsed
      .filter((p) => !p.result.success)
      .map(
        (p) =>
          `${p.file}:${p.line}: ${p.result.error?.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ') ?? 'not JSON'}`,
      )
    expect(problems).toEqual([])
    expect(cases.length).toBe(lines.length)
  })

  test('case ids are unique across all golden files', () => {
    const ids = cases.map((c) => c.case_id)
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([])
  })

  test('each case type has at least its minimum number of cases', () => {
    const counts = Object.fromEntries(Object.keys(MIN_CASES_PER_TYPE).map((k) => [k, 0])) as Record<CaseType, number>
    for (const c of cases) counts[c.case_type] += 1
    for (const [type, min] of Object.entries(MIN_CASES_PER_TYPE)) {
      expect(counts[type as CaseType], type).toBeGreaterThanOrEqual(min)
    }
  })

  test('every case belongs to a tenant of the sample KB', () => {
    expect(cases.filter((c) => !tenantById.has(c.tenant_id)).map(where)).toEqual([])
  })

  test('every expected source locator points at a doc section, changelog entry or ticket that exists', () => {
    const problems = cases.flatMap((c) =>
      c.expected_sources.flatMap((s) => {
        const found = sourceText(s, tenantOf(c, s))
        return 'missing' in found ? [`${where(c)}: ${found.missing}`] : []
      }),
    )
    expect(problems).toEqual([])
  })

  test('every must_contain literal of an answerable case is verbatim in a grade >= 2 expected source', () => {
    const problems = cases
      .filter((c) => c.answerable)
      .flatMap((c) => {
        const texts = c.expected_sources
          .filter((s) => s.grade >= 2)
          .map((s) => sourceText(s, tenantOf(c, s)))
          .flatMap((f) => ('text' in f ? [f.text] : []))
        if (c.must_contain.length === 0) return [`${where(c)}: an answerable case needs must_contain`]
        return c.must_contain
          .filter((literal) => !texts.some((t) => t.includes(literal)))
          .map((literal) => `${where(c)}: "${literal}" is in no grade >= 2 expected source`)
      })
    expect(problems).toEqual([])
  })

  test('every should_contain literal is verbatim in some expected source', () => {
    const problems = cases.flatMap((c) => {
      const texts = c.expected_sources
        .map((s) => sourceText(s, tenantOf(c, s)))
        .flatMap((f) => ('text' in f ? [f.text] : []))
      return c.should_contain
        .filter((w) => !texts.some((t) => t.includes(w.text)))
        .map((w) => `${where(c)}: should_contain "${w.text}" is in no expected source`)
    })
    expect(problems).toEqual([])
  })

  test("every cross_tenant forbidden literal is absent from the asking tenant's KB and present in another's", () => {
    const problems = cases
      .filter((c) => c.case_type === 'cross_tenant')
      .flatMap((c) =>
        c.forbidden_text.flatMap((literal) => {
          const needle = literal.toLowerCase()
          const own = tenantById.get(c.tenant_id)
          const others = tenants.filter((t) => t.tenantId !== c.tenant_id)
          return [
            ...(own?.allText.toLowerCase().includes(needle)
              ? [`${where(c)}: "${literal}" occurs in ${c.tenant_id}'s own KB`]
              : []),
            ...(others.some((t) => t.allText.includes(literal))
              ? []
              : [`${where(c)}: "${literal}" occurs in no other tenant's KB`]),
          ]
        }),
      )
    expect(problems).toEqual([])
  })

  test('every stale_conflict case pairs a newer changelog entry (grade 3, holding the new value) with an older doc (grade 1-2)', () => {
    const problems = cases
      .filter((c) => c.case_type === 'stale_conflict')
      .flatMap((c) => {
        const entries = c.expected_sources.filter((s) => s.locator.kind === 'changelog' && s.grade === 3)
        const olderDocs = c.expected_sources.filter((s) => s.locator.kind === 'doc' && s.grade >= 1 && s.grade <= 2)
        const entryTexts = entries
          .map((s) => sourceText(s, tenantOf(c, s)))
          .flatMap((f) => ('text' in f ? [f.text] : []))
        return [
          ...(entries.length === 0 ? [`${where(c)}: no grade-3 changelog entry`] : []),
          ...(olderDocs.length === 0 ? [`${where(c)}: no grade 1-2 doc holding the older value`] : []),
          ...c.must_contain
            .filter((literal) => !entryTexts.some((t) => t.includes(literal)))
            .map((literal) => `${where(c)}: the new value "${literal}" is not in the changelog entry`),
          ...(['slow', 'fast'].includes(c.dynamism) ? [] : [`${where(c)}: dynamism must be slow or fast`]),
        ]
      })
    expect(problems).toEqual([])
  })

  test('every exact_identifier query carries an identifier (code, SKU, version, ticket or request id)', () => {
    const identifier = /\b(?:[A-Z]{2,}[-_][A-Z0-9-]*\d[A-Z0-9-]*|SKU_\w+-\w+|v\d+\.\d+\.\d+)\b/
    expect(cases.filter((c) => c.case_type === 'exact_identifier' && !identifier.test(c.query)).map(where)).toEqual([])
  })

  test('every multi_turn case starts its history with a user turn', () => {
    expect(cases.filter((c) => c.case_type === 'multi_turn' && c.history[0]?.role !== 'user').map(where)).toEqual([])
  })

  test('abstain cases assert nothing a correct abstention could not satisfy', () => {
    const abstain = cases.filter((c) => c.case_type === 'out_of_scope' || c.case_type === 'cross_tenant')
    expect(abstain.filter((c) => c.must_contain.length > 0 || c.expected_sources.length > 0).map(where)).toEqual([])
  })
})
