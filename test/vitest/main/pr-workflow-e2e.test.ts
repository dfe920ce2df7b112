/**
 * End to end: the pull-request workflow over real Vitest runs of the `e2e` fixture (20 cases in golden/a and
 * golden/b; FIXTURE_GOLDEN picks a pull request's golden files, the pr-* files beside the fixture's config). One baseline is accepted from the `good`
 * variant; each pull request then runs against it as CI would (no watch mode).
 *
 * The `pr-*` golden files: pr-new-pass adds E2E-021 (the amber question again, answered like E2E-001);
 * pr-new-fail adds E2E-022, whose must_contain "seven" no answer holds (a hard failure); pr-a-edited is
 * golden/a with E2E-001's reference answer reworded (another case hash, same id).
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import { repoRoot, runCliBin, runVitest, tempDir, type RunResult } from '../../helpers/run-vitest.ts'

const dir = tempDir()
const baseline = join(dir, 'baseline.json')
const summary = join(dir, 'step-summary.md')

function readJson(path: string): any {
  return JSON.parse(readFileSync(path, 'utf8'))
}

function run(variant: string, golden: string, extra: Record<string, string> = {}): Promise<RunResult> {
  writeFileSync(summary, '')
  return runVitest('e2e', ['run'], {
    FIXTURE_OUT: dir,
    FIXTURE_BASELINE: baseline,
    FIXTURE_VARIANT: variant,
    FIXTURE_GOLDEN: golden,
    GITHUB_STEP_SUMMARY: summary,
    ...extra,
  })
}

describe('pull requests that change the golden set are gated in CI', () => {
  beforeAll(async () => {
    const first = await runVitest('e2e', ['run'], {
      FIXTURE_OUT: dir,
      FIXTURE_BASELINE: 'none',
      FIXTURE_VARIANT: 'good',
    })
    expect(first.code, first.output).toBe(0)
    const accepted = await runCliBin([
      'baseline',
      'accept',
      '--yes',
      '--scorecard',
      join(dir, 'scorecard.json'),
      '--baseline',
      baseline,
    ])
    expect(accepted.code, accepted.output).toBe(0)
  }, 240_000)

  test('a PR that adds a passing case passes, compares the 20 unchanged cases and lists the new one', async () => {
    const pr = await run('good', '{golden/a,golden/b,pr-new-pass}.golden.jsonl')
    expect(pr.output).toContain('Tests  21 passed (21)')
    expect(pr.code, pr.output).toBe(0)
    expect(pr.output).not.toContain('NOT COMPARABLE')
    expect(pr.output).toContain(
      "cases not compared with the baseline: 1 new (E2E-021); their hard assertions ran. Compared the 20 of the baseline's 20 cases with the same id and content",
    )
    const gate = readJson(join(dir, 'gate.json'))
    expect(gate).toMatchObject({
      pass: true,
      compared: true,
      cases: { paired: 20, added: ['E2E-021'], edited: [], removed: [] },
    })
    // The step summary lists the new case and tells the reviewer what to run after merge; so does the HTML page.
    const step = readFileSync(summary, 'utf8')
    expect(step).toContain('1 new (E2E-021)')
    expect(step).toMatch(
      /after this change is merged, accept the new baseline on the main branch with `npx vitest-rag baseline accept --scorecard \S+ --baseline \S+ --yes` and commit it/,
    )
    expect(readFileSync(join(dir, 'scorecard.html'), 'utf8')).toContain('1 new (E2E-021)')
  }, 120_000)

  test('a PR that adds a failing case fails on its hard check, not on comparability', async () => {
    const pr = await run('good', '{golden/a,golden/b,pr-new-fail}.golden.jsonl')
    expect(pr.code, pr.output).toBe(1)
    expect(pr.output).toContain('Tests  1 failed | 20 passed (21)')
    expect(pr.output).not.toContain('NOT COMPARABLE')
    const gate = readJson(join(dir, 'gate.json'))
    expect(gate.reasons.map((r: { code: string }) => r.code)).toEqual(['hard_assertion_failed'])
    expect(gate.reasons[0].message).toMatch(
      /^hard assertion toContainAll failed for E2E-022 \(pr-new-fail\.golden\.jsonl:1\)/,
    )
    expect(gate.cases).toMatchObject({ paired: 20, added: ['E2E-022'] })
  }, 120_000)

  test('a PR that edits one case and degrades retrieval on the others fails on the paired test, listing the edited case', async () => {
    // rank2: the expected chunk comes second, so mrr falls from 1 to 0.5 on each of the 15 paired answerable
    // cases (E2E-001 is edited, 4 cases must abstain): -50%, every paired difference -0.5, p = 2 / 2^15.
    const pr = await run('rank2', '{pr-a-edited,golden/b}.golden.jsonl')
    expect(pr.output).toContain('Tests  20 passed (20)')
    expect(pr.code, pr.output).toBe(1)
    expect(pr.output).not.toContain('NOT COMPARABLE')
    expect(pr.output).toMatch(
      /mrr \(overall\) dropped from 1\.000 to 0\.500 \(-50\.0%, more than the allowed 5\.0%\); confirmed by the paired test over 15 cases: p = 6\.1e-5/,
    )
    expect(pr.output).toContain('1 edited (E2E-001)')
    const gate = readJson(join(dir, 'gate.json'))
    expect(gate.cases).toMatchObject({ paired: 19, added: [], edited: ['E2E-001'], removed: [] })
  }, 120_000)

  test('a degraded run says, per case, which sources left the top k and whether the answer changed', async () => {
    // miss: every expected chunk drops out of the retrieved list; the answers are the good ones, so each now cites
    // a source it did not retrieve: toHaveNoFabricatedCitations flips to failing on the 16 answerable cases.
    const pr = await run('miss', 'golden/{a,b}.golden.jsonl')
    expect(pr.code, pr.output).toBe(1)
    const expectedChunk = readJson(baseline).cases['E2E-001'].topK[0] as string
    const gate = readJson(join(dir, 'gate.json'))
    const row = gate.caseDiffs.find((r: { caseId: string }) => r.caseId === 'E2E-001')
    // recall@5 1 -> 0 and mrr 1 -> 0 on each of the 16 answerable cases: all 16 are listed.
    expect(gate.caseDiffs).toHaveLength(16)
    expect(
      row.fell.map(
        (f: { metric: string; baseline: number; current: number }) => `${f.metric} ${f.baseline} -> ${f.current}`,
      ),
    ).toEqual(['recall@5 1 -> 0', 'mrr 1 -> 0'])
    expect(row.flipped).toEqual(['toHaveNoFabricatedCitations'])
    expect(row.left).toEqual([{ id: expectedChunk, rank: 1 }])
    expect(row.answerChanged).toBe(false)
    const line = `E2E-001: toHaveNoFabricatedCitations now fails, recall@5 1.000 → 0.000, mrr 1.000 → 0.000; left the top k: ${expectedChunk} (was #1); entered: `
    expect(pr.output).toContain(line)
    expect(readFileSync(summary, 'utf8')).toContain(
      `| \`E2E-001\` | toHaveNoFabricatedCitations now fails, recall@5 1.000 → 0.000, mrr 1.000 → 0.000 | ${expectedChunk} (was #1) |`,
    )
    expect(readFileSync(join(dir, 'scorecard.html'), 'utf8')).toContain('<h2>What changed, per case</h2>')
  }, 120_000)

  test('a baseline judged by another judge model is NOT COMPARABLE, with the reason', async () => {
    // The same baseline, as if a model judge had scored it: the scoring changed for the gated faithfulness.
    const other = join(dir, 'model-judged.baseline.json')
    writeFileSync(other, JSON.stringify({ ...readJson(baseline), judgeKind: 'model', judgeModel: 'judge-model-x' }))
    const pr = await run('good', 'golden/{a,b}.golden.jsonl', {
      FIXTURE_BASELINE: other,
      FIXTURE_GATED: 'recall@5,faithfulness',
    })
    expect(pr.output).toContain('Tests  20 passed (20)')
    expect(pr.code, pr.output).toBe(1)
    expect(pr.output).toContain(
      'NOT COMPARABLE: scoring changed: the baseline was judged by the model judge and this run by the heuristic judge (heuristic and model scores are never compared); no metric was compared',
    )
    expect(readJson(join(dir, 'gate.json'))).toMatchObject({
      pass: false,
      compared: false,
      reasons: [{ code: 'not_comparable' }],
    })
  }, 120_000)
})

describe('the first baseline of a system that fails hard checks on day one', () => {
  test('the command the run prints works as printed: it writes the baseline and lists the failed checks, which still fail the next run', async () => {
    const own = tempDir()
    const env = { FIXTURE_OUT: own, FIXTURE_BASELINE: join(own, 'baseline.json'), FIXTURE_VARIANT: 'leak' }
    // leak: the two cross-tenant cases answer with the other tenant's secret (toNotLeakAcrossTenants and toAbstain fail).
    const first = await runVitest('e2e', ['run'], env)
    expect(first.code, first.output).toBe(1)
    const printed = /create it with `npx vitest-rag (baseline accept [^`]*)`/.exec(first.output)?.[1]
    expect(printed, first.output).toMatch(/^baseline accept --scorecard \S+ --baseline \S+ --yes$/)
    // Run exactly what was printed, from the project root, with no terminal attached.
    const accepted = await runCliBin(printed!.split(' '), { cwd: join(repoRoot, 'test/fixtures/e2e') })
    expect(accepted.code, accepted.output).toBe(0)
    expect(accepted.stdout).toContain('It was taken from a run with 4 failed hard check(s)')
    expect(accepted.stdout).toMatch(/ {2}x E2E-010 toNotLeakAcrossTenants \(golden\/a\.golden\.jsonl:10\): /)
    expect(accepted.stdout).toMatch(/ {2}x E2E-020 toAbstain \(golden\/b\.golden\.jsonl:10\): /)
    expect(readJson(join(own, 'baseline.json')).hard).toEqual({
      ran: expect.any(Number),
      passed: expect.any(Number),
      failed: 4,
    })
    // The next run is compared with that baseline and still fails on the same hard checks, and on nothing else.
    const next = await runVitest('e2e', ['run'], env)
    expect(next.code, next.output).toBe(1)
    const gate = readJson(join(own, 'gate.json'))
    expect(gate.compared).toBe(true)
    expect(new Set(gate.reasons.map((r: { code: string }) => r.code))).toEqual(new Set(['hard_assertion_failed']))
    expect(gate.reasons).toHaveLength(4)
  }, 240_000)
})

describe('known failures, marked in the golden case', () => {
  test("a marked failure is expected, other cases' failures still fail the run, and a marked check that passes is reported", async () => {
    // pr-known: E2E-022 marks must_contain (TICKET-123) and fails it ("seven" is in no answer); E2E-023 marks
    // must_contain (TICKET-456) and passes it ("core" is in its answer). leak: E2E-010 and E2E-020 leak.
    const own = tempDir()
    const env = {
      FIXTURE_OUT: own,
      FIXTURE_BASELINE: 'none',
      FIXTURE_VARIANT: 'leak',
      FIXTURE_GOLDEN: '{golden/a,golden/b,pr-known}.golden.jsonl',
    }
    const result = await runVitest('e2e', ['run'], env)
    expect(result.code, result.output).toBe(1)
    // E2E-022 passes as an expected failure; the two leaks and E2E-023's stale mark are red.
    expect(result.output).toContain('Tests  3 failed | 19 passed (22)')
    expect(result.output).toContain(
      'toContainAll is marked as a known failure (TICKET-456) but passed: remove its known_failures entry',
    )
    expect(result.output).toContain('known failures: 1 (marked known_failures; expected, not counted as failed)')
    expect(result.output).toMatch(/~ E2E-022 toContainAll \(pr-known\.golden\.jsonl:1\): known \(TICKET-123\): /)
    const scorecard = readJson(join(own, 'scorecard.json'))
    expect(scorecard.hard.known).toBe(1)
    expect(
      scorecard.hard.knownFailures.map((k: { caseId: string; reason: string }) => `${k.caseId} ${k.reason}`),
    ).toEqual(['E2E-022 TICKET-123'])
    expect(scorecard.hard.markedPassing.map((k: { caseId: string }) => k.caseId)).toEqual(['E2E-023'])
    expect(scorecard.hard.failures.map((f: { caseId: string }) => f.caseId)).toEqual([
      'E2E-010',
      'E2E-010',
      'E2E-020',
      'E2E-020',
    ])
    const gate = readJson(join(own, 'gate.json'))
    expect(gate.reasons.map((r: { code: string; caseId: string }) => `${r.code} ${r.caseId}`)).toEqual([
      'hard_assertion_failed E2E-010',
      'hard_assertion_failed E2E-010',
      'hard_assertion_failed E2E-020',
      'hard_assertion_failed E2E-020',
      'known_failure_passed E2E-023',
    ])
    expect(readFileSync(join(own, 'scorecard.html'), 'utf8')).toContain('Known failures (1, marked known_failures')
    expect(readFileSync(join(own, 'scorecard.md'), 'utf8')).toContain(
      '| `E2E-022` | pr-known.golden.jsonl:1 | toContainAll | TICKET-123 | fails as expected |',
    )
  }, 120_000)
})

describe('recorded outputs', () => {
  test('a live run under recordOutputs writes outputs.jsonl; replayed, it scores equal to that run, value by value; a case without a record errors', async () => {
    const own = tempDir()
    // The live run records its own outputs (the recordOutputs option, here through its env override).
    const recorded = join(own, 'live', 'outputs.jsonl')
    const live = await runVitest('e2e', ['run'], {
      FIXTURE_OUT: join(own, 'live'),
      FIXTURE_BASELINE: 'none',
      FIXTURE_VARIANT: 'drop6',
      VITEST_RAG_RECORD_OUTPUTS: '1',
    })
    expect(live.code, live.output).toBe(0)
    expect(readFileSync(recorded, 'utf8').trim().split('\n')).toHaveLength(20)
    const replay = await runVitest('e2e', ['run'], {
      FIXTURE_OUT: join(own, 'replay'),
      FIXTURE_BASELINE: 'none',
      FIXTURE_RECORDED: recorded,
    })
    expect(replay.code, replay.output).toBe(0)
    const before = readJson(join(own, 'live', 'scorecard.json'))
    const after = readJson(join(own, 'replay', 'scorecard.json'))
    // Every case's retrieval and answer values and hard checks, and every aggregate mean, are the live run's.
    const values = (c: Record<string, unknown>) => ({
      retrieval: c.retrieval,
      answer: c.answer,
      hard: c.hard,
      errorClass: c.errorClass,
      retrievalLevel: c.retrievalLevel,
    })
    for (const id of Object.keys(before.cases)) expect(values(after.cases[id]), id).toEqual(values(before.cases[id]))
    expect(Object.keys(after.cases)).toEqual(Object.keys(before.cases))
    expect(after.retrieval.overall.mean).toEqual(before.retrieval.overall.mean)
    expect(after.answer.overall.mean).toEqual(before.answer.overall.mean)
    // drop6 answers miss "six": should_contain 0.94 on the 16 answerable cases, recorded and replayed alike.
    expect(after.cases['E2E-001'].answer.should_contain).toBeCloseTo(0.94, 12)
    // A case the file has no output for is said before the run and reported as errored, and the run fails closed
    // on it; an output recorded for a case no golden file has is said, never scored.
    writeFileSync(
      recorded,
      readFileSync(recorded, 'utf8')
        .split('\n')
        .filter((l) => !l.includes('"E2E-005"'))
        .join('\n') + JSON.stringify({ case_id: 'E2E-999', output: { retrieved: [] } }),
    )
    const missing = await runVitest('e2e', ['run'], {
      FIXTURE_OUT: join(own, 'missing'),
      FIXTURE_BASELINE: 'none',
      FIXTURE_RECORDED: recorded,
    })
    expect(missing.code, missing.output).toBe(1)
    expect(missing.output).toContain('no output is recorded for case E2E-005 in ')
    expect(missing.output).toContain('1 case(s) have no output in ')
    expect(missing.output).toMatch(/records 1 output\(s\) for case ids no golden file has \(E2E-999\)/)
    expect(readJson(join(own, 'missing', 'scorecard.json')).run.erroredCaseIds).toEqual(['E2E-005'])
  }, 240_000)
})
