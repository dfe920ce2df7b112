import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, test } from 'vitest'
import { runCli } from '../../src/cli/main.ts'
import { formatTrecRun, parseTrecQrels } from '../../src/grading/metrics/trec.ts'

const repoRoot = resolve(fileURLToPath(import.meta.url), '../../..')
const cranfield = resolve(repoRoot, '../shared/datasets/cranfield')
const dir = mkdtempSync(join(tmpdir(), 'vitest-rag-score-run-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

async function cli(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = ''
  let stderr = ''
  const code = await runCli(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), cwd: dir })
  return { code, stdout, stderr }
}

// q1 ranks d1, d2, d3; judged d2 (2), d4 (1), d9 (0): 2 relevant.
// q2 ranks d5, d6 on TIED scores, rank column puts d5 first; judged d6 (3).
// q3 is judged (d7) but absent from the run: scores 0. q4 is in the run but unjudged: ignored.
const RUN = `q1 Q0 d1 1 3.0 hand
q1 Q0 d2 2 2.0 hand
q1 Q0 d3 3 1.0 hand
q2 Q0 d6 2 2.0 hand
q2 Q0 d5 1 2.0 hand
q4 Q0 d1 1 1.0 hand
`
const QRELS = `q1 0 d2 2
q1 0 d4 1
q1 0 d9 0
q2 0 d6 3
q3 0 d7 1
`
writeFileSync(join(dir, 'hand.run'), RUN)
writeFileSync(join(dir, 'hand.qrels'), QRELS)

const L3 = Math.log2(3)

