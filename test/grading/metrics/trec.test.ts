import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { hitAtK, ndcgAtK, precisionAtK, recallAtK, reciprocalRank } from '../../../src/grading/metrics/retrieval.ts'
import {
  formatTrecQrels,
  formatTrecRun,
  parseTrecQrels,
  parseTrecRun,
  rankingsFromRun,
  strictlyDecreasing,
  trecRunRowsFromRanking,
  type TrecRunRow,
} from '../../../src/grading/metrics/trec.ts'

/**
 * trec_eval's definitions, followed literally (trec_eval 9.0.4 and later, 10.0 included; relevance_level 1):
 * the run is re-sorted by score descending, ties by docno descending (strcmp); num_rel counts judged docs
 * with rel >= 1; a judged query with num_rel = 0 is kept and scores 0 everywhere.
 * - recall_k = rel_ret in top k / num_rel;           - success_k = 1 if rel_ret in top k > 0;
 * - recip_rank = 1 / rank of the first relevant doc; - P_k = rel_ret in top k / k;
 * - ndcg_cut_k = DCG over the top k / the same for the judged gains sorted descending, where (m_ndcg_cut.c,
 *   0-based i) `sum += gain / log2((double) (i + 2))`: rank r is discounted by log2(r + 1). (Before 9.0.4 it
 *   was `if (i > 0) sum += gain / log2(i + 1); else sum += gain;`, ranks 1 and 2 both undiscounted.)
 */
function trecEvalReference(rows: readonly TrecRunRow[], judged: ReadonlyMap<string, number>, k: number) {
  const sorted = [...rows].sort((x, y) => y.score - x.score || (x.docid < y.docid ? 1 : x.docid > y.docid ? -1 : 0))
  const rel = sorted.map((row) => judged.get(row.docid) ?? 0)
  const numRel = [...judged.values()].filter((g) => g >= 1).length
  const relRet = rel.slice(0, k).filter((g) => g >= 1).length
  const first = rel.findIndex((g) => g >= 1)
  const dcg = (gains: number[]): number =>
    gains.slice(0, k).reduce((s, g, i) => (g > 0 ? s + g / Math.log2(i + 2) : s), 0)
  const ideal = dcg([...judged.values()].filter((g) => g > 0).sort((a, b) => b - a))
  if (numRel === 0) return { recall: 0, success: 0, recipRank: 0, precision: 0, ndcgCut: 0 }
  return {
    recall: relRet / numRel,
    success: relRet > 0 ? 1 : 0,
    recipRank: first === -1 ? 0 : 1 / (first + 1),
    precision: relRet / k,
    ndcgCut: dcg(rel) / ideal,
  }
}

