import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { QrelsAppendError } from '../../../src/grading/judge/errors.ts'
import { loadBundledPrompt } from '../../../src/llm/prompts/load.ts'
import {
  effectiveQrels,
  humanJudgment,
  judgedChunkGrades,
  locatorKey,
  provenanceRows,
  type QrelsRow,
} from '../../../src/grading/qrels/qrels.ts'
import { appendQrelsRows, readQrelsFile } from '../../../src/grading/qrels/qrels-file.ts'
import {
  createHeuristicRelevanceGrader,
  createModelRelevanceGrader,
  gradeRelevanceLexically,
  judgePool,
  selectUnjudged,
  type PoolCandidate,
} from '../../../src/lab/qrels/qrels-pool.ts'
import { createModelClients, resetProviderLimiters } from '../../../src/llm/index.ts'
import { startOpenAiServer } from '../../helpers/openai-server.ts'

const dirs: string[] = []
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'vitest-rag-qrels-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

const chunker = 'structural:1500:100'
const query = 'How much does an extra seat cost on the Team plan?'
const candidates: PoolCandidate[] = [
  // Overlaps the golden span [0, 120) of the billing doc: already judged by provenance.
  {
    chunkId: 'c-seats',
    chunker,
    docId: 'acme/doc/billing/seats',
    start: 0,
    end: 400,
    text: 'Each extra seat on the Team plan costs $12 per month.',
  },
  // Same doc, outside the golden span: unjudged.
  {
    chunkId: 'c-seats-2',
    chunker,
    docId: 'acme/doc/billing/seats',
    start: 400,
    end: 800,
    text: 'Team plan seats can be removed at any time; the extra seat cost stops next month.',
  },
  // Another doc: unjudged, and unrelated.
  {
    chunkId: 'c-sso',
    chunker,
    docId: 'acme/doc/security/sso',
    start: 0,
    end: 300,
    text: 'Single sign-on uses SAML on the Enterprise plan.',
  },
]
const golden = provenanceRows(
  'GC-1',
  [{ locator: { doc_id: 'acme/doc/billing/seats', span: [0, 120] }, grade: 3 }],
  '2026-01-01T00:00:00.000Z',
)
const fixedNow = () => new Date('2026-02-01T00:00:00.000Z')