describe('vitest-rag score-run on a hand-made run', () => {
  test('--json prints per-query and mean metrics computed by hand', async () => {
    const { code, stdout, stderr } = await cli(['score-run', 'hand.run', 'hand.qrels', '--k', '1,2', '--json'])
    expect(code).toBe(0)
    const out = JSON.parse(stdout) as {
      per_query: Record<string, Record<string, number>>
      mean: Record<string, number>
    }
    expect(Object.keys(out)).toEqual(['per_query', 'mean', 'conventions'])
    expect(Object.keys(out.per_query)).toEqual(['q1', 'q2', 'q3'])
    // q1 [d1, d2, d3]: nothing relevant at 1; d2 at 2 -> recall@2 = 1/2, P@2 = 1/2, mrr = 1/2.
    // ndcg@2 = (2 / log2 3) / (2 + 1 / log2 3) = 1.26186 / 2.63093 = 0.47963
    expect(out.per_query.q1).toMatchObject({
      'recall@1': 0,
      'precision@1': 0,
      'hit@1': 0,
      'ndcg@1': 0,
      'recall@2': 0.5,
      'precision@2': 0.5,
      'hit@2': 1,
      mrr: 0.5,
    })
    expect(out.per_query.q1!['ndcg@2']).toBeCloseTo(2 / L3 / (2 + 1 / L3), 12)
    // q2 [d5, d6] (tie broken by rank): d6 at 2 -> recall@2 = 1, P@2 = 1/2, mrr = 1/2, ndcg@2 = (3 / log2 3) / 3 = 0.63093
    expect(out.per_query.q2).toMatchObject({
      'recall@1': 0,
      'hit@1': 0,
      'recall@2': 1,
      'precision@2': 0.5,
      'hit@2': 1,
      mrr: 0.5,
    })
    expect(out.per_query.q2!['ndcg@2']).toBeCloseTo(1 / L3, 12)
    // q3 has no run line: every metric 0 (and judged@k 1: nothing unjudged was ranked).
    expect(Object.entries(out.per_query.q3!).every(([name, v]) => v === (name.startsWith('judged@') ? 1 : 0))).toBe(
      true,
    )
    // means over the 3 judged queries: recall@2 (0.5 + 1 + 0) / 3 = 0.5, P@2 (0.5 + 0.5) / 3 = 1/3,
    // hit@2 2/3, mrr (0.5 + 0.5) / 3 = 1/3, ndcg@2 (0.47963 + 0.63093) / 3 = 0.370185
    expect(out.mean['recall@2']).toBeCloseTo(0.5, 12)
    expect(out.mean['precision@2']).toBeCloseTo(1 / 3, 12)
    expect(out.mean['hit@2']).toBeCloseTo(2 / 3, 12)
    expect(out.mean.mrr).toBeCloseTo(1 / 3, 12)
    expect(out.mean['ndcg@2']).toBeCloseTo((2 / L3 / (2 + 1 / L3) + 1 / L3) / 3, 12)
    expect(out.mean['recall@1']).toBe(0)
    expect(stderr).toContain('1 judged query has no run line and score 0: q3')
    expect(stderr).toContain('1 run query has no judgments and was ignored: q4')
  })

  test('--trec-ndcg is an alias of the default discount, 1/log2(rank + 1), which trec_eval >= 9.0.4 uses', async () => {
    const plain = await cli(['score-run', 'hand.run', 'hand.qrels', '--k', '2', '--json'])
    const { code, stdout } = await cli(['score-run', 'hand.run', 'hand.qrels', '--k', '2', '--json', '--trec-ndcg'])
    expect(code).toBe(0)
    const out = JSON.parse(stdout) as { per_query: Record<string, Record<string, number>> }
    // q1 [d1, d2]: DCG@2 = 2/log2 3; ideal [2, 1] = 2 + 1/log2 3 -> 0.47963. q2 [d5, d6]: (3/log2 3) / 3 = 0.63093.
    expect(out.per_query.q1!['ndcg@2']).toBeCloseTo(2 / L3 / (2 + 1 / L3), 12)
    expect(out.per_query.q2!['ndcg@2']).toBeCloseTo(1 / L3, 12)
    expect(stdout).toBe(plain.stdout)
  })

  test('--json carries a conventions block: precision denominator, nothing-relevant rule, discount, ties', async () => {
    const { stdout } = await cli(['score-run', 'hand.run', 'hand.qrels', '--k', '2', '--json'])
    const out = JSON.parse(stdout) as { conventions: Record<string, unknown> }
    expect(out.conventions).toMatchObject({
      precisionDenominator: 'min(k, retrieved)',
      nothingRelevant: { score: 1 },
      ndcgDiscount: 'log2(rank+1)',
    })
    expect(out.conventions.ties).toMatch(/docid descending/)
    expect(out.conventions.ties).toMatch(/strictly decreasing/)
  })

  test("trec_eval's file rules: a 9-field run line and a -1 grade are read, the note and the conventions say how", async () => {
    // q1 ranks d2 then d9 (judged -1: non-relevant); d4 (1) is not retrieved -> recall@2 = 1/2 as with grade 0
    writeFileSync(join(dir, 'web.run'), 'q1 Q0 d2 1 2.0 hand more junk\nq1 Q0 d9 2 1.0 hand\n')
    writeFileSync(join(dir, 'web.qrels'), 'q1 0 d2 2\nq1 0 d4 1\nq1 0 d9 -1\n')
    const { code, stdout, stderr } = await cli(['score-run', 'web.run', 'web.qrels', '--k', '2', '--json'])
    expect(code).toBe(0)
    const out = JSON.parse(stdout) as {
      per_query: Record<string, Record<string, number>>
      conventions: Record<string, string>
    }
    expect(out.per_query.q1).toMatchObject({ 'recall@2': 0.5, 'precision@2': 0.5, mrr: 1 })
    expect(stderr).toContain('1 judgment has a negative grade, read as judged non-relevant (grade 0)')
    expect(out.conventions.runFields).toMatch(/after the sixth are ignored/)
    expect(out.conventions.negativeGrades).toMatch(/judged non-relevant/)
  })

  test('judged@k sits beside the metrics when a top k holds unjudged documents; --judged-only scores the condensed list', async () => {
    const plain = await cli(['score-run', 'hand.run', 'hand.qrels', '--k', '1,2', '--json'])
    const before = JSON.parse(plain.stdout) as {
      per_query: Record<string, Record<string, number>>
      conventions: Record<string, string>
    }
    // q1 [d1, d2, d3]: d1 unjudged -> judged@1 = 0, judged@2 = 1/2; q2 [d5, d6]: d5 unjudged -> 0, 1/2
    expect(before.per_query.q1).toMatchObject({ 'judged@1': 0, 'judged@2': 0.5, 'recall@1': 0, mrr: 0.5 })
    expect(before.per_query.q2).toMatchObject({ 'judged@1': 0, 'judged@2': 0.5 })
    expect(plain.stderr).toContain('2 queries have an unjudged document in the top k')
    expect(before.conventions.unjudged).toMatch(/^an unjudged document counts as non-relevant in its slot/)
    const condensed = await cli(['score-run', 'hand.run', 'hand.qrels', '--k', '1,2', '--json', '--judged-only'])
    const after = JSON.parse(condensed.stdout) as {
      per_query: Record<string, Record<string, number>>
      conventions: Record<string, string>
    }
    // condensed q1 [d2] (d1, d3 unjudged): recall@1 = 1/2 (of d2, d4), precision@1 = 1, mrr = 1;
    // condensed q2 [d6]: recall@1 = 1, mrr = 1, ndcg@1 = 1. judged@k still describes the run as returned.
    expect(after.per_query.q1).toMatchObject({
      'recall@1': 0.5,
      'precision@1': 1,
      'hit@1': 1,
      mrr: 1,
      'judged@1': 0,
      'judged@2': 0.5,
    })
    expect(after.per_query.q2).toMatchObject({ 'recall@1': 1, 'ndcg@1': 1, mrr: 1 })
    expect(after.conventions.unjudged).toMatch(/^removed before scoring: the condensed list/)
  })

  test('the text view prints a table with a mean row and the notes', async () => {
    const { code, stdout } = await cli(['score-run', 'hand.run', 'hand.qrels', '--k', '2'])
    expect(code).toBe(0)
    const lines = stdout.split('\n')
    // judged@2: q1 [d1, d2] 1/2 (d1 unjudged), q2 [d5, d6] 1/2 (d5 unjudged), q3 nothing ranked 1 -> mean 2/3
    expect(lines[0]).toMatch(/^qid\s+recall@2\s+precision@2\s+hit@2\s+ndcg@2\s+mrr\s+judged@2$/)
    expect(lines[1]).toMatch(/^q1\s+0\.5000\s+0\.5000\s+1\.0000\s+0\.4796\s+0\.5000\s+0\.5000$/)
    expect(lines[4]).toMatch(/^mean\s+0\.5000\s+0\.3333\s+0\.6667\s+0\.3702\s+0\.3333\s+0\.6667$/)
    expect(stdout).toContain('3 judged queries scored.')
  })

  test('a bad run line is reported with its file and line, exit code 1', async () => {
    writeFileSync(join(dir, 'bad.run'), 'q1 Q0 d1 1 high hand\n')
    const { code, stderr } = await cli(['score-run', 'bad.run', 'hand.qrels'])
    expect(code).toBe(1)
    expect(stderr).toContain('bad.run:1: score: score "high" is not a number')
  })

  test('a missing file is exit code 1 and a bad --k is a usage error', async () => {
    expect((await cli(['score-run', 'nope.run', 'hand.qrels'])).code).toBe(1)
    const usage = await cli(['score-run', 'hand.run', 'hand.qrels', '--k', '0,5'])
    expect(usage.code).toBe(2)
    expect(usage.stderr).toContain('"0,5"')
    expect((await cli(['score-run', 'hand.run'])).code).toBe(2)
  })
})

