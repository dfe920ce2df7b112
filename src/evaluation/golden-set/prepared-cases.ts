/**
 * The prepared-cases file of a golden file: its parsed cases with their locators resolved, written by the
 * plugin when Vitest transforms the golden file and read once by the worker that runs it. The name carries a
 * hash of the content, so a worker never reads the cases of an older version of the file; older versions of
 * the same golden file's prepared cases are removed when a new one is written.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { basename, join } from 'node:path'
import { sha256 } from '../../shared/util/hash.ts'
import { writeFileAtomicSync } from '../../shared/util/atomic-write.ts'
import type { CodeOf } from '../../shared/util/error-code-types.ts'
import { VitestRagError } from '../../shared/util/errors.ts'
import type { GoldenModuleData } from '../../cases/prepared-case.ts'

/** The prepared-cases file: its text and a content hash, part of its name so a stale file is never read. */
export interface PreparedCases {
  text: string
  /** First 16 hex digits of the sha256 of `text`. */
  hash: string
}

/** Serialises the data the worker reads for one golden file. */
export function preparedCases(data: GoldenModuleData): PreparedCases {
  const text = JSON.stringify(data)
  return { text, hash: sha256(text).slice(0, 16) }
}

/** Folder under a project's `outDir` that holds the prepared-cases files. */
export const PREPARED_CASES_DIR = 'prepared-cases'

/** The prepared-cases file a worker needs is missing or unreadable. */
export class PreparedCasesError extends VitestRagError<CodeOf<'PreparedCasesError'>> {
  constructor(path: string, reason: string) {
    super(
      'VITEST_RAG_PREPARED_CASES_MISSING',
      `cannot read the prepared cases ${path} (${reason}); they are written when Vitest loads the golden file: rerun, or restart watch mode if the output folder was deleted while it ran`,
    )
  }
}

/** `<golden file name>-<hash of its relative path>`: one stem per golden file, readable in a listing. */
function stemOf(file: string): string {
  return `${basename(file).replace(/\.golden\.jsonl$/, '')}-${sha256(file).slice(0, 8)}`
}

/**
 * Writes `data` (one golden file's cases) under `<outDir>/prepared-cases/`, atomically, and returns the file's
 * absolute path. An identical file already there is kept; older versions for the same golden file are removed.
 */
export function writePreparedCases(outDir: string, data: GoldenModuleData): string {
  const dir = join(outDir, PREPARED_CASES_DIR)
  const { text, hash } = preparedCases(data)
  const stem = stemOf(data.file)
  const name = `${stem}.${hash}.json`
  mkdirSync(dir, { recursive: true })
  const existing = readdirSync(dir)
  if (!existing.includes(name)) writeFileAtomicSync(join(dir, name), text)
  for (const other of existing)
    if (other !== name && other.startsWith(`${stem}.`) && other.endsWith('.json'))
      rmSync(join(dir, other), { force: true })
  return join(dir, name)
}

/** Reads a prepared-cases file written by {@link writePreparedCases}. */
export function readPreparedCases(path: string): GoldenModuleData {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    throw new PreparedCasesError(path, (error as NodeJS.ErrnoException).code ?? String(error))
  }
  try {
    return JSON.parse(text) as GoldenModuleData
  } catch (error) {
    throw new PreparedCasesError(path, `not valid JSON: ${(error as Error).message}`)
  }
}