describe('pooling', () => {
  test('a chunk overlapping a golden span counts as judged; the others are the pool', () => {
    expect(selectUnjudged('GC-1', candidates, golden).map((c) => c.chunkId)).toEqual(['c-seats-2', 'c-sso'])
    // Another case's golden rows judge nothing here.
    expect(selectUnjudged('GC-2', candidates, golden).map((c) => c.chunkId)).toEqual(['c-seats', 'c-seats-2', 'c-sso'])
  })

  test('the lexical grader grades by query word coverage and never gives 3', () => {
    // Query words {much, extra, seat, cost, team, plan}: "much" is a stop word, so 5 words: extra, seat, cost, team, plan.
    // c-seats-2 holds all 5 -> 1.0 -> grade 2; c-sso holds plan only -> 0.2 -> grade 0.
    expect(gradeRelevanceLexically(query, candidates[1]?.text ?? '').grade).toBe(2)
    expect(gradeRelevanceLexically(query, candidates[2]?.text ?? '').grade).toBe(0)
  })

  test('judgePool grades only unjudged chunks and labels rows with their source and prompt version', async () => {
    const rows = await judgePool({
      caseId: 'GC-1',
      query,
      candidates,
      rows: golden,
      grader: createHeuristicRelevanceGrader(),
      now: fixedNow,
    })
    expect(rows.map((r) => [locatorKey(r.chunk_locator), r.grade, r.source, r.prompt_version, r.at])).toEqual([
      [`chunk:${chunker}:c-seats-2`, 2, 'heuristic', 'heuristic-relevance-1', '2026-02-01T00:00:00.000Z'],
      [`chunk:${chunker}:c-sso`, 0, 'heuristic', 'heuristic-relevance-1', '2026-02-01T00:00:00.000Z'],
    ])
  })

  test('the model grader sends the UMBRELA prompt through the real client and records its model', async () => {
    const server = await startOpenAiServer((req) => ({
      text: JSON.stringify(
        (req.body.messages.at(-1).content as string).includes('SAML')
          ? { grade: 0, reason: 'about SSO' }
          : { grade: 3, reason: 'exact answer' },
      ),
    }))
    try {
      resetProviderLimiters()
      const provider = (name: string, model: string) => ({
        name,
        baseURL: server.baseURL,
        apiKeyEnv: 'VITEST_RAG_QRELS_KEY',
        model,
      })
      const clients = createModelClients(
        {
          generator: { chain: [provider('g', 'gen-small')] },
          judge: { chain: [provider('j', 'judge-large')] },
          prices: {
            'gen-small': { inputPerMillion: 1, outputPerMillion: 1 },
            'judge-large': { inputPerMillion: 1, outputPerMillion: 1 },
          },
        },
        { cacheDir: tempDir(), cacheMode: 'off', env: { VITEST_RAG_QRELS_KEY: 'sk-test' } },
      )
      const grader = createModelRelevanceGrader(clients.judge!, loadBundledPrompt('judge-relevance.md'))
      const rows = await judgePool({ caseId: 'GC-1', query, candidates, rows: golden, grader, now: fixedNow })
      expect(rows.map((r) => [r.chunk_locator, r.grade, r.source, r.judge_model, r.prompt_version])).toEqual([
        [{ chunk_id: 'c-seats-2', chunker }, 3, 'llm', 'judge-large', 'judge-relevance@1'],
        [{ chunk_id: 'c-sso', chunker }, 0, 'llm', 'judge-large', 'judge-relevance@1'],
      ])
      expect(server.requests).toHaveLength(2)
      expect(server.requests[0]?.body.messages[0].content).toContain('UMBRELA')
    } finally {
      await server.close()
    }
  })
})

describe('append-only qrels with a human override', () => {
  const llmRow: QrelsRow = {
    case_id: 'GC-1',
    chunk_locator: { chunk_id: 'c-sso', chunker },
    grade: 2,
    source: 'llm',
    judge_model: 'judge-large',
    prompt_version: 'judge-relevance@1',
    at: '2026-02-01T00:00:00.000Z',
  }

  test('a human correction appends a row: both survive in the file and the human one counts', async () => {
    const path = join(tempDir(), 'qrels.jsonl')
    await appendQrelsRows(path, [...golden, llmRow])
    const before = readFileSync(path, 'utf8')
    await appendQrelsRows(path, [
      humanJudgment(
        'GC-1',
        { chunk_id: 'c-sso', chunker },
        0,
        '2026-02-02T00:00:00.000Z',
        'SSO page does not answer pricing',
      ),
    ])
    const after = readFileSync(path, 'utf8')
    expect(after.startsWith(before)).toBe(true) // old bytes untouched
    const { rows, problems } = await readQrelsFile(path)
    expect(problems).toEqual([])
    expect(rows.map((r) => [r.source, r.grade])).toEqual([
      ['provenance', 3],
      ['llm', 2],
      ['human', 0],
    ])
    const pooled = effectiveQrels(rows, { pooled: true })
    expect(pooled.mode).toBe('pooled')
    expect(pooled.label).toBe('pooled qrels (2 judgments)')
    expect(pooled.byCase.get('GC-1')?.map((q) => [q.key, q.grade, q.source])).toEqual([
      ['doc:acme/doc/billing/seats@0-120', 3, 'provenance'],
      [`chunk:${chunker}:c-sso`, 0, 'human'],
    ])
  })

  test('golden-only qrels keep provenance keys only, with human corrections of them applied', () => {
    const rows: QrelsRow[] = [
      ...golden,
      llmRow,
      humanJudgment('GC-1', { doc_id: 'acme/doc/billing/seats', span: [0, 120] }, 2, '2026-03-01T00:00:00.000Z'),
    ]
    const g = effectiveQrels(rows, { pooled: false })
    expect(g.mode).toBe('golden')
    expect(g.label).toBe('golden-only qrels (1 judgments)')
    expect(g.byCase.get('GC-1')?.map((q) => [q.grade, q.source])).toEqual([[2, 'human']])
  })

  test('precedence is human > provenance > llm > heuristic, and the latest row wins within a source', () => {
    const loc = { chunk_id: 'x', chunker }
    const row = (source: QrelsRow['source'], grade: number, at: string): QrelsRow => ({
      case_id: 'C',
      chunk_locator: loc,
      grade,
      source,
      at,
    })
    const pick = (rows: QrelsRow[]) => effectiveQrels(rows, { pooled: true }).byCase.get('C')?.[0]?.grade
    expect(pick([row('heuristic', 1, '2026-05-01'), row('llm', 2, '2026-01-01')])).toBe(2)
    expect(pick([row('llm', 1, '2026-01-01'), row('llm', 3, '2026-02-01')])).toBe(3)
    expect(pick([row('llm', 3, '2026-02-01'), row('llm', 1, '2026-01-01')])).toBe(3)
    expect(
      pick([row('human', 1, '2026-01-01'), row('human', 0, '2026-01-02'), row('provenance', 3, '2026-06-01')]),
    ).toBe(0)
  })

  test('a bad line is reported with its line and blocks appending until fixed', async () => {
    const path = join(tempDir(), 'qrels.jsonl')
    writeFileSync(path, `${JSON.stringify(llmRow)}\n{"case_id": "GC-1", "grade": 7}\n`)
    const { rows, problems } = await readQrelsFile(path)
    expect(rows).toHaveLength(1)
    expect(problems.map((p) => [p.line, p.path])).toEqual([
      [2, 'chunk_locator'],
      [2, 'grade'],
      [2, 'source'],
      [2, 'at'],
    ])
    await expect(appendQrelsRows(path, [llmRow])).rejects.toThrow(QrelsAppendError)
  })
})

