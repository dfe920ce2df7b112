/**
 * The qrels file: JSON Lines of {@link QrelsRow}, APPEND-ONLY. Reading reports every bad line as a problem;
 * appending writes the old bytes unchanged plus the new rows, atomically, so no judgment is ever rewritten.
 * Appenders of one file must run one at a time (the pool runs in the main process, after the workers).
 */
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { writeFileAtomic } from '../../shared/util/atomic-write.ts'
import { readJsonlLines } from '../../shared/problems/jsonl.ts'
import { issueProblems } from '../../shared/problems/zod-problems.ts'
import { QrelsAppendError, type JudgeDataProblem } from '../judge/errors.ts'
import { QrelsRowSchema, splitDuplicateRows, type QrelsRow } from './qrels.ts'

/** Parses qrels text: valid rows in file order, and every problem with its line. */
export function parseQrels(text: string, file: string): { rows: QrelsRow[]; problems: JudgeDataProblem[] } {
  const rows: QrelsRow[] = []
  const problems: JudgeDataProblem[] = []
  readJsonlLines(
    text,
    file,
    problems,
    (json, line) => {
      const parsed = QrelsRowSchema.safeParse(json)
      if (parsed.success) rows.push(parsed.data)
      else problems.push(...issueProblems(parsed.error.issues, 'qrels_schema', file, line))
    },
    { invalidJsonCode: 'qrels_bad_json' },
  )
  return { rows, problems }
}

/** Reads a qrels file; an absent file has no rows. */
export async function readQrelsFile(path: string): Promise<{ rows: QrelsRow[]; problems: JudgeDataProblem[] }> {
  if (!existsSync(path)) return { rows: [], problems: [] }
  return parseQrels(await readFile(path, 'utf8'), path)
}

/**
 * Appends rows (validated) to the qrels file, creating it when absent. Existing lines are never touched. A row
 * whose (query, chunk, source, judge model) key the file already holds is merged, not appended (see
 * {@link splitDuplicateRows}); resolves to how many rows were appended and how many were merged.
 */
export async function appendQrelsRows(
  path: string,
  rows: readonly QrelsRow[],
): Promise<{ appended: number; merged: number }> {
  if (rows.length === 0) return { appended: 0, merged: 0 }
  const validated = rows.map((r) => QrelsRowSchema.parse(r))
  const before = existsSync(path) ? await readFile(path, 'utf8') : ''
  const prefix = before === '' || before.endsWith('\n') ? before : `${before}\n`
  const { rows: existing, problems } = parseQrels(before, path)
  if (problems.length > 0)
    throw new QrelsAppendError(
      path,
      `has ${problems.length} bad line(s), first at line ${problems[0]?.line}: ${problems[0]?.message}; fix the file before appending`,
    )
  const { fresh, duplicates } = splitDuplicateRows(existing, validated)
  if (fresh.length > 0) await writeFileAtomic(path, `${prefix}${fresh.map((r) => JSON.stringify(r)).join('\n')}\n`)
  return { appended: fresh.length, merged: duplicates.length }
}
