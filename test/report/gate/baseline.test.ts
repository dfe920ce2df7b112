import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { createBaselineAcceptCommand, type Confirm } from '../../../src/cli/commands/baseline.ts'
import { commands } from '../../../src/cli/commands/index.ts'
import { runCli } from '../../../src/cli/main.ts'
import { createBaseline, parseBaseline, serializeBaseline } from '../../../src/report/gate/baseline.ts'
import { loadBaseline, writeBaseline } from '../../../src/report/files/baseline-file.ts'
import { VersionedFileError } from '../../../src/shared/problems/versioned-file-error.ts'
import { buildScorecard } from '../../../src/report/scorecard/aggregate.ts'
import type { CaseRecord } from '../../../src/evaluation/case-record.ts'
import { writeScorecardFile } from '../../../src/report/files/scorecard-file.ts'
import { buildContext, uniformRun } from '../scorecard/build-records.ts'
import type { ScorecardContext } from '../../../src/report/scorecard/scorecard.ts'
import { markOutputsStale } from '../../../src/vitest/main/stale-outputs.ts'

const CREATED_AT = '2026-11-30T00:00:00.000Z'
const scorecardOf = (records: CaseRecord[], expectedCases = records.length) =>
  buildScorecard(records, buildContext({ expectedCases }))

const made: string[] = []
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true })
})

function workspace(): string {
  const dir = mkdtempSync(join(tmpdir(), 'vitest-rag-baseline-'))
  made.push(dir)
  return dir
}

describe('baseline file', () => {
  test('a baseline keeps aggregates and per-case values with their hashes, and round-trips through its file', async () => {
    const baseline = createBaseline(scorecardOf(uniformRun(3, (i) => i / 2)), CREATED_AT)
    expect(baseline.metrics.retrieval.overall.mean).toEqual({ 'recall@5': 0.5, mrr: 0.5, 'ndcg@10': 0.5 })
    // expectedHash: no expected chunks, so the first 16 hex digits of sha256('').
    expect(baseline.cases['C-02']).toEqual({
      caseHash: 'hash-C-02',
      expectedHash: 'e3b0c44298fc1c14',
      failedChecks: [],
      caseType: 'normal',
      retrieval: { 'recall@5': 1, mrr: 1, 'ndcg@10': 1 },
    })
    expect(baseline).toMatchObject({
      version: 1,
      createdAt: CREATED_AT,
      goldenSetHash: 'golden-aaaaaaaaaaaaaaaa',
      judgeKind: 'none',
      mode: 'retrieval',
    })
    const dir = workspace()
    const path = join(dir, 'baselines', 'evals.baseline.json')
    await writeBaseline(path, baseline)
    expect(await loadBaseline(path)).toEqual(baseline)
    // atomic write: only the final file is left, no temp file beside it
    expect(readdirSync(join(dir, 'baselines'))).toEqual(['evals.baseline.json'])
  })

  test('a missing baseline file loads as undefined', async () => {
    expect(await loadBaseline(join(workspace(), 'none.baseline.json'))).toBeUndefined()
  })

  test('a baseline of another version is refused with a message saying how to replace it', async () => {
    const path = join(workspace(), 'old.baseline.json')
    writeFileSync(path, JSON.stringify({ version: 0, metrics: {} }))
    await expect(loadBaseline(path)).rejects.toMatchObject({
      code: 'VITEST_RAG_BASELINE_VERSION',
      artifact: 'baseline',
      failure: 'version',
    })
    await expect(loadBaseline(path)).rejects.toThrow(VersionedFileError)
    await expect(loadBaseline(path)).rejects.toThrow(
      `vitest-rag: ${path} is a baseline of version 0, this harness reads version 1; re-run the evals and accept a new baseline: npx vitest-rag baseline accept`,
    )
  })

  test('a malformed baseline is refused naming the bad field', () => {
    const text = serializeBaseline(createBaseline(scorecardOf(uniformRun(2, () => 1)), CREATED_AT)).replace(
      '"judgeKind": "none"',
      '"judgeKind": "oracle"',
    )
    expect(() => parseBaseline(text, 'b.json')).toThrow(expect.objectContaining({ code: 'VITEST_RAG_BASELINE_FORMAT' }))
    expect(() => parseBaseline(text, 'b.json')).toThrow(/b\.json is not a valid baseline: judgeKind:/)
  })
})