describe('qrels as graded chunk ids for the metrics', () => {
  const chunk = (id: string, docId: string, start: number, end: number) => ({
    id,
    docId,
    tenantId: 'acme',
    kind: 'doc' as const,
    text: 'x'.repeat(end - start),
    start,
    end,
    title: 't',
  })
  const chunks = [
    chunk('A', 'acme/doc/billing/seats', 0, 400),
    chunk('B', 'acme/doc/billing/seats', 400, 800),
    chunk('C', 'acme/doc/security/sso', 0, 300),
  ]

  test('golden-only qrels grade the chunks under the golden span; pooled ones add the LLM-judged chunks', () => {
    const rows: QrelsRow[] = [
      ...golden, // doc span [0, 120) grade 3 -> chunk A
      { case_id: 'GC-1', chunk_locator: { chunk_id: 'A', chunker }, grade: 1, source: 'llm', at: '2026-02-01' }, // outranked by the golden span
      { case_id: 'GC-1', chunk_locator: { chunk_id: 'B', chunker }, grade: 2, source: 'llm', at: '2026-02-01' },
      {
        case_id: 'GC-1',
        chunk_locator: { chunk_id: 'C', chunker: 'fixed:800/100' },
        grade: 3,
        source: 'llm',
        at: '2026-02-01',
      }, // another chunking: ignored
    ]
    const golden_ = effectiveQrels(rows, { pooled: false }).byCase.get('GC-1') ?? []
    const pooled = effectiveQrels(rows, { pooled: true }).byCase.get('GC-1') ?? []
    expect([...judgedChunkGrades(golden_, chunks, chunker)]).toEqual([['A', 3]])
    expect([...judgedChunkGrades(pooled, chunks, chunker)].sort()).toEqual([
      ['A', 3],
      ['B', 2],
    ])
  })

  test('a human chunk row outranks the golden span that covers the chunk', () => {
    const rows = [...golden, humanJudgment('GC-1', { chunk_id: 'A', chunker }, 1, '2026-03-01')]
    const pooled = effectiveQrels(rows, { pooled: true }).byCase.get('GC-1') ?? []
    expect(judgedChunkGrades(pooled, chunks, chunker).get('A')).toBe(1)
  })
})
