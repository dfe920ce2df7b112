/**
 * End to end: each experiment command run as the CLI runs it (the command router, in-process) over the
 * fixture golden set in test/fixtures/experiments (10 cases over the e2e fixture's two-tenant KB), asserting
 * the printed table and the written result JSON. Results go to a temporary output folder (VITEST_RAG_OUT_DIR),
 * as the config's outDir.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { runCli } from '../../../src/cli/main.ts'
import { withGateThreshold } from '../../../src/cli/commands/tune.ts'
import { loadExperimentSource, resolveCases } from '../../../src/lab/experiments/experiment-source.ts'
import { createRetrievalRuntime, evaluateCases } from '../../../src/lab/experiments/run-cases.ts'
import { thresholdRow } from '../../../src/lab/experiments/threshold-sweep.ts'
import { createRagRuntime } from '../../../src/evaluation/create-runtime.ts'
import { buildScorecard } from '../../../src/report/scorecard/aggregate.ts'
import { writeScorecardFile } from '../../../src/report/files/scorecard-file.ts'
import { repoRoot } from '../../helpers/run-vitest.ts'

const CONFIG = 'test/fixtures/experiments/experiment.config.json'
let out: string

async function cli(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = ''
  let stderr = ''
  const code = await runCli(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), cwd: repoRoot })
  return { code, stdout, stderr }
}

function readResult(kind: string): any {
  return JSON.parse(readFileSync(join(out, 'experiments', `${kind}.json`), 'utf8'))
}

beforeAll(() => {
  out = mkdtempSync(join(tmpdir(), 'vitest-rag-experiments-'))
  vi.stubEnv('VITEST_RAG_OUT_DIR', out)
})
afterAll(() => {
  vi.unstubAllEnvs()
})

describe('experiment commands on the fixture golden set', () => {
  test('eval-retrieval prints each arm overall and per case type with its paired difference from the reference, and writes the result', async () => {
    const run = await cli(['eval-retrieval', '--config', CONFIG, '--arms', 'bm25,vector', '--resamples', '500'])
    expect(run.code, run.stderr).toBe(0)
    const lines = run.stdout.split('\n')
    // 10 cases: 7 answerable (scored), 3 out_of_scope (must abstain, unscored). 18 docs x 2 heading sections = 36 chunks.
    expect(lines[0]).toBe(
      'vitest-rag eval-retrieval: golden/*.golden.jsonl over ../e2e/kb (10 cases); chunker structural (36 chunks); 7 scored, 3 unscored (must abstain); reference bm25',
    )
    // Every query names its module, so BM25 ranks the expected section first: 1.000 everywhere. The hash
    // embedder ranks one of FX-06's two expected chunks (the whole fjord doc) below 5: recall@5 (6 + 0.5) / 7 = 0.929.
    expect(lines).toContain(
      'bm25    overall  7           1.000           1.000           1.000           1.000           1.000           1.000           1.000',
    )
    expect(lines).toContain(
      'vector  overall  7  0.929 (-0.071)  1.000 (+0.000)  1.000 (+0.000)  1.000 (+0.000)  1.000 (+0.000)  1.000 (+0.000)  0.971 (-0.029)',
    )
    expect(lines).toContain(
      'vector   normal  7           0.929           1.000           1.000           1.000           1.000           1.000           0.971',
    )
    // One of seven pairs differs: the exact sign-flip test gives p = 1; no detectable change.
    expect(lines).toContain('vector vs bm25   recall@5      7  -0.071  [-0.286, +0.000]  1.0000  no detectable change')
    const result = readResult('eval-retrieval')
    expect(result).toMatchObject({
      version: 1,
      kind: 'eval-retrieval',
      cases: 10,
      argv: ['eval-retrieval', '--config', CONFIG, '--arms', 'bm25,vector', '--resamples', '500'],
    })
    expect(result.configSnapshot).toMatchObject({
      chunker: 'structural',
      corpus: { kind: 'kb' },
      experiment: { reference: 'bm25', resamples: 500 },
    })
    expect(result.data.arms.map((a: any) => a.arm)).toEqual(['bm25', 'vector'])
    expect(result.data.arms[1].means.overall.mean['recall@5']).toBeCloseTo(6.5 / 7, 12)
    expect(result.data.arms[1].vsReference['recall@5']).toMatchObject({ n: 7, pValue: 1, significant: false })
    expect(result.table.rows[1]).toEqual(lines.find((l) => l.startsWith('vector  overall'))?.split(/\s{2,}/))
  })

  test('chunking-experiment resolves the locators per chunker and prints chunk counts, ranking metrics and the size trend', async () => {
    const run = await cli([
      'chunking-experiment',
      '--config',
      CONFIG,
      '--chunkers',
      'structural,fixed-500,fixed-2000',
      '--resamples',
      '500',
    ])
    expect(run.code, run.stderr).toBe(0)
    const lines = run.stdout.split('\n')
    // Structural: 36 section chunks of 77 characters on average; every doc (154 characters on average) fits
    // one 500-character window, so both fixed sizes give 18 chunks, one per doc.
    expect(lines).toContain('structural      structural      36          77  7  1.000  1.000   1.000    1.000  1.000')
    expect(lines).toContain('fixed-500     fixed:500/50      18         154  7  1.000  1.000   1.000    1.000  1.000')
    expect(lines).toContain('fixed-2000  fixed:2000/200      18         154  7  1.000  1.000   1.000    1.000  1.000')
    expect(lines).toContain(
      'No: top-1 hit does not peak at a middle size (best from 500 characters), and top-10 hit stays flat. From 500 characters on every document fits in one chunk, so the larger sizes chunk identically.',
    )
    const result = readResult('chunking-experiment')
    expect(result).toMatchObject({
      version: 1,
      kind: 'chunking-experiment',
      cases: 10,
      data: { arm: 'bm25', reference: 'structural', trend: { top1PeaksInMiddle: false } },
    })
    expect(result.data.chunkers.map((c: any) => [c.name, c.chunks])).toEqual([
      ['structural', 36],
      ['fixed-500', 18],
      ['fixed-2000', 18],
    ])
    // Chunk ids change with the chunker, yet every case still has its expected chunk: the locators were resolved afresh.
    expect(result.data.chunkers.map((c: any) => c.overall.n)).toEqual([7, 7, 7])
  })

  test('tune sweeps the gate threshold, recommends the best, and each row equals a direct run at that threshold', async () => {
    const run = await cli(['tune', '--config', CONFIG, '--thresholds', '0,0.55,0.6,1'])
    expect(run.code, run.stderr).toBe(0)
    const lines = run.stdout.split('\n')
    expect(lines[0]).toBe(
      'vitest-rag tune: golden/*.golden.jsonl over ../e2e/kb (10 cases); 3 must-abstain cases; judge heuristic; gate threshold now 0.55',
    )
    // The three out_of_scope cases are declined at any threshold; FX-10 (gate score 0.562) abstains from 0.6 on:
    // coverage 7/10 -> 6/10, abstention precision 3/3 -> 3/4, truthfulness 8/10 -> 7/10 (its 1 becomes 0).
    expect(lines).toContain('0.55          0.700      1.000      1.000         0.800  current, recommended')
    expect(lines).toContain('0.60          0.600      0.750      1.000         0.700')
    expect(lines).toContain(
      'recommended threshold: 0.55 maximises CRAG truthfulness (0.800; a wrong answer costs 1, an abstention 0, a right answer earns 1), the current threshold is already the best',
    )
    const result = readResult('tune')
    expect(result).toMatchObject({
      version: 1,
      kind: 'tune',
      cases: 10,
      data: { current: 0.55, mustAbstain: 3, recommendation: { threshold: 0.55 } },
    })
    expect(result.data.riskCoverage.at(-1)).toMatchObject({ coverage: 1 })

    // The sweep's exactness claim: a real run with the gate at 0.6 gives the 0.6 row.
    const source = await loadExperimentSource({ config: CONFIG }, repoRoot)
    const { cases } = resolveCases(source, await source.prepare(source.config.chunker))
    const runtime = await createRagRuntime(withGateThreshold(source.config, 0.6))
    const direct = thresholdRow(await evaluateCases(runtime, cases), 0.6)
    expect(result.data.rows.find((r: any) => r.threshold === 0.6)).toEqual(direct)
  })

  test('noise runs the configuration N times with trial indexes; offline the spread is 0', async () => {
    const run = await cli(['noise', '--config', CONFIG, '--runs', '2'])
    expect(run.code, run.stderr).toBe(0)
    const lines = run.stdout.split('\n')
    expect(lines[0]).toBe(
      'vitest-rag noise: golden/*.golden.jsonl over ../e2e/kb (10 cases); 2 runs, system mode, offline (no model call: the spread is 0 by construction); gate tolerance 0.05 relative',
    )
    expect(lines).toContain(
      'recall@5            7  1.000       0.000  1.000  1.000        0.000       0.000           0.050                  ok to gate',
    )
    // crag_truthfulness: per case eight 1s and two 0s in each run; the gate allows 0.05 x 0.8 = 0.04, far below
    // what ten cases can detect, so the set is too small to gate it (the JSON holds the figures).
    expect(lines.some((l) => l.startsWith('crag_truthfulness') && l.endsWith('set too small for the gate'))).toBe(true)
    expect(lines).toContain('too noisy to gate on: none')
    const result = readResult('noise')
    expect(result).toMatchObject({
      version: 1,
      kind: 'noise',
      cases: 10,
      data: { runs: 2, tooNoisy: [] },
      configSnapshot: { experiment: { trials: [0, 1] } },
    })
    expect(result.data.metrics.every((m: any) => m.sd === 0)).toBe(true)
    // Per gated metric and group, overall included, the drop the gate can confirm at 80% power on these cases.
    expect(lines).toContain(
      'the smallest drop the gate confirms at 80% power, per gated metric and group (after its family correction):',
    )
    expect(result.data.confirmable.find((p: any) => p.metric === 'recall@5' && p.group === 'overall')).toMatchObject({
      n: 7,
      mean: 1,
    })
    expect(lines.some((l) => /^recall@5\s+overall\s+7\s+1\.000\s+\d+\.\d%/.test(l))).toBe(true)
  })

  test('compare pairs two runs, names the one changed section, prints verdicts and writes JSON and HTML', async () => {
    const source = await loadExperimentSource({ config: CONFIG }, repoRoot)
    const prepared = await source.prepare('structural')
    const { cases } = resolveCases(source, prepared)
    const scorecardOf = async (arm: 'bm25' | 'vector') => {
      const records = await evaluateCases(await createRetrievalRuntime(source.config, prepared, { arm }), cases)
      const context = {
        harnessVersion: '0.1.0',
        goldenSetHash: source.goldenSetHash,
        goldenFiles: [],
        corpusFingerprint: prepared.corpus.fingerprint,
        configSnapshot: { search: { arm }, chunker: 'structural' },
        models: {},
        mode: 'retrieval' as const,
        startedAt: '2026-12-01T00:00:00.000Z',
        finishedAt: '2026-12-01T00:00:01.000Z',
      }
      return buildScorecard(records, context)
    }
    await writeScorecardFile(join(out, 'a', 'scorecard.json'), await scorecardOf('bm25'))
    await writeScorecardFile(join(out, 'b.json'), await scorecardOf('vector'))
    const run = await cli([
      'compare',
      join(out, 'a'),
      join(out, 'b.json'),
      '--resamples',
      '500',
      '--html',
      join(out, 'compare.html'),
    ])
    expect(run.code, run.stderr).toBe(0)
    const lines = run.stdout.split('\n')
    expect(lines[1]).toBe('configurations differ in: search')
    expect(run.stdout).not.toContain('warning:')
    expect(lines).toContain(
      'recall@5      overall      7  1.000  0.929  -0.071  [-0.286, +0.000]  1.0000  no detectable change',
    )
    // BM25 returns only chunks sharing a query term, the vector arm every chunk of the tenant, and precision@k
    // divides by min(k, retrieved): vector's precision@20 is lower on all seven cases, so the exact sign-flip
    // test gives p = 2 / 2^7 = 0.0156 and the interval excludes 0: regressed.
    expect(lines).toContain(
      'precision@20  overall      7  0.071  0.063  -0.007  [-0.010, -0.006]  0.0156             regressed',
    )
    expect(lines).toContain('flipped: 0 fixed, 0 broke')
    const result = readResult('compare')
    expect(result).toMatchObject({
      version: 1,
      kind: 'compare',
      cases: 10,
      data: { differingSections: ['search'], alarms: [], flipped: [] },
    })
    expect(result.data.deltas.find((d: any) => d.metric === 'recall@5' && d.group === 'overall').meanDiff).toBeCloseTo(
      -0.5 / 7,
      12,
    )
    expect(readFileSync(join(out, 'compare.html'), 'utf8')).toContain('data-chart="deltas"')
  })

  test('bad input: an unknown arm is a usage error (exit 2); a missing scorecard names the file (exit 1)', async () => {
    const usage = await cli(['eval-retrieval', '--config', CONFIG, '--arms', 'bm25,bm26'])
    expect(usage.code).toBe(2)
    expect(usage.stderr).toContain(
      'unknown arm preset "bm26" (expected one of bm25, flexsearch, vector, hybrid, hybrid-rrf10, hybrid-weighted)',
    )
    const missing = await cli(['compare', join(out, 'nope.json'), join(out, 'b.json')])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain('nope.json')
    expect(existsSync(join(out, 'experiments', 'eval-retrieval.json'))).toBe(true)
  })

  test('a configuration with models makes no model call unless --models is given', async () => {
    // A loopback "provider" that counts requests: any model call would reach it.
    let requests = 0
    const server = createServer((_req, res) => {
      requests++
      res.writeHead(500).end()
    })
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
    try {
      const port = (server.address() as { port: number }).port
      const dir = mkdtempSync(join(tmpdir(), 'vitest-rag-models-'))
      cpSync(join(repoRoot, 'test/fixtures/experiments/golden'), join(dir, 'golden'), { recursive: true })
      const provider = {
        name: 'local',
        baseURL: `http://127.0.0.1:${port}/v1`,
        apiKeyEnv: 'VITEST_RAG_TEST_KEY',
        model: 'gen-small',
      }
      const options = {
        corpus: { kind: 'kb', root: join(repoRoot, 'test/fixtures/e2e/kb') },
        golden: 'golden/*.golden.jsonl',
        judge: 'model',
        models: {
          generator: { chain: [provider] },
          judge: { chain: [{ ...provider, name: 'judge', model: 'judge-large' }] },
          prices: {
            'gen-small': { inputPerMillion: 1, outputPerMillion: 1 },
            'judge-large': { inputPerMillion: 1, outputPerMillion: 1 },
          },
        },
      }
      writeFileSync(join(dir, 'options.json'), JSON.stringify(options))
      const run = await cli(['tune', '--config', join(dir, 'options.json'), '--thresholds', '0.55'])
      expect(run.code, run.stderr).toBe(0)
      expect(run.stderr).toContain('models are configured but not used: pass --models to allow model calls')
      expect(run.stdout).toContain('judge heuristic')
      expect(requests).toBe(0)

      // With --models: the worst case of both runs (gate open, gate closed) is printed before any call.
      const dry = await cli(['tune', '--config', join(dir, 'options.json'), '--models', '--dry-run'])
      expect([dry.code, dry.stdout]).toEqual([0, ''])
      // 2 runs x 10 cases x (1 answer + the judge's ask and re-ask) = 60 calls: 20 answers, 40 verdicts
      expect(dry.stderr).toMatch(
        /\nvitest-rag tune: estimated worst-case cost: \$0\.\d{4} over 60 model calls \(gen-small: 20, judge-large: 40\) \(no spend limit set\)\nvitest-rag tune: dry run: stopped before any model call\n$/,
      )
      // A spend limit under the estimate refuses the run before its first call.
      const limited = { ...options, models: { ...options.models, spendLimitUsd: 0.0001 } }
      writeFileSync(join(dir, 'limited.json'), JSON.stringify(limited))
      const refused = await cli(['tune', '--config', join(dir, 'limited.json'), '--models'])
      expect([refused.code, refused.stdout]).toEqual([1, ''])
      expect(refused.stderr).toMatch(
        /over 60 model calls .* \(limit \$0\.0001\)\nvitest-rag tune: refused before any model call: the run's worst-case estimate is \$0\.\d{6} for 60 calls, over the \$0\.000100 spend limit/,
      )
      // eval-retrieval's arms only search: with no embedder and no multi-turn case, no model is called
      const arms = await cli(['eval-retrieval', '--config', join(dir, 'limited.json'), '--models', '--dry-run'])
      expect([arms.code, arms.stdout]).toEqual([0, ''])
      expect(arms.stderr).toContain('vitest-rag eval-retrieval: estimated worst-case cost: $0.0000 over 0 model calls')
      expect(requests).toBe(0)
    } finally {
      server.close()
    }
  })
})