describe('vitest-rag score-run on Cranfield', () => {
  test.skipIf(!existsSync(cranfield))(
    'scores the judged documents in id order on all 225 queries (needs ../shared/datasets/cranfield)',
    async () => {
      // The run: for each query, its judged documents (grade 0 included) in ascending numeric docid.
      const { qrels } = parseTrecQrels(readFileSync(join(cranfield, 'qrels.trec'), 'utf8'))
      const ranked = new Map(
        [...qrels].map(([qid, judged]) => [qid, [...judged.keys()].sort((a, b) => Number(a) - Number(b))]),
      )
      const rows = [...ranked].flatMap(([qid, ids]) =>
        ids.map((docid, i) => ({ qid, docid, rank: i + 1, score: ids.length - i })),
      )
      writeFileSync(join(dir, 'cran.run'), formatTrecRun(rows, 'by-id'))
      const trec = await cli(['score-run', 'cran.run', join(cranfield, 'qrels.trec'), '--k', '5,50', '--json'])
      expect(trec.code).toBe(0)
      const out = JSON.parse(trec.stdout) as {
        per_query: Record<string, Record<string, number>>
        mean: Record<string, number>
      }
      expect(Object.keys(out.per_query)).toHaveLength(225)
      // Every judged doc is retrieved and no query has more than 40, so recall@50 and hit@50 are 1 everywhere.
      expect(out.mean['recall@50']).toBe(1)
      expect(out.mean['hit@50']).toBe(1)
      // mrr by the definition: 1 / position of the first grade > 0 doc in the id-sorted list.
      const mrr =
        [...ranked].reduce((s, [qid, ids]) => s + 1 / (ids.findIndex((id) => qrels.get(qid)!.get(id)! > 0) + 1), 0) /
        225
      expect(out.mean.mrr).toBeCloseTo(mrr, 12)
      // The BEIR TSV of the same judgments gives the same numbers.
      const beir = await cli(['score-run', 'cran.run', join(cranfield, 'qrels/test.tsv'), '--k', '5,50', '--json'])
      expect(beir.stdout).toBe(trec.stdout)
    },
  )
})