describe('agreement with trec_eval', () => {
  test('recall_k, success_k, recip_rank and ndcg_cut_k agree with our defaults, and P_k up to its k divisor, on runs we write', () => {
    const pool = Array.from({ length: 12 }, (_, i) => `doc${i}`)
    const rankingArb = fc.uniqueArray(fc.constantFrom(...pool), { maxLength: 12 })
    const qrelsArb = fc
      .array(fc.tuple(fc.constantFrom(...pool), fc.integer({ min: 0, max: 3 })), { minLength: 1, maxLength: 10 })
      .map((pairs) => new Map(pairs))
      .filter((m) => [...m.values()].some((g) => g >= 1)) // nothing relevant: the deliberate difference tested below
    fc.assert(
      fc.property(rankingArb, qrelsArb, fc.integer({ min: 1, max: 15 }), (ranked, judged, k) => {
        // Round trip through the file format, as a real comparison with trec_eval would.
        const text = formatTrecRun(trecRunRowsFromRanking('q1', ranked), 'prop')
        const { rows, problems } = parseTrecRun(text)
        expect(problems).toEqual([])
        const ref = trecEvalReference(rows, judged, k)
        expect(recallAtK(ranked, judged, k)).toBeCloseTo(ref.recall, 12)
        expect(hitAtK(ranked, judged, k)).toBe(ref.success)
        expect(reciprocalRank(ranked, judged)).toBeCloseTo(ref.recipRank, 12)
        expect(ndcgAtK(ranked, judged, k)).toBeCloseTo(ref.ndcgCut, 12)
        // Deliberate difference: we divide by min(k, retrieved), trec_eval by k.
        const retrieved = Math.min(k, ranked.length)
        expect(precisionAtK(ranked, judged, k) * retrieved).toBeCloseTo(ref.precision * k, 12)
      }),
      { numRuns: 300 },
    )
  })

  test('our default nDCG discount is trec_eval 9.0.4+, and the pre-9.0.4 one differs from rank 2 on', () => {
    // ranked [b, a], judged {a: 3, b: 1}. Ours and trec_eval >= 9.0.4: (1 + 3/log2 3) / (3 + 1/log2 3)
    // = 2.8928 / 3.6309 = 0.7967. Before 9.0.4: rank 2 undiscounted, (1 + 3) / (3 + 1) = 1.
    const rows = parseTrecRun(formatTrecRun(trecRunRowsFromRanking('q', ['b', 'a']), 't')).rows
    const judged = new Map([
      ['a', 3],
      ['b', 1],
    ])
    expect(ndcgAtK(['b', 'a'], judged, 2)).toBeCloseTo((1 + 3 / Math.log2(3)) / (3 + 1 / Math.log2(3)), 12)
    expect(trecEvalReference(rows, judged, 2).ndcgCut).toBeCloseTo(0.7967, 4)
    expect(ndcgAtK(['b', 'a'], judged, 2, 'log2(max(rank,2))')).toBe(1)
  })

  test('a judged query with nothing relevant: trec_eval scores it 0, we score 1.0 (documented difference)', () => {
    const judged = new Map([['a', 0]])
    const rows = parseTrecRun(formatTrecRun(trecRunRowsFromRanking('q', ['a', 'b']), 't')).rows
    expect(trecEvalReference(rows, judged, 2)).toEqual({
      recall: 0,
      success: 0,
      recipRank: 0,
      precision: 0,
      ndcgCut: 0,
    })
    expect([
      recallAtK(['a', 'b'], judged, 2),
      hitAtK(['a', 'b'], judged, 2),
      reciprocalRank(['a', 'b'], judged),
      ndcgAtK(['a', 'b'], judged, 2),
    ]).toEqual([1, 1, 1, 1])
  })

  test('on tied scores trec_eval orders by docid descending while we keep the rank column', () => {
    const { rows } = parseTrecRun('q1 Q0 a 1 5.0 t\nq1 Q0 b 2 5.0 t\n')
    expect(rankingsFromRun(rows).get('q1')).toEqual(['a', 'b'])
    // trec_eval: b > a as strings, so b comes first and a relevant `a` gets recip_rank 1/2 there.
    expect(trecEvalReference(rows, new Map([['a', 1]]), 2).recipRank).toBe(0.5)
    expect(reciprocalRank(['a', 'b'], new Map([['a', 1]]))).toBe(1)
  })
})

describe('run files', () => {
  test('a run parses into rows, ranks by score then rank, and formats back', () => {
    const text = '# comment\nq1 Q0 d2 2 0.5 bm25\nq1 Q0 d1 1 0.9 bm25\n\nq2 Q0 d3 1 1.5 bm25\n'
    const { rows, problems } = parseTrecRun(text)
    expect(problems).toEqual([])
    expect(rows).toHaveLength(3)
    expect(rankingsFromRun(rows)).toEqual(
      new Map([
        ['q1', ['d1', 'd2']],
        ['q2', ['d3']],
      ]),
    )
    expect(formatTrecRun(rows, 'mine')).toBe('q1 Q0 d2 2 0.5 mine\nq1 Q0 d1 1 0.9 mine\nq2 Q0 d3 1 1.5 mine\n')
  })

  test('bad run lines come back as problems with their line numbers', () => {
    const { rows, problems } = parseTrecRun('q1 Q0 d1 1 0.9\nq1 Q0 d2 x 0.5 t\nq1 Q0 d3 3 0.1 t\n', 'run.txt')
    expect(rows.map((r) => r.docid)).toEqual(['d3'])
    expect(problems.map((p) => [p.code, p.line, p.file])).toEqual([
      ['trec_run_columns', 1, 'run.txt'],
      ['trec_run_number', 2, 'run.txt'],
    ])
    expect(problems[1]!.message).toContain('"x"')
  })

  test('fields after the sixth are ignored, as trec_eval ignores them; fewer than six are a problem', () => {
    const { rows, problems } = parseTrecRun('q1 Q0 d1 1 0.9 bm25 more junk at\nq1 Q0 d2 2 0.5\n', 'run.txt')
    expect(rows).toEqual([{ qid: 'q1', docid: 'd1', rank: 1, score: 0.9, tag: 'bm25' }])
    expect(problems.map((p) => [p.code, p.line, p.message])).toEqual([
      ['trec_run_columns', 2, 'expected at least 6 fields "qid Q0 docid rank score tag", found 5'],
    ])
  })

  test('rows written from a ranking drop repeats and carry strictly decreasing scores', () => {
    expect(trecRunRowsFromRanking('q', ['a', 'b', 'a', 'c'])).toEqual([
      { qid: 'q', docid: 'a', rank: 1, score: 3 },
      { qid: 'q', docid: 'b', rank: 2, score: 2 },
      { qid: 'q', docid: 'c', rank: 3, score: 1 },
    ])
  })
})