interface Captured {
  code: number
  stdout: string
  stderr: string
}

async function cli(argv: string[], cwd: string, confirm?: Confirm): Promise<Captured> {
  let stdout = ''
  let stderr = ''
  const io = { stdout: (t: string) => void (stdout += t), stderr: (t: string) => void (stderr += t), cwd }
  // The registry's `baseline accept` entry, loading a command with the injected prompt answer and clock.
  const accept = commands.find((c) => c.name === 'baseline accept')!
  const injected = { ...accept, load: async () => createBaselineAcceptCommand(confirm, () => new Date(CREATED_AT)) }
  const list = confirm ? [injected, ...commands] : commands
  const code = await runCli(argv, io, list)
  return { code, stdout, stderr }
}

describe('vitest-rag baseline accept', () => {
  async function setup(
    records: CaseRecord[],
    expectedCases?: number,
    context: Partial<ScorecardContext> | string = {},
  ) {
    // The third argument: the scorecard's context, or the project name (default `evals`).
    const project = typeof context === 'string' ? context : 'evals'
    const extra = typeof context === 'string' ? {} : context
    const dir = workspace()
    await writeScorecardFile(
      join(dir, '.vitest-rag', project, 'scorecard.json'),
      buildScorecard(records, buildContext({ expectedCases: expectedCases ?? records.length, ...extra })),
    )
    return dir
  }

  test("--project NAME accepts that project's scorecard as baselines/NAME.baseline.json", async () => {
    const dir = await setup(
      uniformRun(20, () => 0.6),
      undefined,
      'squad',
    )
    const result = await cli(['baseline', 'accept', '--project', 'squad', '--yes'], dir)
    expect(result.code, result.stderr).toBe(0)
    expect(readdirSync(join(dir, 'baselines'))).toEqual(['squad.baseline.json'])
    expect(
      (await loadBaseline(join(dir, 'baselines', 'squad.baseline.json')))?.metrics.retrieval.overall.mean['recall@5'],
    ).toBeCloseTo(0.6, 12)
    const shown = await cli(['baseline', 'show', '--project', 'squad'], dir)
    expect(shown.stdout).toContain(`Baseline ${join(dir, 'baselines', 'squad.baseline.json')}`)
    // The default project (evals) has no scorecard in this workspace.
    expect((await cli(['baseline', 'accept', '--yes'], dir)).stderr).toContain(
      join('.vitest-rag', 'evals', 'scorecard.json'),
    )
  })

  test('with --yes it shows the diff and writes the baseline at the default path', async () => {
    const dir = await setup(uniformRun(20, () => 0.8))
    const result = await cli(['baseline', 'accept', '--yes'], dir)
    expect(result.code, result.stderr).toBe(0)
    const path = join(dir, 'baselines', 'evals.baseline.json')
    expect(result.stdout).toContain(`New baseline ${path} (aggregate metrics):`)
    expect(result.stdout).toContain('+  goldenSetHash: "golden-aaaaaaaaaaaaaaaa"')
    expect(result.stdout).toContain(`Wrote ${path} (20 cases).`)
    const written = await loadBaseline(path)
    expect(written?.metrics.retrieval.overall.mean['recall@5']).toBeCloseTo(0.8, 12)
    expect(readdirSync(join(dir, 'baselines'))).toEqual(['evals.baseline.json'])
  })

  test('replacing a baseline shows old and new values of the changed metrics', async () => {
    const dir = await setup(uniformRun(20, () => 0.7))
    const path = join(dir, 'custom.baseline.json')
    await writeBaseline(path, createBaseline(scorecardOf(uniformRun(20, () => 0.8)), CREATED_AT))
    const result = await cli(['baseline', 'accept', '--yes', '--baseline', 'custom.baseline.json'], dir)
    expect(result.code).toBe(0)
    expect(result.stdout).toContain(`Changes to ${path}`)
    expect(result.stdout).toMatch(/-\s+recall@5: 0\.8\n\+\s+recall@5: 0\.7/)
    expect((await loadBaseline(path))?.metrics.retrieval.overall.mean.mrr).toBeCloseTo(0.7, 12)
  })

  test('without --yes and without a terminal it prints the diff, writes nothing and exits 1', async () => {
    const dir = await setup(uniformRun(20, () => 0.8))
    const result = await cli(['baseline', 'accept'], dir, async () => undefined)
    expect(result.code).toBe(1)
    expect(result.stdout).toContain('+  goldenSetHash')
    expect(result.stderr).toContain(
      'not written: no interactive terminal to confirm; review the diff above and pass --yes to accept it',
    )
    expect(readdirSync(dir)).toEqual(['.vitest-rag'])
  })

  test('an interactive "y" writes and anything else does not', async () => {
    const yes = await setup(uniformRun(20, () => 0.8))
    const asked: string[] = []
    expect((await cli(['baseline', 'accept'], yes, async (q) => (asked.push(q), true))).code).toBe(0)
    expect(asked).toEqual([`Write this baseline to ${join(yes, 'baselines', 'evals.baseline.json')}?`])
    expect((await loadBaseline(join(yes, 'baselines', 'evals.baseline.json')))?.createdAt).toBe(CREATED_AT)
    const no = await setup(uniformRun(20, () => 0.8))
    const declined = await cli(['baseline', 'accept'], no, async () => false)
    expect(declined).toMatchObject({ code: 1 })
    expect(declined.stdout).toContain('Not written.')
    expect(await loadBaseline(join(no, 'baselines', 'evals.baseline.json'))).toBeUndefined()
  })

  test('a partial run is refused as a baseline', async () => {
    const dir = await setup(
      uniformRun(18, () => 0.8),
      20,
    )
    const result = await cli(['baseline', 'accept', '--yes'], dir)
    expect(result.code).toBe(1)
    // The CLI refuses with the gate's own rule and wording (it used to restate the rule in its own words).
    expect(result.stderr).toContain(
      'partial run: 18 of 20 golden cases ran; a partial run never passes (run the whole golden set); re-run the whole golden set first',
    )
    expect(result.stderr).toContain('or pass --allow-partial')
  })

  test('a filtered, sampled or unmerged-shard run is refused, every reason at once', async () => {
    // A one-case run selected by a filter has no expected count, so it is not "partial": its selection says why.
    const filtered = await setup(
      uniformRun(1, () => 0.8),
      undefined,
      { expectedCases: undefined, selection: { filtered: true } },
    )
    const one = await cli(['baseline', 'accept', '--yes'], filtered)
    expect(one.code).toBe(1)
    expect(one.stderr).toContain('it is from a filtered run (1 cases selected by a file filter, -t or .only)')
    expect(readdirSync(filtered)).toEqual(['.vitest-rag'])
    const both = await setup(
      uniformRun(10, () => 0.8),
      undefined,
      { selection: { sample: { size: 10, of: 40 }, shard: { index: 1, count: 2 } } },
    )
    const result = await cli(['baseline', 'accept', '--yes'], both)
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(
      'it is from a sampled run (10 of 40 cases); it is from shard 1/2 alone (merge the shards with vitest --merge-reports first)',
    )
  })

  test('an interrupted run with unhandled errors is refused unless --allow-partial; its hard failure is not a reason', async () => {
    const records = uniformRun(20, () => 0.8)
    records[0] = { ...records[0]!, hard: [{ name: 'toAbstain', passed: false, message: 'answered' }] }
    const dir = await setup(records, undefined, { interrupted: true, unhandledErrors: 2 })
    const refused = await cli(['baseline', 'accept', '--yes'], dir)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain('not accepting')
    expect(refused.stderr).toContain(
      'the run was interrupted; 2 unhandled error(s) in that run; re-run the whole golden set first',
    )
    const allowed = await cli(['baseline', 'accept', '--yes', '--allow-partial'], dir)
    expect(allowed.code, allowed.stderr).toBe(0)
    expect(allowed.stdout).toContain(
      'Accepting with --allow-partial although the run was interrupted; 2 unhandled error(s) in that run.\n',
    )
  })

  test('a complete run whose only failures are hard checks becomes the first baseline, listing every failed check', async () => {
    const records = uniformRun(20, () => 0.8)
    records[3] = {
      ...records[3]!,
      line: 4,
      hard: [{ name: 'toAbstain', passed: false, message: 'answered instead of abstaining' }],
    }
    records[7] = {
      ...records[7]!,
      line: 8,
      hard: [{ name: 'toContainAll', passed: false, message: 'missing "seven"' }],
    }
    const dir = await setup(records)
    const result = await cli(['baseline', 'accept', '--yes'], dir)
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toContain(
      'It was taken from a run with 2 failed hard check(s); the gate never compares hard checks with a baseline: they still fail every run until fixed:\n' +
        '  x C-03 toAbstain (golden/support.golden.jsonl:4): answered instead of abstaining\n' +
        '  x C-07 toContainAll (golden/support.golden.jsonl:8): missing "seven"\n',
    )
    expect((await loadBaseline(join(dir, 'baselines', 'evals.baseline.json')))?.hard).toEqual({
      ran: 2,
      passed: 0,
      failed: 2,
    })
  })

  test('a scorecard older than a run that started and never reported is refused', async () => {
    const dir = await setup(uniformRun(20, () => 0.8))
    markOutputsStale(join(dir, '.vitest-rag', 'evals'), CREATED_AT) // no gate.json yet: nothing to mark
    expect(readdirSync(join(dir, '.vitest-rag', 'evals'))).toEqual(['scorecard.json'])
    writeFileSync(join(dir, '.vitest-rag', 'evals', 'gate.json'), '{"pass": true, "status": "pass"}')
    markOutputsStale(join(dir, '.vitest-rag', 'evals'), CREATED_AT)
    const gate = JSON.parse(readFileSync(join(dir, '.vitest-rag', 'evals', 'gate.json'), 'utf8')) as {
      pass: boolean
      status: string
      messages: string[]
    }
    expect([gate.pass, gate.status]).toEqual([false, 'stale'])
    expect(gate.messages[0]).toBe(
      `a run started at ${CREATED_AT} and has not reported yet (running, interrupted or crashed): this is not a verdict; the previous run's outputs are stale`,
    )
    const result = await cli(['baseline', 'accept', '--yes'], dir)
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(
      'the last run started but never reported (gate.json is stale): this scorecard is from an earlier run',
    )
  })

  test('a missing scorecard says to run the evals first', async () => {
    const result = await cli(['baseline', 'accept', '--yes'], workspace())
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(
      /scorecard\.json is not a valid scorecard: the file does not exist; run the evals to write it/,
    )
  })

  test('an unknown option is a usage error (exit 2)', async () => {
    const result = await cli(['baseline', 'accept', '--force'], workspace())
    expect(result.code).toBe(2)
    expect(result.stderr).toContain("Unknown option '--force'")
  })
})

