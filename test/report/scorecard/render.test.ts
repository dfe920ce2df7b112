import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { evaluateGate } from '../../../src/report/gate/evaluate.ts'
import { gateView } from '../../../src/report/gate/gate-messages.ts'
import { buildScorecard } from '../../../src/report/scorecard/aggregate.ts'
import { VersionedFileError } from '../../../src/shared/problems/versioned-file-error.ts'
import { renderConsoleSummary } from '../../../src/report/scorecard/render-console.ts'
import { parseScorecard, scorecardJsonPieces, serializeScorecard } from '../../../src/report/scorecard/render-json.ts'
import { writePiecesAtomicSync } from '../../../src/shared/util/atomic-write.ts'
import { escapeMarkdown } from '../../../src/report/scorecard/markdown-tables.ts'
import { renderMarkdown } from '../../../src/report/scorecard/render-markdown.ts'
import { readScorecardFile, writeScorecardFile } from '../../../src/report/files/scorecard-file.ts'
import { buildContext, buildRecord } from './build-records.ts'

const records = [
  buildRecord('GC-0001', {
    mode: 'system',
    retrieval: { metrics: { 'recall@5': 1, 'recall@20': 1, mrr: 1, 'ndcg@10': 1 } },
    hard: [{ name: 'toHaveNoFabricatedCitations', passed: true }],
    answer: { text: 'Seats cost $12 [1].', abstained: false, confidence: 0.8, citedMarkers: [1] },
    judge: { kind: 'heuristic', failed: false },
    answerMetrics: { faithfulness: 1, crag_truthfulness: 1 },
    errorClass: 'correct',
    usage: { calls: 3, cachedCalls: 3, retries: 0, costUsd: 0, savedUsd: 0.0123 },
  }),
  buildRecord('GC-0002', {
    mode: 'system',
    caseType: 'cross_tenant',
    line: 7,
    facets: { answerable: false },
    retrieval: { scored: false },
    hard: [
      { name: 'toNotLeakAcrossTenants', passed: false, message: 'answer quotes "plan | gold" of tenant brassmoth' },
    ],
    answer: { text: 'Gold plan…', abstained: false, confidence: 0.3, citedMarkers: [] },
    judge: { kind: 'heuristic', failed: false },
    answerMetrics: { faithfulness: 0, crag_truthfulness: -1 },
    errorClass: 'wrong_abstention',
  }),
]
const scorecard = buildScorecard(records, buildContext({ mode: 'system', expectedCases: 2 }))

describe('scorecard JSON', () => {
  test('serialising and parsing gives back the same scorecard', () => {
    expect(parseScorecard(serializeScorecard(scorecard))).toEqual(scorecard)
  })

  test('a large scorecard is written in pieces that make the same one-line-per-case text', () => {
    // 1,100 cases: three pieces of entries (512, 512, 76) between the head and the tail.
    const many = Array.from({ length: 1100 }, (_, i) =>
      buildRecord(`C-${String(i).padStart(4, '0')}`, { retrieval: { metrics: { 'recall@5': i % 2 } } }),
    )
    const big = buildScorecard(many, buildContext({ expectedCases: 1100 }))
    const pieces = [...scorecardJsonPieces(big)]
    expect(pieces).toHaveLength(5)
    const text = pieces.join('')
    expect(text).toBe(serializeScorecard(big))
    expect(parseScorecard(text)).toEqual(big)
    // Each case entry is one line, the last without a comma, as the whole-string form wrote them.
    const lines = text.split('\n')
    const entryLines = lines.filter((l) => l.startsWith('    "C-'))
    expect(entryLines).toHaveLength(1100)
    expect(entryLines[0]).toBe(`    "C-0000": ${JSON.stringify(big.cases['C-0000'])},`)
    expect(entryLines[1099]).toBe(`    "C-1099": ${JSON.stringify(big.cases['C-1099'])}`)
    // Pieces 512 and 513 meet with the comma and newline between two entries.
    expect(text).toContain(`${JSON.stringify(big.cases['C-0511'])},\n    "C-0512": `)
    // And the file written piece by piece holds exactly that text.
    const dir = mkdtempSync(join(tmpdir(), 'vitest-rag-pieces-'))
    writePiecesAtomicSync(join(dir, 'scorecard.json'), scorecardJsonPieces(big))
    expect(readFileSync(join(dir, 'scorecard.json'), 'utf8')).toBe(text)
  })

  test('a scorecard of another version is refused with a message saying to re-run', () => {
    const text = serializeScorecard({ ...scorecard, version: 99 as 1 })
    expect(() => parseScorecard(text, '.vitest-rag/scorecard.json')).toThrow(
      expect.objectContaining({ code: 'VITEST_RAG_SCORECARD_VERSION' }),
    )
    expect(() => parseScorecard(text, '.vitest-rag/scorecard.json')).toThrow(
      /\.vitest-rag\/scorecard\.json is a scorecard of version 99, this harness reads version 1; re-run the evals/,
    )
  })

  test('malformed text is refused naming the first bad field', () => {
    expect(() => parseScorecard('{"version": 1', 'x.json')).toThrow(VersionedFileError)
    expect(() => parseScorecard('{"version": 1', 'x.json')).toThrow(
      expect.objectContaining({ code: 'VITEST_RAG_SCORECARD_FORMAT' }),
    )
    const noHard = JSON.parse(serializeScorecard(scorecard)) as Record<string, unknown>
    delete noHard.hard
    expect(() => parseScorecard(JSON.stringify(noHard), 'x.json')).toThrow(/x\.json is not a valid scorecard: hard:/)
  })

  test('the scorecard file is written and read back; a missing file says to run the evals first', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vitest-rag-scorecard-'))
    const path = join(dir, '.vitest-rag', 'scorecard.json')
    await writeScorecardFile(path, scorecard)
    expect(readFileSync(path, 'utf8')).toBe(serializeScorecard(scorecard))
    expect(await readScorecardFile(path)).toEqual(scorecard)
    await expect(readScorecardFile(join(dir, 'missing.json'))).rejects.toThrow(
      /does not exist; run the evals to write it/,
    )
    writeFileSync(path, '[]')
    await expect(readScorecardFile(path)).rejects.toThrow(/not a JSON object/)
  })
})

