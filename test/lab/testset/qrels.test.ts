import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { parseGoldenText } from '../../../src/cases/parse-golden.ts'
import { condenseRanking } from '../../../src/grading/metrics/judged.ts'
import { scoreRetrieval } from '../../../src/grading/metrics/retrieval.ts'
import { resolveLocators } from '../../../src/cases/resolve-locators.ts'
import { resolveConfig } from '../../../src/config/resolve.ts'
import { pooledCaseGrades } from '../../../src/grading/qrels/pooled-grades.ts'
import { parseQrels } from '../../../src/grading/qrels/qrels-file.ts'
import { resetProviderLimiters } from '../../../src/llm/index.ts'
import { createRagRuntime } from '../../../src/evaluation/create-runtime.ts'
import { prepareCase } from '../../../src/cases/prepared-case.ts'
import { evaluateCase } from '../../../src/evaluation/evaluate-case.ts'
import { prepareCorpus } from '../../../src/corpus/prepare-corpus.ts'
import { buildScorecard } from '../../../src/report/scorecard/aggregate.ts'
import { renderConsoleSummary } from '../../../src/report/scorecard/render-console.ts'
import { startOpenAiServer, type OpenAiTestServer } from '../../helpers/openai-server.ts'
import { buildContext } from '../../report/scorecard/build-records.ts'
import { cli } from './cli.ts'

const kb = resolve(import.meta.dirname, '../../fixtures/kb-mini')
const root = mkdtempSync(join(tmpdir(), 'vitest-rag-qrels-'))
const golden = [
  {
    case_id: 'Q-1',
    case_type: 'normal',
    tenant_id: 'acme',
    query: 'How many seats does the Team plan allow?',
    expected_sources: [{ locator: { kind: 'doc', slug: 'billing/seats', heading: 'Plans > Limits' } }],
  },
  {
    case_id: 'Q-2',
    case_type: 'normal',
    tenant_id: 'acme',
    query: 'When are invoices sent?',
    expected_sources: [{ locator: { kind: 'doc', slug: 'billing/seats', heading: 'Invoices' } }],
  },
]
  .map((c) => JSON.stringify(c))
  .join('\n')
let server: OpenAiTestServer

beforeAll(async () => {
  mkdirSync(join(root, 'golden'), { recursive: true })
  writeFileSync(join(root, 'golden/mini.golden.jsonl'), golden)
  // The judge grades 2 when the passage mentions "seat", else 0.
  server = await startOpenAiServer((request) => {
    const passage =
      /<passage>\n([\s\S]*?)\n<\/passage>/.exec(String(request.body?.messages?.[1]?.content ?? ''))?.[1] ?? ''
    return { text: JSON.stringify({ grade: /seat/i.test(passage) ? 2 : 0, reason: 'scripted' }) }
  })
  vi.stubEnv('QRELS_TEST_KEY', 'sk-qrels-test')
  const provider = { name: 'loop', baseURL: server.baseURL, apiKeyEnv: 'QRELS_TEST_KEY', model: 'judge-x' }
  writeFileSync(
    join(root, 'models.json'),
    JSON.stringify({
      judge: { chain: [provider] },
      prices: { 'judge-x': { inputPerMillion: 1, outputPerMillion: 1 } },
      cacheDir: 'cache',
    }),
  )
})
afterAll(async () => {
  vi.unstubAllEnvs()
  await server.close()
  rmSync(root, { recursive: true, force: true })
})

const pool = (qrels: string, ...extra: string[]) =>
  cli(root, ['qrels', 'pool', '--kb', kb, '--arms', 'bm25,vector', '--k', '3', '--qrels', qrels, ...extra])

