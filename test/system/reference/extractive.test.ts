import { describe, expect, test } from 'vitest'
import { ABSTENTION_TEXT } from '../../../src/system/reference/abstention.ts'
import { compareRecency, compareVersions, findValueMentions } from '../../../src/system/reference/conflict.ts'
import { generateExtractive, type ExtractiveSource } from '../../../src/system/reference/extractive.ts'
import { buildTermStats, weighQuery } from '../../../src/system/reference/term-stats.ts'
import { tinyChunks } from './tiny-corpus.ts'

const stats = buildTermStats(tinyChunks)
const byId = (id: string) => tinyChunks.find((c) => c.id === id)!
const shown = (...ids: string[]): ExtractiveSource[] => ids.map((id, i) => ({ marker: i + 1, chunk: byId(id) }))

describe('generateExtractive', () => {
  test('answers with the best-supported sentence and cites its source', () => {
    const q = weighQuery('Which identity providers are supported for SSO?', 'acme', stats)
    const a = generateExtractive(q, shown('acme/doc/security/sso#0', 'acme/doc/data/retention#0'))
    expect(a.abstained).toBe(false)
    expect(a.text).toBe('Okta and Azure AD are the supported identity providers [1].')
    expect(a.citedMarkers).toEqual([1])
  })

  test('on a conflict the newer source wins and the older one is named as disagreeing', () => {
    // the doc (undated, marker 1) says 3 seats; the changelog (2025-03-02, marker 2) says 5: the changelog wins
    const q = weighQuery('How many seats does the Team plan include?', 'acme', stats)
    const a = generateExtractive(q, shown('acme/doc/billing/seats#0', 'acme/changelog/CL-2025-014#0'))
    expect(a.text).toBe(
      'The Team plan seat limit was raised from 3 to 5 seats [2]. ' +
        'Note: older documentation [1] says 3 seats; the newer source [2] says 5 seats and supersedes it.',
    )
    expect(a.conflicts).toEqual([{ newerMarker: 2, olderMarkers: [1], oldValue: '3 seats', newValue: '5 seats' }])
    // the stale sentence is not stated as the answer
    expect(a.sentences.map((s) => s.marker)).toEqual([2])
    expect(a.citedMarkers).toEqual([1, 2])
  })

  test('the conflict rule does not depend on the order the sources are shown in', () => {
    const q = weighQuery('How many seats does the Team plan include?', 'acme', stats)
    const a = generateExtractive(q, shown('acme/changelog/CL-2025-014#0', 'acme/doc/billing/seats#0'))
    expect(a.text).toContain('5 seats [1].')
    expect(a.text).toContain('older documentation [2] says 3 seats')
  })

  test('every cited marker points at a shown source', () => {
    const sources = shown('acme/ticket/TCK-1042#0', 'acme/doc/billing/seats#0', 'acme/changelog/CL-2025-014#0')
    for (const query of ['What does ERR-4012 mean?', 'How much do extra seats cost?', 'Team plan seats']) {
      const a = generateExtractive(weighQuery(query, 'acme', stats), sources)
      const markers = [...a.text.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]))
      expect(markers.length).toBeGreaterThan(0)
      for (const m of markers) expect(sources.map((s) => s.marker)).toContain(m)
    }
  })

  test('an identifier question is answered from the one source holding the identifier', () => {
    const q = weighQuery('Why does the CSV export fail with ERR-4012?', 'acme', stats)
    const a = generateExtractive(q, shown('acme/doc/data/retention#0', 'acme/ticket/TCK-1042#0'))
    expect(a.text).toMatch(/^The CSV export failed with ERR-4012 because the file exceeded 2 GB \[2\]\./)
  })

  test('abstains with the fixed sentence when no sentence is supported', () => {
    const q = weighQuery('What is the weather in Lisbon tomorrow?', 'acme', stats)
    const a = generateExtractive(q, shown('acme/doc/security/sso#0'))
    expect(a).toEqual({ text: ABSTENTION_TEXT, abstained: true, sentences: [], citedMarkers: [], conflicts: [] })
  })
})

