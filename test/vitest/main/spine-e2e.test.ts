/**
 * End to end: the Vitest spine as users drive it: listing cases with their golden lines, running one case by
 * `file:line`, a golden set that must stop the run before any case, sharded runs merged into the same
 * scorecard, and watch mode rerunning cases when a golden line or a prompt template changes.
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { repoRoot, runVitest, tempDir } from '../../helpers/run-vitest.ts'
import { startVitestWatch } from '../../helpers/vitest-watch.ts'

const fixtureDir = join(repoRoot, 'test/fixtures/e2e')

function goldenLines(file: string): Map<string, number> {
  const lines = readFileSync(join(fixtureDir, file), 'utf8').split('\n')
  const out = new Map<string, number>()
  lines.forEach((line, i) => {
    if (line.trim()) out.set((JSON.parse(line) as { case_id: string }).case_id, i + 1)
  })
  return out
}

describe('listing and filtering cases', () => {
  test('vitest list --json lists every case with its golden file and line', async () => {
    const out = tempDir()
    const listed = await runVitest('e2e', ['list', '--json'], { FIXTURE_OUT: out })
    expect(listed.code, listed.output).toBe(0)
    const entries = JSON.parse(listed.stdout.slice(listed.stdout.indexOf('['))) as Array<{
      name: string
      file: string
      location: { line: number }
    }>
    expect(entries).toHaveLength(20)
    const expected = new Map<string, readonly [string, number]>(
      [...goldenLines('golden/a.golden.jsonl')].map(([id, line]) => [id, ['a.golden.jsonl', line] as const]),
    )
    for (const [id, line] of goldenLines('golden/b.golden.jsonl')) expected.set(id, ['b.golden.jsonl', line])
    for (const entry of entries) {
      const [file, line] = expected.get(entry.name) ?? []
      expect(entry.file.endsWith(`golden/${file}`), entry.name).toBe(true)
      expect(entry.location.line, entry.name).toBe(line)
    }
  }, 60_000)

  test('file:line runs exactly that case, and the gate skips the baseline comparison for a filtered run', async () => {
    const out = tempDir()
    // Line 3 of a.golden.jsonl is E2E-003.
    const run = await runVitest('e2e', ['run', `${join(fixtureDir, 'golden/a.golden.jsonl')}:3`], {
      FIXTURE_OUT: out,
      FIXTURE_BASELINE: 'none',
    })
    expect(run.code, run.output).toBe(0)
    // Only a.golden.jsonl is collected; of its 10 cases, 9 are skipped by the line filter.
    expect(run.output).toMatch(/Tests\s+1 passed \| 9 skipped \(10\)/)
    expect(run.output).toContain('filtered run')
    const scorecard = JSON.parse(readFileSync(join(out, 'scorecard.json'), 'utf8'))
    expect(Object.keys(scorecard.cases)).toEqual(['E2E-003'])
    // #24: not "no baseline ... create one", which sent users to create a baseline they had.
    const gate = JSON.parse(readFileSync(join(out, 'gate.json'), 'utf8'))
    expect(gate.messages).toContain(
      'baseline not compared: a filtered run (a file filter, -t or .only) is not compared; run the whole golden set to compare',
    )
    expect(run.output).not.toMatch(/no baseline/)
  }, 60_000)
})

describe('a golden set that cannot run stops before any case executes', () => {
  test('an invalid golden file lists every problem with file:line and field, and no case runs', async () => {
    const run = await runVitest('e2e-invalid', ['run'], { FIXTURE_OUT: tempDir() })
    expect(run.code).toBe(1)
    expect(run.output).toContain('the golden set has 4 problems; no case was run')
    expect(run.output).toContain('golden/bad.golden.jsonl:1: case_type: "faq" is not allowed')
    expect(run.output).toContain('golden/bad.golden.jsonl:2: expected_sources[0].grade: 7 is out of range')
    expect(run.output).toContain('golden/bad.golden.jsonl:3: forbidden_text')
    expect(run.output).toContain('golden/bad.golden.jsonl:4: not valid JSON')
    expect(run.output).not.toMatch(/Tests\s+\d+ (passed|failed)/)
    // Printed once, as the list: no Vitest "Unhandled Error", no stack frame, no "No test files found".
    expect(run.output.split('the golden set has 4 problems').length - 1).toBe(1)
    expect(run.output).not.toMatch(/Unhandled Error|No test files found|\s❯ |at .*global-setup\.ts/)
    expect(run.output).toContain('vitest-rag: stopped before any case ran (exit code 1).')
  }, 60_000)

  test('bad ragEval options are listed once, with exit code 1 and no stack trace', async () => {
    const run = await runVitest('e2e-bad-config', ['run'], { FIXTURE_OUT: tempDir() })
    expect(run.code).toBe(1)
    expect(run.output).toContain(
      'ragEval options of project "evals": mode: "full" is not allowed (fix: one of "retrieval", "system")\nragEval options of project "evals": ks[0]: 0 is out of range',
    )
    expect(run.output.split('2 problems in the ragEval options of project "evals"').length - 1).toBe(1)
    expect(run.output).not.toMatch(/Unhandled Error|No test files found|\s❯ |    at /)
  }, 60_000)

  test('resume with the response cache off is refused at startup, saying why', async () => {
    const run = await runVitest('e2e-model', ['run'], {
      FIXTURE_OUT: tempDir(),
      FIXTURE_BASELINE: 'none',
      FIXTURE_CACHE_MODE: 'off',
      VITEST_RAG_RESUME: '1',
    })
    expect(run.code).toBe(1)
    expect(run.output).toContain(
      'vitest-rag: VITEST_RAG_RESUME=1 (or resume: true) needs the response cache, and models.cacheMode is "off"',
    )
    expect(run.output).not.toMatch(/Unhandled Error|No test files found/)
  }, 60_000)

  test('a dry run always prints a cost figure, $0 when no model is configured', async () => {
    const run = await runVitest('e2e', ['run'], { FIXTURE_OUT: tempDir(), VITEST_RAG_DRY_RUN: '1' })
    expect(run.code, run.output).toBe(0)
    expect(run.output).toContain(
      'vitest-rag: estimated worst-case cost of this run: $0.0000 over 0 model calls (no model is configured: the run is offline)',
    )
  }, 60_000)

  test('unresolved locators are all reported with case, line and a fix before any retrieval', async () => {
    const run = await runVitest('e2e-stale', ['run'], { FIXTURE_OUT: tempDir() })
    expect(run.code).toBe(1)
    expect(run.output).toContain('golden/stale.golden.jsonl:1')
    expect(run.output).toContain('has no heading "Configuration"')
    expect(run.output).toContain('golden/stale.golden.jsonl:2')
    expect(run.output).toContain('did you mean "birch-n"?')
    expect(run.output).not.toMatch(/Tests\s+\d+ (passed|failed)/)
  }, 60_000)
})

describe('sharding', () => {
  test('two shards merged with --merge-reports give the same scorecard and gate as one run', async () => {
    const single = tempDir()
    const whole = await runVitest('e2e', ['run'], { FIXTURE_OUT: single, FIXTURE_BASELINE: 'none' })
    expect(whole.code, whole.output).toBe(0)

    const merged = tempDir()
    const env = { FIXTURE_OUT: merged, FIXTURE_BASELINE: 'none' }
    for (const shard of ['1/2', '2/2']) {
      const part = await runVitest(
        'e2e',
        [
          'run',
          `--shard=${shard}`,
          '--reporter=blob',
          `--outputFile=${join(merged, 'blobs', `blob-${shard[0]}.json`)}`,
        ],
        env,
      )
      expect(part.code, part.output).toBe(0)
      // The blob reporter replaces ours: shards are gated after the merge, not one by one.
      expect(part.output).not.toContain('vitest-rag: scorecard written')
    }
    const merge = await runVitest('e2e', ['--merge-reports', join(merged, 'blobs')], env)
    expect(merge.code, merge.output).toBe(0)

    const strip = (path: string) => {
      const card = JSON.parse(readFileSync(path, 'utf8'))
      delete card.startedAt
      delete card.finishedAt
      for (const c of Object.values(card.cases) as Array<Record<string, unknown>>) delete c.latencyMs
      delete card.usage.latencyMsTotal
      // The two runs wrote to different temporary folders; everything else must match.
      delete card.configSnapshot.outDir
      delete card.configSnapshot.baseline
      // The feedback queue sits in the output folder by default.
      delete card.configSnapshot.feedbackQueue
      return card
    }
    expect(strip(join(merged, 'scorecard.json'))).toEqual(strip(join(single, 'scorecard.json')))
    expect(JSON.parse(readFileSync(join(merged, 'gate.json'), 'utf8')).pass).toBe(true)
  }, 120_000)
})

describe('watch mode', () => {
  const copy = join(repoRoot, `test/fixtures/watch-tmp-${process.pid}`)
  afterAll(() => rmSync(copy, { recursive: true, force: true }))

  test('editing a golden line, a prompt template, a corpus document or the adapter module reruns the affected cases', async () => {
    cpSync(fixtureDir, copy, { recursive: true })
    const out = tempDir()
    const watch = startVitestWatch(copy, { FIXTURE_OUT: out, FIXTURE_BASELINE: 'none' })
    const { waitForRuns } = watch
    try {
      await waitForRuns(1)
      // Vitest's own summary says the tests passed; the gate's verdict is repeated after it.
      const deadline = Date.now() + 10_000
      while (!watch.log().includes('vitest-rag gate:') && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100))
      expect(watch.log()).toContain('vitest-rag gate: PASS')
      // Edits one file of the copy and waits for run number `runs`; resolves to the log of that rerun.
      const rerunAfter = async (path: string, edit: (text: string) => string, runs: number) => {
        const mark = watch.log().length
        writeFileSync(join(copy, path), edit(readFileSync(join(copy, path), 'utf8')))
        await waitForRuns(runs)
        return watch.log().slice(mark)
      }

      // 1. Edit one golden line (E2E-013 in b.golden.jsonl): only that file reruns.
      const afterGolden = await rerunAfter(
        'golden/b.golden.jsonl',
        (t) =>
          t.replace('Which settings does the cedar module use?', 'Which settings does the cedar module use, please?'),
        2,
      )
      expect(afterGolden).toContain('golden/b.golden.jsonl')
      expect(afterGolden).not.toContain('golden/a.golden.jsonl')

      // 2. Edit the prompt template: every golden file depends on it, so both rerun.
      const afterPrompt = await rerunAfter('prompts/answer.md', () => '---\nversion: 2\n---\nEdited.\n', 3)
      expect(afterPrompt).toContain('golden/a.golden.jsonl')
      expect(afterPrompt).toContain('golden/b.golden.jsonl')
      // The suite-level numbers stay whole: the scorecard still counts all 20 cases.
      expect(afterPrompt).toContain('20 of 20 cases')

      // 3. Edit a corpus document: every case reruns against the reloaded corpus (new fingerprint).
      const before = JSON.parse(readFileSync(join(out, 'scorecard.json'), 'utf8')).corpusFingerprint
      const afterCorpus = await rerunAfter(
        'kb/tenants/north/docs/amber-n.md',
        (t) => `${t}\nA new closing sentence about the amber module.\n`,
        4,
      )
      expect(afterCorpus).toContain('golden/a.golden.jsonl')
      expect(afterCorpus).toContain('golden/b.golden.jsonl')
      expect(JSON.parse(readFileSync(join(out, 'scorecard.json'), 'utf8')).corpusFingerprint).not.toBe(before)

      // 4. Edit the adapter module (#24: it used to rerun nothing): every case reruns with the edited bot, whose
      // answers now omit "six" (the drop6 variant): should_contain falls from 1.0 to 0.94 on answerable cases.
      const afterAdapter = await rerunAfter(
        'adapter.ts',
        (t) => t.replace("process.env.FIXTURE_VARIANT ?? 'good'", "process.env.FIXTURE_VARIANT ?? 'drop6'"),
        5,
      )
      expect(afterAdapter).toContain('golden/a.golden.jsonl')
      expect(afterAdapter).toContain('golden/b.golden.jsonl')
      const card = JSON.parse(readFileSync(join(out, 'scorecard.json'), 'utf8'))
      expect(card.answer.overall.mean.should_contain).toBeLessThan(1)
    } finally {
      watch.stop()
    }
  }, 120_000)
})
