import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { rankDocuments, searchCommand } from '../../src/cli/commands/search.ts'
import { resolveConfig } from '../../src/config/resolve.ts'
import { prepareCorpus } from '../../src/corpus/prepare-corpus.ts'

const made: string[] = []
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true })
})

function beirFixture(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'vitest-rag-search-'))
  made.push(dir)
  writeFileSync(
    path.join(dir, 'corpus.jsonl'),
    [
      { _id: 'd1', title: '', text: 'wing flutter at supersonic speed' },
      { _id: 'd2', title: '', text: 'boundary layer transition on a flat plate' },
      { _id: 'd3', title: '', text: 'flutter of panels' },
    ]
      .map((r) => JSON.stringify(r))
      .join('\n'),
  )
  writeFileSync(
    path.join(dir, 'queries.jsonl'),
    [
      { _id: 'q1', text: 'panel flutter' },
      { _id: 'q2', text: 'boundary layer' },
    ]
      .map((r) => JSON.stringify(r))
      .join('\n'),
  )
  mkdirSync(path.join(dir, 'qrels'))
  writeFileSync(path.join(dir, 'qrels', 'test.tsv'), 'query-id\tcorpus-id\tscore\nq1\td3\t1\n')
  return dir
}

describe('vitest-rag search', () => {
  test('writes one TREC line per retrieved document, best first, with the tag', async () => {
    const dir = beirFixture()
    const out = path.join(dir, 'out.run')
    let stdout = ''
    const code = await searchCommand.run(['--beir', dir, '--trec', out, '--k', '2', '--tag', 'mine'], {
      cwd: dir,
      stdout: (t) => (stdout += t),
      stderr: () => {},
    })
    expect(code).toBe(0)
    expect(stdout).toMatch(/3 documents \(tenant default\), 3 chunks, 2 queries/)
    const lines = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => l.split(' '))
    // q1 "panel flutter": d3 has both terms (panels -> panel), d1 only "flutter"; q2 matches d2 only.
    expect(lines.map((l) => [l[0], l[1], l[2], l[3], l[5]])).toEqual([
      ['q1', 'Q0', 'd3', '1', 'mine'],
      ['q1', 'Q0', 'd1', '2', 'mine'],
      ['q2', 'Q0', 'd2', '1', 'mine'],
    ])
    expect(Number(lines[0]![4])).toBeGreaterThan(Number(lines[1]![4]))
  })

  test('loads BEIR into the same tenant as ragEval({ corpus: { kind: "beir" } }) and says which', async () => {
    const dir = beirFixture()
    let stdout = ''
    expect(
      await searchCommand.run(['--beir', dir, '--trec', path.join(dir, 't.run')], {
        cwd: dir,
        stdout: (t) => (stdout += t),
        stderr: () => {},
      }),
    ).toBe(0)
    const config = resolveConfig({ corpus: { kind: 'beir', root: dir } }, dir)
    const { corpus } = await prepareCorpus(config.corpus, 'structural')
    expect(new Set(corpus.documents.map((d) => d.tenantId))).toEqual(new Set(['default']))
    expect(stdout).toMatch(/^vitest-rag search: 3 documents \(tenant default\), 3 chunks/)
  })

  test("tied scores are written strictly decreasing (previous minus 1e-6), in the ranking's order", async () => {
    const dir = beirFixture()
    // d4 and d5 are identical texts: BM25 gives them the same score for "panel".
    writeFileSync(
      path.join(dir, 'corpus.jsonl'),
      ['d4', 'd5', 'd6']
        .map((id) => JSON.stringify({ _id: id, title: '', text: id === 'd6' ? 'wing' : 'panel wing' }))
        .join('\n'),
    )
    writeFileSync(path.join(dir, 'queries.jsonl'), JSON.stringify({ _id: 'q1', text: 'panel' }))
    const out = path.join(dir, 'tie.run')
    expect(
      await searchCommand.run(['--beir', dir, '--trec', out, '--k', '3'], {
        cwd: dir,
        stdout: () => {},
        stderr: () => {},
      }),
    ).toBe(0)
    const scores = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => Number(l.split(' ')[4]))
    expect(scores).toHaveLength(2)
    expect(scores[1]).toBeCloseTo(scores[0]! - 1e-6, 9)
    expect(scores[1]).toBeLessThan(scores[0]!)
  })

  test('--analyzer says it affects only the bm25 and hybrid arms when given with the vector arm', async () => {
    const dir = beirFixture()
    let stderr = ''
    const io = { cwd: dir, stdout: () => {}, stderr: (t: string) => (stderr += t) }
    expect(
      await searchCommand.run(
        ['--beir', dir, '--trec', path.join(dir, 'v.run'), '--arm', 'vector', '--analyzer', 'plain'],
        io,
      ),
    ).toBe(0)
    expect(stderr).toBe(
      'vitest-rag search: --analyzer affects only the bm25 and hybrid arms; the vector arm ignores it\n',
    )
    stderr = ''
    expect(
      await searchCommand.run(
        ['--beir', dir, '--trec', path.join(dir, 'b.run'), '--arm', 'bm25', '--analyzer', 'plain'],
        io,
      ),
    ).toBe(0)
    expect(stderr).toBe('')
    expect(searchCommand.usage).toMatch(/affects the bm25 arm and the bm25 half of hybrid only/)
  })

  test('a usage error names the missing option', async () => {
    await expect(searchCommand.run([], { cwd: '.', stdout: () => {}, stderr: () => {} })).rejects.toThrow(
      /--trec OUT is required/,
    )
  })

  test("without --beir it searches the project's BEIR corpus (its tenant too), named on the first line", async () => {
    const dir = beirFixture()
    writeFileSync(path.join(dir, 'rag.json'), JSON.stringify({ corpus: { kind: 'beir', root: '.', tenant: 't1' } }))
    let stdout = ''
    let stderr = ''
    const io = { cwd: dir, stdout: (t: string) => (stdout += t), stderr: (t: string) => (stderr += t) }
    expect(await searchCommand.run(['--config', 'rag.json', '--trec', 'p.run'], io)).toBe(0)
    expect(stderr).toBe(
      'vitest-rag search: options file rag.json: corpus . (beir), golden golden/**/*.golden.jsonl, out .vitest-rag/evals\n',
    )
    expect(stdout).toMatch(/^vitest-rag search: 3 documents \(tenant t1\), 3 chunks, 2 queries/)
    // A knowledge-base corpus has no queries: the error says so and names the fix.
    writeFileSync(path.join(dir, 'kb.json'), JSON.stringify({ corpus: { kind: 'kb', root: 'kb' } }))
    await expect(searchCommand.run(['--config', 'kb.json', '--trec', 'p.run'], io)).rejects.toThrow(
      "the project's corpus kb is a knowledge base, which has no queries or judgments; pass --beir DIR (a BEIR dataset)",
    )
  })

  test('a chunked ranking collapses to documents by their best chunk', () => {
    const hits = [
      { chunkId: 'a#2', tenantId: 't', score: 5 },
      { chunkId: 'b#1', tenantId: 't', score: 4 },
      { chunkId: 'a#1', tenantId: 't', score: 3 },
      { chunkId: 'c#1', tenantId: 't', score: 2 },
    ]
    expect(rankDocuments(hits, (id) => id.split('#')[0]!, 2)).toEqual([
      { docid: 'a', score: 5 },
      { docid: 'b', score: 4 },
    ])
  })
})
