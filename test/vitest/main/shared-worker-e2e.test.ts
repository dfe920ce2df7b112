/**
 * An eval project's golden files share a worker process by default (`isolate: false`, set by the plugin unless the
 * project or the command line sets `isolate`): the runtime, the corpus and the adapter module are built once per
 * worker, not once per golden file (6 golden files of the bench's 6,078 cases: 7.9-8.5 s -> 4.5-5.3 s on 2 vCPUs).
 * Counted by the processes that evaluate the e2e fixture's adapter module (FIXTURE_PID_FILE): one is the main
 * process (the global setup imports the adapter to check it before any case), the others are workers. One worker
 * at most (`--maxWorkers=1`), so the count does not depend on the machine's cores.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { runVitest, tempDir } from '../../helpers/run-vitest.ts'

/** The distinct process ids that evaluated the adapter module during one run of the e2e fixture. */
async function adapterProcesses(args: string[], env: Record<string, string> = {}): Promise<number> {
  const out = tempDir()
  const pids = join(out, 'pids.txt')
  const run = await runVitest('e2e', ['run', '--maxWorkers=1', ...args], {
    FIXTURE_OUT: out,
    FIXTURE_BASELINE: 'none',
    FIXTURE_PID_FILE: pids,
    ...env,
  })
  expect(run.code, run.output).toBe(0)
  expect(run.output).toContain('20 of 20 cases')
  return new Set(readFileSync(pids, 'utf8').trim().split('\n')).size
}

describe('golden files and worker processes', () => {
  test('by default both golden files run in one worker: the main process and one worker evaluate the adapter', async () => {
    expect(await adapterProcesses([])).toBe(2)
  }, 120_000)

  test('isolate: true in the project, or --isolate on the command line, gives each golden file its own worker', async () => {
    // Main + one worker per golden file (a.golden.jsonl, b.golden.jsonl) = 3.
    expect(await adapterProcesses([], { FIXTURE_ISOLATE: 'true' })).toBe(3)
    expect(await adapterProcesses(['--isolate'])).toBe(3)
  }, 120_000)
})