describe('vitest-rag baseline show', () => {
  test('prints identity and the metrics overall and per case type', async () => {
    const dir = workspace()
    await writeBaseline(
      join(dir, 'baselines', 'evals.baseline.json'),
      createBaseline(scorecardOf(uniformRun(4, () => 0.25)), CREATED_AT),
    )
    const result = await cli(['baseline', 'show'], dir)
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('created 2026-11-30T00:00:00.000Z by vitest-rag 0.1.0, retrieval mode, 4 cases')
    expect(result.stdout).toContain(
      [
        '  retrieval  overall (n=4)  normal (n=4)',
        '  recall@5           0.250         0.250',
        '  ndcg@10            0.250         0.250',
        '  mrr                0.250         0.250',
      ].join('\n'),
    )
    const json = await cli(['baseline', 'show', '--json'], dir)
    expect(JSON.parse(json.stdout)).toMatchObject({ cases: 4, retrieval: { overall: { 'recall@5': 0.25 } } })
  })

  test('without a baseline it says how to create one and exits 1', async () => {
    const result = await cli(['baseline', 'show'], workspace())
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('create one with: npx vitest-rag baseline accept')
    const named = await cli(['baseline', 'show', '--project', 'squad'], workspace())
    expect(named.stderr).toMatch(/create one with: npx vitest-rag baseline accept --project squad\n$/)
  })
})

test('the written baseline file is pretty JSON ending with a newline (reviewable in a diff)', async () => {
  const path = join(workspace(), 'b.json')
  await writeBaseline(path, createBaseline(scorecardOf(uniformRun(1, () => 1)), CREATED_AT))
  const text = readFileSync(path, 'utf8')
  expect(text.startsWith('{\n  "version": 1,\n')).toBe(true)
  expect(text.endsWith('}\n')).toBe(true)
})
