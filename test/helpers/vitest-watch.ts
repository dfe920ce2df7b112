/**
 * `vitest watch` as a user leaves it running: a child process over a project, its output collected (ANSI colours
 * removed), and a wait for the run count, counted by the reporter's "scorecard written" line. For the end-to-end
 * tests that edit files under a watching Vitest.
 */
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { expect } from 'vitest'
import { repoRoot, stripAnsi } from './run-vitest.ts'

/** A running `vitest watch`. */
export interface WatchRun {
  /** Everything it printed so far. */
  log(): string
  /** Runs finished so far (scorecards written). */
  runs(): number
  /** Waits (up to 60 s) until `n` runs have finished, fails with the log otherwise, then lets the files settle. */
  waitForRuns(n: number): Promise<void>
  /** Ends the process. */
  stop(): void
}

/** Starts `vitest watch --root <root>` from the repository with `env` added (colours off). */
export function startVitestWatch(root: string, env: Record<string, string>): WatchRun {
  const child = spawn(process.execPath, [join(repoRoot, 'node_modules/vitest/vitest.mjs'), 'watch', '--root', root], {
    cwd: repoRoot,
    env: { ...process.env, ...env, FORCE_COLOR: '0', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  child.stdout.on('data', (d: Buffer) => (log += stripAnsi(d.toString())))
  child.stderr.on('data', (d: Buffer) => (log += stripAnsi(d.toString())))
  const runs = () => log.split('vitest-rag: scorecard written').length - 1
  return {
    log: () => log,
    runs,
    async waitForRuns(n) {
      const deadline = Date.now() + 60_000
      while (runs() < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
      expect(runs(), log).toBeGreaterThanOrEqual(n)
      // Let the rerun's file list settle.
      await new Promise((r) => setTimeout(r, 300))
    },
    stop: () => child.kill('SIGTERM'),
  }
}