describe('qrels pool with the model judge (loopback server)', () => {
  test('grades the unjudged union of the arms once; a second run makes zero paid calls', async () => {
    resetProviderLimiters()
    const first = await pool('golden/qrels.jsonl', '--models', 'models.json')
    expect(first.code).toBe(0)
    // printed first: at most 2 cases x 2 arms x top 3 = 12 gradings, each asked and re-asked once = 24 calls
    expect(first.stderr).toMatch(
      /^vitest-rag qrels pool: estimated worst-case cost: \$0\.\d{4} over 24 model calls \(judge-x: 24\) \(no spend limit set\)\n$/,
    )
    const graded = parseQrels(readFileSync(join(root, 'golden/qrels.jsonl'), 'utf8'), 'q').rows
    expect(server.requests).toHaveLength(graded.length) // one grading call per unjudged pooled chunk
    expect(graded.length).toBeGreaterThan(0)
    expect(new Set(graded.map((r) => [r.source, r.judge_model, r.prompt_version].join(' ')))).toEqual(
      new Set(['llm judge-x judge-relevance@1']),
    )
    const pooled = Number(/, (\d+) pooled chunks/.exec(first.stdout)?.[1])
    const judged = Number(/, (\d+) already judged/.exec(first.stdout)?.[1])
    expect(pooled).toBe(judged + graded.length) // every pooled chunk was either judged already or graded now

    resetProviderLimiters()
    const again = await pool('golden/qrels.jsonl', '--models', 'models.json')
    expect(again.stdout).toContain(`${pooled} already judged, 0 graded`)
    expect(server.requests).toHaveLength(graded.length)

    // a fresh qrels file grades the same pool again, answered by the model client's cache: still no paid call
    resetProviderLimiters()
    await pool('golden/qrels-copy.jsonl', '--models', 'models.json')
    expect(server.requests).toHaveLength(graded.length)
    expect(
      parseQrels(readFileSync(join(root, 'golden/qrels-copy.jsonl'), 'utf8'), 'q').rows.map((r) => [
        r.case_id,
        r.chunk_locator,
        r.grade,
      ]),
    ).toEqual(graded.map((r) => [r.case_id, r.chunk_locator, r.grade]))
  })

  test('an estimate over the spend limit is refused before any call; --dry-run stops after the estimate', async () => {
    resetProviderLimiters()
    const before = server.requests.length
    const refused = await pool('golden/refused.jsonl', '--models', 'models.json', '--cap', '1', '--spend-limit', '1e-9')
    // --cap 1: one grading, asked and re-asked = 2 calls
    expect([refused.code, refused.stdout]).toEqual([1, ''])
    expect(refused.stderr).toMatch(
      /over 2 model calls \(judge-x: 2\) \(limit \$1e-9\)\nvitest-rag qrels pool: refused before any model call: the run's worst-case estimate is \$0\.\d{6} for 2 calls, over the \$0\.000000 spend limit/,
    )
    const dry = await pool('golden/dry.jsonl', '--models', 'models.json', '--dry-run')
    expect([dry.code, dry.stdout]).toEqual([0, ''])
    expect(dry.stderr).toMatch(/over 24 model calls .*\n.*dry run: stopped before any model call\n$/)
    const offline = await pool('golden/dry.jsonl', '--grader', 'heuristic', '--dry-run')
    expect([offline.code, offline.stderr]).toEqual([
      0,
      'vitest-rag qrels pool: dry run: no model is used (offline), so nothing would be spent\n',
    ])
    expect(server.requests.length).toBe(before)
    expect(existsSync(join(root, 'golden/refused.jsonl')) || existsSync(join(root, 'golden/dry.jsonl'))).toBe(false)
  })

  test('--cap bounds the grading calls and leaves the rest for the next run', async () => {
    const run = await pool('golden/capped.jsonl', '--grader', 'heuristic', '--cap', '1')
    expect(run.stdout).toMatch(/, 1 graded by heuristic \(.*\), \d+ left by --cap 1\n/)
    expect(parseQrels(readFileSync(join(root, 'golden/capped.jsonl'), 'utf8'), 'q').rows).toHaveLength(1)
  })

  test("without --kb it pools over the project's corpus, golden files and qrels file, named first", async () => {
    // The project's ragEval options as a JSON options file (the Vitest config path is tested end to end in
    // test/cli/project-config-e2e.test.ts): the corpus, and a qrels option the run would read.
    writeFileSync(
      join(root, 'rag.json'),
      JSON.stringify({ corpus: { kind: 'kb', root: kb }, qrels: 'golden/own.jsonl' }),
    )
    const run = await cli(root, ['qrels', 'pool', '--config', 'rag.json', '--grader', 'heuristic', '--k', '3'])
    expect(run.code, run.stderr).toBe(0)
    expect(run.stderr.split('\n')[0]).toMatch(
      /^vitest-rag qrels pool: options file rag.json: corpus .*kb-mini \(kb\), golden golden\/\*\*\/\*\.golden\.jsonl/,
    )
    // Both cases of golden/mini.golden.jsonl (the project's golden glob), appended to its qrels option.
    expect(run.stdout).toMatch(/^vitest-rag qrels pool: 2 cases, /)
    expect(run.stdout).toContain(`appended to ${join(root, 'golden/own.jsonl')}`)
  })

  test("with no grader flag it grades as the project's run does: its judge option and its models", async () => {
    const provider = { name: 'loop', baseURL: server.baseURL, apiKeyEnv: 'QRELS_TEST_KEY', model: 'judge-x' }
    const options = { corpus: { kind: 'kb', root: kb }, qrels: 'golden/project-judge.jsonl' }
    writeFileSync(
      join(root, 'model-project.json'),
      JSON.stringify({
        ...options,
        judge: 'model',
        models: { judge: { chain: [provider] }, prices: { 'judge-x': { inputPerMillion: 1, outputPerMillion: 1 } } },
      }),
    )
    writeFileSync(join(root, 'heuristic-project.json'), JSON.stringify(options))
    resetProviderLimiters()
    const before = server.requests.length
    const run = await cli(root, ['qrels', 'pool', '--config', 'model-project.json', '--k', '3', '--cap', '2'])
    expect(run.code, run.stderr).toBe(0)
    // --cap 2: two gradings, each one call to the loopback judge of the project's models option
    expect(run.stdout).toMatch(/, 2 graded by llm judge-x \(/)
    expect(server.requests.length - before).toBe(2)
    const offline = await cli(root, ['qrels', 'pool', '--config', 'heuristic-project.json', '--k', '3', '--cap', '1'])
    expect(offline.stdout).toMatch(/, 1 graded by heuristic \(/)
    expect(server.requests.length - before).toBe(2)
    const contradictory = await cli(root, [
      'qrels',
      'pool',
      '--kb',
      kb,
      '--models',
      'models.json',
      '--grader',
      'heuristic',
    ])
    expect([contradictory.code, contradictory.stderr]).toEqual([
      2,
      expect.stringContaining('--models FILE configures the model grader; drop it with --grader heuristic'),
    ])
    const noModels = await cli(root, ['qrels', 'pool', '--config', 'heuristic-project.json', '--grader', 'model'])
    expect(noModels.code).toBe(2)
    expect(noModels.stderr).toContain('configures no models; add a models option to its ragEval()')
    // The models error is quoted once, without a second "vitest-rag: " inside the line.
    writeFileSync(
      join(root, 'unpriced-project.json'),
      JSON.stringify({ ...options, judge: 'model', models: { judge: { chain: [provider] } } }),
    )
    const unpriced = await cli(root, ['qrels', 'pool', '--config', 'unpriced-project.json'])
    expect(unpriced.stderr).toContain('vitest-rag qrels pool: project "evals" models: model "judge-x" has no price')
  })
})

describe('qrels override and the run that uses pooled grades', () => {
  test('a human grade wins over the golden file; the run scores with pooled grades and reports where they came from', async () => {
    const prepared = await prepareCorpus({ kind: 'kb', root: kb }, 'structural')
    const invoices = prepared.chunks.find((c) => c.headingPath?.join(' > ') === 'Seats and billing > Invoices')
    expect(invoices).toBeDefined()
    // Q-1's golden file does not judge the Invoices chunk; a reviewer says it is a grade 3 answer too
    const override = await cli(root, [
      'qrels',
      'override',
      '--case',
      'Q-1',
      '--chunk',
      invoices?.id ?? '',
      '--chunker',
      'structural',
      '--grade',
      '3',
      '--reviewer',
      'ana',
      '--note',
      'lists the seat invoice',
      '--qrels',
      'golden/override.jsonl',
    ])
    expect([override.code, override.stderr]).toEqual([0, ''])
    const rows = parseQrels(readFileSync(join(root, 'golden/override.jsonl'), 'utf8'), 'q').rows
    expect(rows.map((r) => [r.source, r.grade, r.reason])).toEqual([['human', 3, 'ana: lists the seat invoice']])

    const parsed = parseGoldenText(golden, 'golden/mini.golden.jsonl').cases
    const resolved = resolveLocators(
      parsed.map((c) => c.case),
      prepared.corpus.documents,
      prepared.chunks,
    )
    const chunksByDoc = new Map<string, typeof prepared.chunks>()
    for (const ch of prepared.chunks) chunksByDoc.set(ch.docId, [...(chunksByDoc.get(ch.docId) ?? []), ch])
    const grades = pooledCaseGrades('Q-1', resolved.spans.get('Q-1') ?? [], rows, chunksByDoc, 'structural')
    // golden: the "Plans > Limits" chunk (grade 3); human: the Invoices chunk (grade 3)
    expect(grades.sources).toEqual({ provenance: 1, human: 1 })
    expect(grades.grades.get(invoices?.id ?? '')).toBe(3)

    const runOf = async (qrels?: string, judgedOnly = false) => {
      const config = resolveConfig(
        {
          corpus: { kind: 'kb', root: kb },
          mode: 'retrieval',
          outDir: join(root, 'out'),
          judgedOnly,
          ...(qrels ? { qrels } : {}),
        },
        root,
        {},
      )
      const runtime = await createRagRuntime(config)
      try {
        return await Promise.all(
          parsed.map(({ case: c, line }) =>
            evaluateCase(runtime, prepareCase(c, line, resolved), 'golden/mini.golden.jsonl'),
          ),
        )
      } finally {
        await runtime.close()
      }
    }
    const goldenOnly = await runOf()
    const withPooled = await runOf('golden/override.jsonl')
    // recall@1 of Q-1: golden-only 1 relevant chunk; pooled 2 relevant chunks, at most 1 in the top 1 -> at most 0.5
    expect(goldenOnly[0]?.record.retrieval.metrics['recall@1']).toBe(1)
    expect(withPooled[0]?.record.retrieval.metrics['recall@1']).toBe(0.5)
    expect(withPooled.map((e) => e.record.retrieval.gradeSources)).toEqual([
      { provenance: 1, human: 1 },
      { provenance: 2 },
    ])
    expect(goldenOnly[0]?.record.retrieval.gradeSources).toBeUndefined()
    // Pooled qrels are incomplete: each case reports judged@k beside its metrics, the share of its top k with a
    // grade in its qrels; the golden-only run does not (its judgments are the golden file's, complete by design).
    for (const { record } of withPooled) {
      const judgedIds = new Set((record.retrieval.judged ?? record.retrieval.expected).map((e) => e.chunkId))
      const ranked = record.retrieval.ranked ?? record.retrieval.retrieved.map((h) => h.chunkId)
      const top5 = ranked.slice(0, 5)
      expect(record.retrieval.metrics['judged@5']).toBe(top5.filter((id) => judgedIds.has(id)).length / top5.length)
    }
    expect(withPooled[0]?.record.retrieval.metrics['judged@1']).toBeDefined()
    expect(Object.keys(goldenOnly[0]?.record.retrieval.metrics ?? {}).some((name) => name.startsWith('judged@'))).toBe(
      false,
    )
    // judgedOnly scores the condensed list: the metrics of the ranking without its unjudged ids
    const condensed = await runOf('golden/override.jsonl', true)
    condensed.forEach(({ record }, i) => {
      const grades = new Map((record.retrieval.judged ?? record.retrieval.expected).map((e) => [e.chunkId, e.grade]))
      const ranked = record.retrieval.ranked ?? record.retrieval.retrieved.map((h) => h.chunkId)
      expect(record.retrieval.metrics.mrr).toBe(scoreRetrieval(condenseRanking(ranked, grades), grades).mrr)
      expect(record.retrieval.metrics['judged@5']).toBe(withPooled[i]?.record.retrieval.metrics['judged@5'])
    })
    const summary = renderConsoleSummary(
      buildScorecard(
        withPooled.map((e) => e.record),
        buildContext({ mode: 'retrieval' }),
      ),
    )
    expect(summary).toContain('  relevance grades: golden 3, human 1 (1 of 2 scored cases use pooled grades)\n')
  })
})