/**
 * An independent, minimal BM25 (Lucene idf ln(1 + (N - df + 0.5) / (df + 0.5)), k1 = 1.2, b = 0.75, tokens
 * [a-z0-9]+ of the lower-cased `text` field, no stemming or stop words): the recipe of the dataset README's
 * reference table, written here so this test does not lean on src/search.
 */
function bm25Run(dir: string, depth: number): string {
  const readJsonl = (file: string) =>
    readFileSync(join(dir, file), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { _id: string; text: string })
  const tokens = (text: string): string[] => text.toLowerCase().match(/[a-z0-9]+/g) ?? []
  const docs = readJsonl('corpus.jsonl')
  const postings = new Map<string, Array<[number, number]>>() // term -> [doc index, term frequency]
  const lengths = docs.map((doc, index) => {
    const terms = tokens(doc.text)
    const freq = new Map<string, number>()
    for (const term of terms) freq.set(term, (freq.get(term) ?? 0) + 1)
    for (const [term, tf] of freq) {
      const list = postings.get(term) ?? []
      list.push([index, tf])
      postings.set(term, list)
    }
    return terms.length
  })
  const avgLength = lengths.reduce((a, b) => a + b, 0) / lengths.length
  const rows = readJsonl('queries.jsonl').flatMap((query) => {
    const scores = new Map<number, number>()
    for (const term of tokens(query.text)) {
      const list = postings.get(term) ?? []
      const idf = Math.log(1 + (docs.length - list.length + 0.5) / (list.length + 0.5))
      for (const [index, tf] of list) {
        scores.set(
          index,
          (scores.get(index) ?? 0) + (idf * tf) / (tf + 1.2 * (0.25 + (0.75 * lengths[index]!) / avgLength)),
        )
      }
    }
    const top = [...scores].sort((x, y) => y[1] - x[1]).slice(0, depth)
    return top.map(([index, score], rank) => ({ qid: query._id, docid: docs[index]!._id, rank: rank + 1, score }))
  })
  return formatTrecRun(rows, 'bm25')
}

describe('vitest-rag score-run against a published reference', () => {
  test.skipIf(!existsSync(cranfield))(
    'reproduces the Cranfield README table for Lucene-formula BM25 to 4 decimals (needs ../shared/datasets/cranfield)',
    async () => {
      writeFileSync(join(dir, 'bm25.run'), bm25Run(cranfield, 100))
      const { code, stdout } = await cli([
        'score-run',
        'bm25.run',
        join(cranfield, 'qrels.trec'),
        '--k',
        '1,5,10',
        '--json',
      ])
      expect(code).toBe(0)
      const { mean } = JSON.parse(stdout) as { mean: Record<string, number> }
      const rounded = (name: string): string => mean[name]!.toFixed(4)
      // README row "Lucene-formula BM25 k1=1.2 b=0.75": MRR 0.4985, P@5 0.2996, P@10 0.2160, R@5 0.2687,
      // R@10 0.3663, nDCG@10 0.3340, hit@1 0.2978, hit@5 0.7289, hit@10 0.8489 (a run of depth 100).
      expect([
        rounded('mrr'),
        rounded('precision@5'),
        rounded('precision@10'),
        rounded('recall@5'),
        rounded('recall@10'),
      ]).toEqual(['0.4985', '0.2996', '0.2160', '0.2687', '0.3663'])
      expect([rounded('ndcg@10'), rounded('hit@1'), rounded('hit@5'), rounded('hit@10')]).toEqual([
        '0.3340',
        '0.2978',
        '0.7289',
        '0.8489',
      ])
    },
  )
})
