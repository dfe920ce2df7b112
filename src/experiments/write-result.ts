/**
 * Writing an experiment's result (the I/O beside `result.ts`): atomically, as
 * `<outDir>/experiments/<kind>.json` (the configured output folder) unless `--out` names another file.
 */
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { writeFileAtomic } from '../util/atomic-write.ts'
import { serializeExperimentResult, type ExperimentResult } from './result.ts'

/** The harness version recorded in every result. */
export const EXPERIMENT_HARNESS_VERSION: string = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version

/** Where a result goes: `out` (resolved against `cwd`) or `<outDir>/experiments/<kind>.json`. */
export function resultPath(outDir: string, kind: ExperimentResult['kind'], cwd: string, out?: string): string {
  return out === undefined ? join(outDir, 'experiments', `${kind}.json`) : resolve(cwd, out)
}

/** Writes `result` atomically to `path`. */
export async function writeExperimentResult(path: string, result: ExperimentResult): Promise<void> {
  await writeFileAtomic(path, serializeExperimentResult(result))
}