describe('renderMarkdown: per-tenant table', () => {
  test('a run over two tenants gets a tenant table beside the per-type one; one tenant gets none', () => {
    const twoTenants = buildScorecard(
      records.map((r, i) => ({ ...r, tenantId: i === 0 ? 'brassmoth' : 'quillfern' })),
      buildContext({ mode: 'system', expectedCases: 2 }),
    )
    // Retrieval: only GC-0001 (brassmoth) is scored, so one tenant row -> no table. Answers: both are judged.
    const markdown = renderMarkdown(twoTenants)
    expect(markdown.match(/\| Tenant \|/g)).toHaveLength(1)
    expect(markdown).toContain('| brassmoth | 1 | 1.000 | 1.000 |')
    expect(markdown).toContain('| quillfern | 1 | 0.000 | -1.000 |')
    expect(renderMarkdown(scorecard)).not.toContain('| Tenant |')
  })
})

describe('renderMarkdown', () => {
  const gate = evaluateGate(scorecard, undefined)
  const markdown = renderMarkdown(scorecard, gateView(gate))

  test('puts hard assertions first, then quality tables, then the gate', () => {
    const order = [
      '### Hard assertions',
      '### Retrieval',
      '### Answer quality',
      '### Abstention',
      '### Error classes',
      '### Usage',
      '### Gate: ❌ FAIL',
    ]
    const positions = order.map((heading) => markdown.indexOf(heading))
    expect(positions.every((p) => p > 0)).toBe(true)
    expect([...positions].sort((x, y) => x - y)).toEqual(positions)
    expect(markdown.startsWith('## vitest-rag scorecard — ❌ FAIL')).toBe(true)
  })

  test('lists the failing hard assertion with its location, escaping the pipe in the message', () => {
    expect(markdown).toContain('❌ 1 of 2 failed')
    expect(markdown).toContain(
      '| `GC-0002` | golden/support.golden.jsonl:7 | toNotLeakAcrossTenants | answer quotes "plan \\| gold" of tenant brassmoth |',
    )
  })

  test('shows metrics with per case type columns and the calibration column', () => {
    // cross_tenant has no scored retrieval case (must abstain): its column is left out
    expect(markdown).toContain('| Metric | overall (n=1) | normal (n=1) |')
    expect(markdown).toContain('| recall@5 | 1.000 | 1.000 |')
    expect(markdown).toContain('| Metric | overall (n=2) | normal (n=1) | cross_tenant (n=1) | Calibration |')
    // crag_truthfulness: (1 + -1) / 2 = 0
    expect(markdown).toContain('| crag_truthfulness | 0.000 | 1.000 | -1.000 | uncalibrated |')
    expect(markdown).toContain('heuristic judge · coverage 100.0% (2 of 2 cases judged)')
  })

  test('the judge record beside a judge metric says on what rows it was measured, and flags a judge that does not beat the baseline', () => {
    const measuredOn = 'heuristic-6 on HaluEval QA, reporting half (seed 25, 1000 of 2000 rows)'
    const figure = { accuracy: 0.954, kappa: 0.911, n: 1000, measuredOn, rocAuc: 0.994, unigramRocAuc: 0.915 }
    const beats = buildScorecard(
      records,
      buildContext({ mode: 'system', calibration: { faithfulness: { ...figure, beatsBaseline: true } } }),
    )
    const record = `acc 0.95, κ 0.91, n=1000 · AUC 0.994 vs unigram 0.915 · ${measuredOn}`
    expect(renderMarkdown(beats)).toContain(`| faithfulness | 0.500 | 1.000 | 0.000 | ${record} |`)
    expect(renderConsoleSummary(beats)).toContain(`  judge record, faithfulness: ${record}`)
    expect(parseScorecard(serializeScorecard(beats)).answer.calibration.faithfulness).toEqual({
      ...figure,
      beatsBaseline: true,
    })
    const loses = buildScorecard(
      records,
      buildContext({
        mode: 'system',
        calibration: { faithfulness: { ...figure, rocAuc: 0.894, beatsBaseline: false } },
      }),
    )
    expect(renderMarkdown(loses)).toContain(
      'AUC 0.894 vs unigram 0.915 · heuristic-6 on HaluEval QA, reporting half (seed 25, 1000 of 2000 rows) · lexical smoke test, not evidence (does not beat unigram precision) |',
    )
  })

  test('orders retrieval metrics by family then k (the first table; facet tables repeat it)', () => {
    const rows = markdown
      .split('\n')
      .filter((l) => /^\| (recall|mrr|ndcg)/.test(l))
      .map((l) => l.split(' | ')[0])
      .slice(0, 4)
    expect(rows).toEqual(['| recall@5', '| recall@20', '| ndcg@10', '| mrr'])
  })

  test('renders the gate reasons and the no-baseline how-to', () => {
    // the failures are listed at the top; the gate section collapses them into one line
    expect(markdown).toContain('- ❌ 1 hard assertion(s) failed in 1 case(s) (listed under hard assertions)')
    expect(markdown).toContain('npx vitest-rag baseline accept')
  })

  test('without a gate result there is no gate section and no verdict in the title', () => {
    const plain = renderMarkdown(scorecard)
    expect(plain).not.toContain('### Gate')
    expect(plain.startsWith('## vitest-rag scorecard\n')).toBe(true)
  })

  test('escapeMarkdown neutralises pipes, newlines and tags', () => {
    expect(escapeMarkdown('a|b\n<script>')).toBe('a\\|b &lt;script&gt;')
  })
})

