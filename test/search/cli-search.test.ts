import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { rankDocuments, searchCommand } from '../../src/cli/commands/search.ts'

function beirFixture(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'vitest-rag-search-'))
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
  writeFileSync(path.join(dir, 'queries.jsonl'), [{ _id: 'q1', text: 'panel flutter' }, { _id: 'q2', text: 'boundary layer' }].map((r) => JSON.stringify(r)).join('\n'))
  mkdirSync(path.join(dir, 'qrels'))
  writeFileSync(path.join(dir, 'qrels', 'test.tsv'), 'query-id\tcorpus-id\tscore\nq1\td3\t1\n')
  return dir
}

describe('vitest-rag search', () => {
  test('writes one TREC line per retrieved document, best first, with the tag', async () => {
    const dir = beirFixture()
    const out = path.join(dir, 'out.run')
    let stdout = ''
    const code = await searchCommand.run(['--beir', dir, '--trec', out, '--k', '2', '--tag', 'mine'], { cwd: dir, stdout: (t) => (stdout += t), stderr: () => {} })
    expect(code).toBe(0)
    expect(stdout).toMatch(/3 documents, 3 chunks, 2 queries/)
    const lines = readFileSync(out, 'utf8').trim().split('\n').map((l) => l.split(' '))
    // q1 "panel flutter": d3 has both terms (panels -> panel), d1 only "flutter"; q2 matches d2 only.
    expect(lines.map((l) => [l[0], l[1], l[2], l[3], l[5]])).toEqual([
      ['q1', 'Q0', 'd3', '1', 'mine'],
      ['q1', 'Q0', 'd1', '2', 'mine'],
      ['q2', 'Q0', 'd2', '1', 'mine'],
    ])
    expect(Number(lines[0]![4])).toBeGreaterThan(Number(lines[1]![4]))
  })

  test('a usage error names the missing option', async () => {
    await expect(searchCommand.run(['--trec', 'x'], { cwd: '.', stdout: () => {}, stderr: () => {} })).rejects.toThrow(/--beir DIR is required/)
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