describe('strictly decreasing scores', () => {
  test('ties are broken by a tiny decrement that keeps the order, cascading through a run of ties', () => {
    // [3, 2, 2, 1]: the second 2 becomes 2 - 1e-6. [1, 1, 1]: 1, 1 - 1e-6, 1 - 2e-6.
    expect(strictlyDecreasing([3, 2, 2, 1])).toEqual([3, 2, 1.999999, 1])
    expect(strictlyDecreasing([1, 1, 1])).toEqual([1, 0.999999, 0.999998])
    // A score above the one before it (not a ranking by score) is pulled under it too.
    expect(strictlyDecreasing([2, 5])).toEqual([2, 1.999999])
  })

  test("trec_eval's re-sort (score desc, docid desc) keeps the order of any decreasing list of scores", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 30 }), (raw) => {
        const scores = strictlyDecreasing([...raw].sort((a, b) => b - a))
        const ids = scores.map((_, i) => `d${String(i).padStart(2, '0')}`)
        const text = formatTrecRun(
          ids.map((docid, i) => ({ qid: 'q', docid, rank: i + 1, score: scores[i]! })),
          't',
        )
        const { rows } = parseTrecRun(text)
        const trecOrder = [...rows]
          .sort((x, y) => y.score - x.score || (x.docid < y.docid ? 1 : -1))
          .map((r) => r.docid)
        expect(trecOrder).toEqual(ids)
      }),
      { numRuns: 200 },
    )
  })
})

describe('qrels files', () => {
  test('TREC qrels parse, and format back to the same text', () => {
    const text = '1 0 29 3\n1 0 31 0\n2 0 5 1\n'
    const { qrels, format, problems } = parseTrecQrels(text)
    expect(problems).toEqual([])
    expect(format).toBe('trec')
    expect(qrels.get('1')).toEqual(
      new Map([
        ['29', 3],
        ['31', 0],
      ]),
    )
    expect(formatTrecQrels(qrels)).toBe(text)
  })

  test('BEIR qrels TSV with a header parse the same as TREC qrels', () => {
    const { qrels, format, problems } = parseTrecQrels('query-id\tcorpus-id\tscore\n1\t29\t3\n1\t31\t0\n2\t5\t1\n')
    expect(problems).toEqual([])
    expect(format).toBe('beir')
    expect(qrels).toEqual(parseTrecQrels('1 0 29 3\n1 0 31 0\n2 0 5 1\n').qrels)
  })

  test('bad grades, wrong widths and duplicate judgments are problems, first judgment kept', () => {
    const { qrels, problems } = parseTrecQrels('1 0 a 2\n1 0 b 1.5\n1 0 c\n1 0 a 3\n', 'q.trec')
    expect(problems.map((p) => [p.code, p.line])).toEqual([
      ['qrels_grade', 2],
      ['qrels_columns', 3],
      ['qrels_duplicate', 4],
    ])
    expect(problems[0]?.message).toBe('grade "1.5" is not a whole number')
    expect(qrels.get('1')).toEqual(new Map([['a', 2]]))
  })

  test('a negative grade (TREC Web track: -1, -2 for junk) is read as judged non-relevant, grade 0, and counted', () => {
    const { qrels, problems, negativeGrades } = parseTrecQrels('1 0 a 2\n1 0 b -1\n1 0 c -2\n', 'web.qrels')
    expect(problems).toEqual([])
    expect(negativeGrades).toBe(2)
    expect(qrels.get('1')).toEqual(
      new Map([
        ['a', 2],
        ['b', 0],
        ['c', 0],
      ]),
    )
  })
})