describe('renderConsoleSummary', () => {
  test('summarises the run in a few lines, failures and gate included', () => {
    const text = renderConsoleSummary(scorecard, gateView(evaluateGate(scorecard, undefined)))
    const lines = text.trimEnd().split('\n')
    expect(lines[0]).toBe('vitest-rag: 2 of 2 cases (system mode)')
    expect(lines[1]).toBe('  hard assertions: 1 of 2 FAILED')
    expect(lines[2]).toBe(
      '    x GC-0002 toNotLeakAcrossTenants (golden/support.golden.jsonl:7): answer quotes "plan | gold" of tenant brassmoth',
    )
    expect(lines[3]).toBe(
      '  retrieval: recall@5 1.000  recall@20 1.000  mrr 1.000  ndcg@10 1.000 (1 scored, 1 unscored)',
    )
    expect(text).toContain(
      '  answers (heuristic judge, coverage 100%, answered 100%): faithfulness 0.500  crag_truthfulness 0.000',
    )
    expect(text).toContain('  usage: 3 calls (3 cached, 0 retries), $0.0000 spent, $0.0123 saved')
    expect(text).toContain('  gate: FAIL')
    // Neither case abstained: precision 0/0 is not applicable (it printed 1.000); recall 0 of 1 must-abstain.
    expect(text).toContain('  abstention: precision n/a  recall 0.000')
    expect(scorecard.abstention).toMatchObject({ precision: null, recall: 0, f1: null })
    expect(renderMarkdown(scorecard, gateView(evaluateGate(scorecard, undefined)))).toMatch(
      /\| 1 \| 0 \| 0 \| n\/a \| 0\.000 \| n\/a \|/,
    )
  })
})