describe('generateExtractive on sources shaped like a real help desk', () => {
  const q = (text: string) => weighQuery(text, 'acme', undefined)
  const source = (marker: number, text: string, extra: Partial<ExtractiveSource['chunk']> = {}): ExtractiveSource => ({
    marker,
    chunk: { text, title: 'T', kind: 'doc', ...extra },
  })

  test("a ticket's symptom sentence is replaced by its cause and fix", () => {
    const ticket = source(
      1,
      'TCK-9 (2025-01-02, resolved): Export fails\n\nSymptom: the export fails with ERR-77 after a minute. Cause: the token expired. Fix: create a new token and export again.',
      { kind: 'ticket', date: '2025-01-02' },
    )
    const a = generateExtractive(q('Why does the export fail with ERR-77?'), [ticket])
    expect(a.text).toBe('Cause: the token expired [1]. Fix: create a new token and export again [1].')
  })

  test('hard-wrapped paragraph lines are one sentence, and a sentence cut by the chunk window is never said', () => {
    const wrapped = source(1, 'The old endpoint is deprecated and will be removed on\n2026-06-30. Move to the new one.')
    expect(generateExtractive(q('When will the old endpoint be removed?'), [wrapped]).text).toBe(
      'The old endpoint is deprecated and will be removed on 2026-06-30 [1].',
    )
    // chunk 1 ends mid-sentence; chunk 2 holds the whole sentence
    const cut = source(1, 'Exports run nightly. Each export keeps files for')
    const whole = source(2, 'Each export keeps files for 7 days before deletion.')
    expect(generateExtractive(q('How long does each export keep files?'), [cut, whole]).text).toBe(
      'Each export keeps files for 7 days before deletion [2].',
    )
  })

  test('a sentence opening with a pronoun is about the sentence before it', () => {
    const doc = source(1, 'The legacy sync API sends one record per call. It will be removed on 2025-09-30.')
    // "It will be removed" holds only "removed" itself; "legacy sync API" comes from the sentence before
    const a = generateExtractive(q('When is the legacy sync API removed?'), [doc])
    expect(a.sentences.map((s) => s.text)).toContain('It will be removed on 2025-09-30.')
  })

  test('a changelog entry stating a change supersedes the doc sentence about the same thing', () => {
    const doc = source(1, 'You can use SMS codes for two-factor authentication.')
    const changelog = source(2, 'SMS codes can no longer be used for two-factor authentication.', {
      kind: 'changelog',
      date: '2025-05-01',
    })
    const a = generateExtractive(q('Can I use SMS codes for two-factor authentication?'), [doc, changelog])
    expect(a.text).toBe(
      'SMS codes can no longer be used for two-factor authentication [2]. Note: older documentation [1] says otherwise; the newer source [2] supersedes it.',
    )
  })

  test('a newer sentence naming the value it replaces makes only that value stale', () => {
    // the doc's 7-day default is not the 90 days the changelog replaced: no conflict with it
    const doc = source(1, 'The default conversion window is 7 days. The longest conversion window is 90 days.')
    const changelog = source(2, 'The longest conversion window is now 180 days instead of 90 days.', {
      kind: 'changelog',
      date: '2025-02-01',
    })
    const a = generateExtractive(q('What is the longest conversion window?'), [doc, changelog])
    expect(a.text).toBe(
      'The longest conversion window is now 180 days instead of 90 days [2]. Note: older documentation [1] says 90 days; the newer source [2] says 180 days and supersedes it.',
    )
    expect(a.conflicts).toEqual([{ newerMarker: 2, olderMarkers: [1], oldValue: '90 days', newValue: '180 days' }])
  })

  test('a ticket never supersedes a doc, however recent', () => {
    const doc = source(1, 'Deletion requests are completed within 30 days.')
    const ticket = source(2, 'The deletion request was completed within 40 days after a retry.', {
      kind: 'ticket',
      date: '2025-06-01',
    })
    const a = generateExtractive(q('How long does a deletion request take to complete?'), [doc, ticket])
    expect(a.conflicts).toEqual([])
    expect(a.text).toContain('Deletion requests are completed within 30 days [1].')
  })
})

describe('conflict helpers', () => {
  test('value mentions are numbers with their unit; identifiers, versions and bare numbers are not', () => {
    expect(
      findValueMentions('Extra seats cost $8 per month, a 30-day trial, 99.9% uptime and 1,200 requests.'),
    ).toEqual([
      { value: '8', unit: '$', surface: '$8', superseded: false },
      { value: '30', unit: 'day', surface: '30-day', superseded: false },
      { value: '99.9', unit: '%', surface: '99.9%', superseded: false },
      { value: '1200', unit: 'request', surface: '1,200 requests', superseded: false },
    ])
    expect(findValueMentions('Open 10:00 to 16:00 US time, 24/7 for P1.')).toEqual([])
    expect(findValueMentions('ERR-4012 in v4.2.1 (SKU_88-X) happened 3 times')).toEqual([
      { value: '3', unit: 'tim', surface: '3 times', superseded: false },
    ])
  })

  test('a value the sentence marks as replaced is superseded', () => {
    expect(
      findValueMentions('Trash now keeps pages for 60 days instead of 30 days.').map((m) => [m.surface, m.superseded]),
    ).toEqual([
      ['60 days', false],
      ['30 days', true],
    ])
    // "from 50 to 75 seats": the 50 borrows the unit of the value that replaces it
    expect(
      findValueMentions('The maximum is raised from 50 to 75 seats.').map((m) => [m.surface, m.unit, m.superseded]),
    ).toEqual([
      ['50 seats', 'seat', true],
      ['75 seats', 'seat', false],
    ])
    expect(
      findValueMentions('It will be removed on 2026-03-31 instead of 2025-09-30.').map((m) => [
        m.value,
        m.unit,
        m.superseded,
      ]),
    ).toEqual([
      ['2026-03-31', 'date', false],
      ['2025-09-30', 'date', true],
    ])
  })

  test('recency: dates first, a dated source beats an undated one, then versions numerically', () => {
    expect(compareRecency({ date: '2025-03-02' }, { date: '2024-12-31' })).toBe(1)
    expect(compareRecency({ date: '2025-03-02' }, {})).toBe(1)
    expect(compareRecency({}, { version: '1.0.0' })).toBe(-1)
    expect(compareRecency({ version: '4.10.0' }, { version: 'v4.9.2' })).toBe(1)
    expect(compareVersions('4.2', '4.2.0')).toBe(0)
    expect(compareRecency({}, {})).toBe(0)
  })
})
