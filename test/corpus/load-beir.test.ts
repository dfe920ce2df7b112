import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, test } from 'vitest'
import { CorpusError } from '../../src/corpus/errors.ts'
import { loadBeir } from '../../src/corpus/load-beir.ts'
import { prepareCorpus } from '../../src/corpus/prepare-corpus.ts'

const repoRoot = resolve(import.meta.dirname, '../..')
const DATASETS = resolve(repoRoot, '../shared/datasets')
const CRANFIELD = join(DATASETS, 'cranfield')
const SQUAD = join(DATASETS, 'squad2-dev-cs224n')

const qrelsRows = (qrels: Map<string, Map<string, number>>): number =>
  [...qrels.values()].reduce((n, row) => n + row.size, 0)

describe('loadBeir', () => {
  test('reads a tiny BEIR folder: text kept apart from title, qrels by query and corpus id', async () => {
    const root = mkdtempSync(join(tmpdir(), 'vitest-rag-beir-'))
    mkdirSync(join(root, 'qrels'))
    writeFileSync(
      join(root, 'corpus.jsonl'),
      '{"_id":"d1","title":"One","text":"first\\r\\ntext"}\n{"_id":"d2","title":"Two","text":"second"}\n',
    )
    writeFileSync(join(root, 'queries.jsonl'), '{"_id":"q1","text":"which first?","metadata":{"k":1}}\n')
    writeFileSync(join(root, 'qrels/test.tsv'), 'query-id\tcorpus-id\tscore\nq1\td1\t2\n')
    const { corpus, queries, qrels } = await loadBeir(root, { tenantId: 'beir' })
    expect(corpus.documents.map((d) => [d.id, d.key, d.title, d.text, d.kind])).toEqual([
      ['beir/document/d1', 'd1', 'One', 'first\ntext', 'document'],
      ['beir/document/d2', 'd2', 'Two', 'second', 'document'],
    ])
    expect(queries).toEqual([{ id: 'q1', text: 'which first?', metadata: { k: 1 } }])
    expect(qrels.get('q1')?.get('d1')).toBe(2)
  })

  test('the ragEval corpus option `tenant` names the tenant BEIR documents load into (default "default")', async () => {
    const root = mkdtempSync(join(tmpdir(), 'vitest-rag-beir-'))
    writeFileSync(join(root, 'corpus.jsonl'), '{"_id":"d1","text":"first"}\n')
    const named = await prepareCorpus({ kind: 'beir', root, tenant: 'scifact' }, 'structural')
    expect(named.corpus.documents.map((d) => [d.id, d.tenantId])).toEqual([['scifact/document/d1', 'scifact']])
    const unnamed = await prepareCorpus({ kind: 'beir', root }, 'structural')
    expect(unnamed.corpus.documents.map((d) => d.tenantId)).toEqual(['default'])
  })

  test('reports every bad line and duplicate id at once', async () => {
    const root = mkdtempSync(join(tmpdir(), 'vitest-rag-beir-'))
    writeFileSync(join(root, 'corpus.jsonl'), '{"_id":"d1","text":"a"}\n{"_id":"d1","text":"b"}\n{"_id":"d3"}\nnope\n')
    const error = await loadBeir(root).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(CorpusError)
    expect((error as CorpusError).problems.map((p) => [p.line, p.code])).toEqual([
      [2, 'duplicate_id'],
      [3, 'invalid_record'],
      [4, 'invalid_json'],
    ])
  })

  test.skipIf(!existsSync(CRANFIELD))(
    'cranfield has 1400 docs, 225 queries and 1837 qrels rows (needs ../shared/datasets/cranfield)',
    async () => {
      const { corpus, queries, qrels } = await loadBeir(CRANFIELD)
      expect(corpus.documents).toHaveLength(1400)
      expect(queries).toHaveLength(225)
      expect(qrelsRows(qrels)).toBe(1837)
      expect(corpus.documents[0]?.id).toBe('default/document/1')
    },
  )

  test.skipIf(!existsSync(SQUAD))(
    'squad2-dev-cs224n has 646 docs, 6078 queries and 2910 qrels rows, and answer offsets index the text (needs ../shared/datasets/squad2-dev-cs224n)',
    async () => {
      const { corpus, queries, qrels } = await loadBeir(SQUAD)
      expect(corpus.documents).toHaveLength(646)
      expect(queries).toHaveLength(6078)
      expect(qrelsRows(qrels)).toBe(2910)
      // The first question's answer "France" starts at offset 159 of paragraph a00p000 (README of the dataset).
      const doc = corpus.documents.find((d) => d.key === 'a00p000')
      expect(doc?.title).toBe('Normans')
      expect(doc?.text.slice(159, 165)).toBe('France')
    },
  )
})