describe('not applicable is not a number', () => {
  test('a run that answered nothing prints faithfulness and its kin as n/a, not a value and not silence', () => {
    const declined = buildScorecard(
      [
        buildRecord('GC-0003', {
          mode: 'system',
          answer: { text: "I don't know.", abstained: true, citedMarkers: [] },
          judge: { kind: 'heuristic', failed: false },
          answerMetrics: { crag_truthfulness: 0 },
          errorClass: 'wrong_abstention',
        }),
      ],
      buildContext({ mode: 'system', expectedCases: 1 }),
    )
    // 0 answered cases: faithfulness = (sum over answered) / 0 is undefined; the scorecard stores no mean for it.
    expect(declined.answer.overall.mean.faithfulness).toBeUndefined()
    expect(renderConsoleSummary(declined, gateView(evaluateGate(declined, undefined)))).toContain(
      '(faithfulness, citation_accuracy, answer_relevance: n/a, no answered case)',
    )
    expect(renderMarkdown(declined)).toContain(
      'faithfulness, citation accuracy and relevance are over answered cases: n/a, no answered case',
    )
  })
})

describe('large runs stay readable', () => {
  test('scorecard.json writes each case on one line (indented elsewhere) and parses back whole', () => {
    const text = serializeScorecard(scorecard)
    const lines = text.split('\n')
    // Exactly one line per case: `    "<id>": {...}`.
    expect(lines.filter((l) => /^ {4}"GC-000[12]": \{.*\},?$/.test(l))).toHaveLength(2)
    expect(lines.filter((l) => l.includes('"GC-0001"'))).toHaveLength(1)
    expect(lines[1]).toBe('  "version": 1,')
    expect(parseScorecard(text)).toEqual(scorecard)
    expect(text.endsWith('}\n')).toBe(true)
  })

  test('the HTML drill-down lists at most 1,000 failing and 100 correct cases and says where the rest are', async () => {
    const { renderHtmlScorecard } = await import('../../../src/report/scorecard/render-html.ts')
    const { MAX_FAILING_CASES_SHOWN } = await import('../../../src/report/scorecard/html-case-list.ts')
    const detail = (i: number, failing: boolean) => ({
      caseId: `C-${i}`,
      caseType: 'normal',
      file: 'g.golden.jsonl',
      line: i,
      citedMarkers: [],
      retrieved: [],
      hard: [{ name: 'toContainAll', passed: !failing }],
      metrics: {},
    })
    const cases = [
      ...Array.from({ length: 1003 }, (_, i) => detail(i, true)),
      ...Array.from({ length: 105 }, (_, i) => detail(2000 + i, false)),
    ]
    const html = renderHtmlScorecard({
      title: 't',
      scorecard,
      gate: gateView(evaluateGate(scorecard, undefined)),
      cases,
    })
    // 1,000 failing + 100 correct entries: 1,003 - 1,000 = 3 failing and 105 - 100 = 5 correct left out, both said.
    expect(MAX_FAILING_CASES_SHOWN).toBe(1000)
    expect(html.match(/<details id="case-C-/g)).toHaveLength(1100)
    expect(html).toContain(
      '1003 failing or misclassified, listed first (the first 1000; the other 3 are in scorecard.json); 5 more correct cases not listed',
    )
  })

  test('the reporter selects before it builds drill-downs: the same page from the selection and its totals', async () => {
    const { renderHtmlScorecard } = await import('../../../src/report/scorecard/render-html.ts')
    const { selectShownCases } = await import('../../../src/report/scorecard/html-case-list.ts')
    const detail = (i: number, failing: boolean) => ({
      caseId: `C-${i}`,
      caseType: 'normal',
      file: 'g.golden.jsonl',
      line: i,
      citedMarkers: [],
      retrieved: [],
      hard: [{ name: 'toContainAll', passed: !failing }],
      metrics: {},
      ...(i === 7 ? { errorClass: 'hallucination' } : {}),
    })
    // 3 failing (C-0..C-2), C-7 misclassified though its checks pass, 200 correct: 4 failing + 100 of 200 correct shown.
    const cases = [
      ...Array.from({ length: 3 }, (_, i) => detail(i, true)),
      ...Array.from({ length: 201 }, (_, i) => detail(3 + i, false)),
    ]
    const selected = selectShownCases(cases)
    expect([selected.shown.length, selected.failing, selected.correct]).toEqual([104, 4, 200])
    const input = { title: 't', scorecard, gate: gateView(evaluateGate(scorecard, undefined)) }
    expect(
      renderHtmlScorecard({
        ...input,
        cases: selected.shown,
        caseTotals: { failing: selected.failing, correct: selected.correct },
      }),
    ).toBe(renderHtmlScorecard({ ...input, cases }))
  })
})
