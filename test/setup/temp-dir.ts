/**
 * Unit-project global setup: every temporary folder a test makes (`mkdtemp(tmpdir())`, in the test workers
 * and in the Vitest and CLI child processes they spawn) goes under one folder of this run, removed at the end,
 * so `npm test` leaves no `vitest-rag-*` folders behind. TMPDIR is set here, in the main process, before any
 * worker starts: workers and children inherit it, and `os.tmpdir()` reads it on every call.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export default function setup(): () => void {
  const runDir = mkdtempSync(join(tmpdir(), 'vitest-rag-test-run-'))
  const previous = process.env.TMPDIR
  process.env.TMPDIR = runDir
  return () => {
    if (previous === undefined) delete process.env.TMPDIR
    else process.env.TMPDIR = previous
    rmSync(runDir, { recursive: true, force: true })
  }
}
