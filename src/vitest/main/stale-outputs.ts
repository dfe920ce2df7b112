/**
 * Marks the previous run's outputs stale when a run starts: `gate.json` is replaced by a "stale" verdict
 * that fails, so a run that is interrupted or crashes never leaves the previous run's "pass" behind for CI
 * to read. The reporter writes the real verdict when the run ends.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { writeFileAtomicSync } from '../../shared/util/atomic-write.ts'

/** The gate file the reporter writes under `outDir` (kept in step with the reporter's REPORT_FILES). */
const GATE_FILE = 'gate.json'

/** The `gate.json` a started, unfinished run leaves: not a verdict, and never a pass. */
export function staleGate(startedAt: string): Record<string, unknown> {
  return {
    pass: false,
    status: 'stale',
    startedAt,
    reasons: [],
    comparisons: [],
    messages: [
      `a run started at ${startedAt} and has not reported yet (running, interrupted or crashed): this is not a verdict; the previous run's outputs are stale`,
    ],
    compared: false,
  }
}

/** Writes the stale `gate.json` when a previous one exists (a fresh project gets none until a run reports). */
export function markOutputsStale(outDir: string, startedAt: string): void {
  const path = join(outDir, GATE_FILE)
  if (existsSync(path)) writeFileAtomicSync(path, `${JSON.stringify(staleGate(startedAt), null, 2)}\n`)
}
