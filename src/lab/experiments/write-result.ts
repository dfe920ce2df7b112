/**
 * Writing an experiment's result (the I/O beside `result.ts`): atomically, as
 * `<outDir>/experiments/<kind>.json` (the configured output folder) unless `--out` names another file.
 */
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { writeFileAtomic } from '../../shared/util/atomic-write.ts'
import { EXPERIMENT_RESULT_VERSION, serializeExperimentResult, type ExperimentResult } from './result.ts'

/** The harness version recorded in every result. */
const EXPERIMENT_HARNESS_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }
).version

/** Where a result goes: `out` (resolved against `cwd`) or `<outDir>/experiments/<kind>.json`. */
export function resultPath(outDir: string, kind: ExperimentResult['kind'], cwd: string, out?: string): string {
  return out === undefined ? join(outDir, 'experiments', `${kind}.json`) : resolve(cwd, out)
}

/** What a command supplies; version, harness version and timestamp are added here. */
export type ExperimentResultFields<T> = Omit<ExperimentResult<T>, 'version' | 'harnessVersion' | 'createdAt'>

/** Stamps `fields` as a result and writes it atomically to {@link resultPath}; resolves to the path written. */
export async function saveExperimentResult<T>(
  fields: ExperimentResultFields<T>,
  where: { outDir: string; cwd: string; out?: string },
): Promise<string> {
  const result: ExperimentResult<T> = {
    version: EXPERIMENT_RESULT_VERSION,
    harnessVersion: EXPERIMENT_HARNESS_VERSION,
    createdAt: new Date().toISOString(),
    ...fields,
  }
  const path = resultPath(where.outDir, fields.kind, where.cwd, where.out)
  await writeFileAtomic(path, serializeExperimentResult(result))
  return path
}
