import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, test } from 'vitest'
import { CorpusError } from '../../src/corpus/errors.ts'
import { loadKnowledgeBase } from '../../src/corpus/load-kb.ts'

const KB = resolve(import.meta.dirname, '../fixtures/kb-mini')

describe('loadKnowledgeBase', () => {
  test('loads kb-mini: docs, changelog entries and tickets of both tenants, sorted by id', async () => {
    const corpus = await loadKnowledgeBase(KB)
    expect(corpus.documents.map((d) => d.id)).toEqual([
      'acme/changelog/CL-2025-009',
      'acme/changelog/CL-2025-014',
      'acme/doc/billing/seats',
      'acme/doc/getting-started',
      'acme/ticket/TCK-1042',
      'globex/doc/billing/seats',
      'globex/ticket/GX-7',
    ])
    expect(corpus.fingerprint).toMatch(/^[0-9a-f]{64}$/)
  })

  test('a doc has its slug, its first # heading as title and its heading sections', async () => {
    const corpus = await loadKnowledgeBase(KB)
    const doc = corpus.documents.find((d) => d.id === 'acme/doc/getting-started')
    expect(doc?.key).toBe('getting-started')
    expect(doc?.title).toBe('Getting started')
    expect(doc?.origin).toBe('tenants/acme/docs/getting-started.md')
    // The "# this is a shell comment" inside the fenced block is not a section.
    expect(doc?.sections?.map((s) => s.path.join(' > '))).toEqual(['Getting started', 'Getting started > Logging in'])
  })

  test('changelog entries and tickets are rendered with their ids so they can be searched', async () => {
    const corpus = await loadKnowledgeBase(KB)
    const entry = corpus.documents.find((d) => d.id === 'acme/changelog/CL-2025-014')
    expect(entry?.text).toBe(
      'CL-2025-014 (v4.2.0, 2025-06-01): Seat limit raised\n\nThe Team plan now allows 50 seats (was 25).',
    )
    expect(entry).toMatchObject({
      kind: 'changelog',
      version: '4.2.0',
      date: '2025-06-01',
      title: 'Seat limit raised',
      tenantId: 'acme',
    })
    const ticket = corpus.documents.find((d) => d.id === 'globex/ticket/GX-7')
    expect(ticket?.text).toBe('GX-7 (2025-04-20): Pack size\n\nPacks hold ten seats each.')
  })

  test('every bad record of every file is reported together with file and line', async () => {
    const root = mkdtempSync(join(tmpdir(), 'vitest-rag-kb-'))
    mkdirSync(join(root, 'tenants/t1'), { recursive: true })
    writeFileSync(
      join(root, 'tenants/t1/changelog.jsonl'),
      [
        '{"entry_id":"CL-1","version":"1.0","date":"2025-01-01","title":"ok","body":"b"}',
        '{"entry_id":"CL-2","version":"1.1","date":"June 2025","title":"bad date","body":"b"}',
        '{not json',
      ].join('\n'),
    )
    writeFileSync(
      join(root, 'tenants/t1/tickets.jsonl'),
      [
        '{"ticket_id":"T-1","title":"a","body":"b","created":"2025-01-01"}',
        '{"ticket_id":"T-1","title":"again","body":"b","created":"2025-01-02"}',
      ].join('\n'),
    )
    const error = await loadKnowledgeBase(root).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(CorpusError)
    expect((error as CorpusError).problems.map((p) => [p.file, p.line, p.code, p.path])).toEqual([
      ['tenants/t1/changelog.jsonl', 2, 'invalid_format', 'date'],
      ['tenants/t1/changelog.jsonl', 3, 'invalid_json', ''],
      ['tenants/t1/tickets.jsonl', 2, 'duplicate_id', 'ticket_id'],
    ])
    expect((error as CorpusError).code).toBe('VITEST_RAG_CORPUS_INVALID')
  })

  test('a root without tenants/ is a CorpusError naming the missing folder', async () => {
    const root = mkdtempSync(join(tmpdir(), 'vitest-rag-kb-'))
    await expect(loadKnowledgeBase(root)).rejects.toThrow(/no tenants\/ folder/)
  })
})
