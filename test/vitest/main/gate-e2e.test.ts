/**
 * End to end: real Vitest over the `e2e` fixture project (20 cases in two golden files, a function adapter
 * whose quality FIXTURE_VARIANT chooses), asserting exit codes, the written scorecard and the gate messages.
 *
 * The gated answer metric is should_contain with weights core 90, four 4, six 6 on each of the 16 answerable
 * cases: `good` finds all three (1.0); `drop6` loses "six" (0.94, a 6% relative drop on every case: the paired
 * diffs are all -0.06, so the significance test confirms it); `drop4` loses "four" (0.96: 4%, within 5%).
 * The gaming detector's end-to-end check rides on the improvement test: a narrow baseline, then a system that
 * retrieves everything and quotes its context (see the fixture adapter's `narrow` and `gamed`).
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import { runCliBin, runVitest, tempDir, type RunResult } from '../../helpers/run-vitest.ts'

interface Outputs {
  dir: string
  baseline: string
  env: Record<string, string>
}

function outputs(): Outputs {
  const dir = tempDir()
  const baseline = join(dir, 'baseline.json')
  return { dir, baseline, env: { FIXTURE_OUT: dir, FIXTURE_BASELINE: baseline } }
}

function readJson(path: string): any {
  return JSON.parse(readFileSync(path, 'utf8'))
}

async function runFixture(out: Outputs, variant: string, extraArgs: string[] = []): Promise<RunResult> {
  // Until a baseline is accepted there is none to name (a named baseline that does not exist fails the gate).
  const baseline = existsSync(out.baseline) ? out.baseline : 'none'
  return runVitest('e2e', ['run', ...extraArgs], { ...out.env, FIXTURE_BASELINE: baseline, FIXTURE_VARIANT: variant })
}

async function acceptBaseline(out: Outputs): Promise<RunResult> {
  const result = await runCliBin([
    'baseline',
    'accept',
    '--yes',
    '--scorecard',
    join(out.dir, 'scorecard.json'),
    '--baseline',
    out.baseline,
  ])
  expect(result.code, result.output).toBe(0)
  return result
}

describe('the gate, end to end over real Vitest runs', () => {
  const shared = outputs()
  let first: RunResult

  beforeAll(async () => {
    first = await runFixture(shared, 'good')
  }, 120_000)

  test('a clean run with no baseline passes, writes the scorecard, and says how to create a baseline', () => {
    expect(first.code, first.output).toBe(0)
    expect(first.output).toContain('Tests  20 passed (20)')
    expect(first.output).toMatch(/no baseline/i)
    expect(first.output).toContain('npx vitest-rag baseline accept')
    const scorecard = readJson(join(shared.dir, 'scorecard.json'))
    expect(scorecard.run.cases).toBe(20)
    // 16 answerable cases each cite their one expected chunk at rank 1.
    expect(scorecard.retrieval.overall.mean['recall@5']).toBe(1)
    expect(scorecard.retrieval.overall.unscored).toBe(4)
    expect(existsSync(join(shared.dir, 'scorecard.md'))).toBe(true)
  })

  test('the run is exported as TREC run + qrels, and score-run on them reproduces the scorecard', async () => {
    const scored = await runCliBin([
      'score-run',
      join(shared.dir, 'run.trec'),
      join(shared.dir, 'qrels.trec'),
      '--k',
      '1,5,10,20',
      '--json',
    ])
    expect(scored.code, scored.output).toBe(0)
    const mean = JSON.parse(scored.stdout).mean as Record<string, number>
    const scorecard = readJson(join(shared.dir, 'scorecard.json'))
    for (const metric of ['recall@5', 'precision@5', 'hit@1', 'ndcg@10', 'mrr']) {
      expect(mean[metric], metric).toBeCloseTo(scorecard.retrieval.overall.mean[metric], 12)
    }
  }, 60_000)

  test('a 6% drop in a gated metric fails the run, naming metric, old and new value and change', async () => {
    await acceptBaseline(shared)
    const drop = await runFixture(shared, 'drop6')
    // Every test passes (no hard assertion failed): the exit code 1 is the gate's alone.
    expect(drop.output).toContain('Tests  20 passed (20)')
    expect(drop.code, drop.output).toBe(1)
    expect(drop.output).toContain('gate: FAIL')
    expect(drop.output).toMatch(/should_contain/)
    expect(drop.output).toMatch(/1\.000.*0\.940/)
    expect(drop.output).toMatch(/-6\.0%/)
    const gate = readJson(join(shared.dir, 'gate.json'))
    expect(gate.pass).toBe(false)
  }, 120_000)

  test('a 4% drop stays within the 5% tolerance and passes', async () => {
    const drop = await runFixture(shared, 'drop4')
    expect(drop.code, drop.output).toBe(0)
    expect(drop.output).toContain('gate: PASS')
    expect(readJson(join(shared.dir, 'gate.json')).pass).toBe(true)
  }, 120_000)

  test('an improvement over the baseline never fails, and one bought by gaming is flagged', async () => {
    const out = outputs()
    expect((await runFixture(out, 'narrow')).code).toBe(0)
    await acceptBaseline(out)
    const summary = join(out.dir, 'step-summary.md')
    // The gamed system retrieves every chunk of the tenant and quotes the expected one verbatim: recall@5 and
    // faithfulness rise, but precision@5 falls (0.5 -> 0.2) and copy_ratio jumps from 0.
    const better = await runVitest('e2e', ['run'], {
      ...out.env,
      FIXTURE_VARIANT: 'gamed',
      FIXTURE_GATED: 'recall@5,mrr,should_contain,faithfulness',
      GITHUB_STEP_SUMMARY: summary,
    })
    // gate.onGaming is 'warn' by default: the improvement passes, with the warnings.
    expect(better.code, better.output).toBe(0)
    // The job summary carries the before/after table: baseline and current value of every compared metric.
    expect(readFileSync(summary, 'utf8')).toMatch(
      /\| Metric \| Group \| Baseline \| Current \| Change \| p \| Confirmable drop \(80% power\) \| Verdict \|[\s\S]*\| should_contain \| overall \| 0\.9\d+ \| 1\.000/,
    )
    const gate = readJson(join(out.dir, 'gate.json'))
    expect(gate.pass).toBe(true)
    expect(
      gate.comparisons.some(
        (c: { metric: string; verdict: string }) => c.metric === 'should_contain' && c.verdict === 'improvement',
      ),
    ).toBe(true)
    const flags = (gate.messages as string[]).filter((m) => m.startsWith('WARNING possible gaming'))
    expect(flags).toEqual([
      expect.stringMatching(
        /^WARNING possible gaming: recall@5 rose from 0\.500 to 1\.000 while precision@5 fell from 0\.500 to 0\.200 \(-60\.0%/,
      ),
      expect.stringMatching(
        // The narrow variant's own-words answers score 0 under heuristic-6 (one claim the context lacks each).
        /^WARNING possible gaming: faithfulness rose from 0\.000 to 1\.000 while copy_ratio rose from 0\.000 to 0\.9\d\d \(up from zero, beyond/,
      ),
    ])
    expect(better.output).toContain('possible gaming: recall@5 rose')
    // Each case records its signals: the verbatim quote covers every word but the citation marker's "1".
    const scorecard = readJson(join(out.dir, 'scorecard.json'))
    expect(scorecard.answer.overall.mean.copy_ratio).toBeGreaterThan(0.95)
    expect(scorecard.cases['E2E-001'].answer.length_ratio).toBeGreaterThan(1)
    // The scorecard and the baseline name what produced them (judge version, package, golden set, corpus).
    const producedBy = { judge: 'heuristic-6', package: expect.stringMatching(/^vitest-rag@/) }
    expect(scorecard.configSnapshot.producedBy).toMatchObject({ ...producedBy, goldenSetHash: scorecard.goldenSetHash })
    expect(readJson(out.baseline).configSnapshot.producedBy).toMatchObject(producedBy)
  }, 120_000)
})

describe('hard assertions and judge coverage, end to end', () => {
  test('a cross-tenant leak fails its case with a clear message, the scorecard lists it at the top, exit 1', async () => {
    const out = outputs()
    const summary = join(out.dir, 'step-summary.md')
    const run = await runVitest('e2e', ['run'], {
      ...out.env,
      FIXTURE_VARIANT: 'leak',
      GITHUB_ACTIONS: 'true',
      GITHUB_STEP_SUMMARY: summary,
    })
    // In GitHub Actions: an annotation at each failing case's golden-file line, and the Markdown scorecard in
    // the job summary.
    expect(run.output).toMatch(/::error file=golden\/a\.golden\.jsonl,line=10,title=vitest-rag E2E-010::/)
    // One annotation per failing case (each fails two checks), none from Vitest's own reporter pointing into
    // the harness, and no per-case notices.
    const commands = run.stdout.split('\n').filter((l) => l.startsWith('::'))
    expect(commands.map((l) => /^::(\w+) file=([^,]+),line=(\d+)/.exec(l)?.slice(1, 4).join(' '))).toEqual([
      'error golden/a.golden.jsonl 10',
      'error golden/b.golden.jsonl 10',
    ])
    expect(readFileSync(summary, 'utf8')).toContain('E2E-010')
    expect(run.code).toBe(1)
    // The env names a baseline file that was never written: a named baseline that does not exist fails too.
    expect(run.output).toContain(
      `the baseline ${out.baseline} (named by the baseline option of ragEval()) does not exist`,
    )
    // Two cross-tenant cases leak: each fails toNotLeakAcrossTenants (forbidden text) and toAbstain.
    expect(run.output).toContain('Tests  2 failed | 18 passed (20)')
    expect(run.output).toMatch(/the answer contains forbidden text: "(north|south) secret code 4417"/)
    expect(run.output).toMatch(/golden\/a\.golden\.jsonl:10/)
    const scorecard = readJson(join(out.dir, 'scorecard.json'))
    expect(scorecard.hard.failed).toBe(4)
    expect(scorecard.hard.failures.map((f: { caseId: string }) => f.caseId).sort()).toEqual([
      'E2E-010',
      'E2E-010',
      'E2E-020',
      'E2E-020',
    ])
    const markdown = readFileSync(join(out.dir, 'scorecard.md'), 'utf8')
    expect(markdown.indexOf('E2E-010')).toBeLessThan(markdown.search(/recall@5/))
  }, 120_000)

  test('judge metrics are not gated when the judge scored under 25% of cases', async () => {
    const out = outputs()
    expect((await runFixture(out, 'good')).code).toBe(0)
    await acceptBaseline(out)
    // sparse: only E2E-001..003 get an answer, so 3 of 20 cases are judged: 3 / 20 = 15% < 25%.
    const run = await runFixture(out, 'sparse')
    const scorecard = readJson(join(out.dir, 'scorecard.json'))
    expect(scorecard.answer.coverage).toBeCloseTo(0.15, 10)
    expect(run.output).toMatch(/judge.*(coverage|25%)/i)
    const gate = readJson(join(out.dir, 'gate.json'))
    const judged = gate.comparisons.filter((c: { metric: string }) =>
      ['faithfulness', 'citation_accuracy', 'answer_relevance'].includes(c.metric),
    )
    expect(judged).toEqual([])
  }, 120_000)
})
