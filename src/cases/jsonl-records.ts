/**
 * JSON Lines validated line by line against a zod schema, every problem kept (invalid JSON, schema issues with
 * the closest known field), for the side files of a golden set (feedback, labelled rows). Pure.
 */
import type { z } from 'zod'
import type { Problem } from './problems.ts'
import { problemsFromZod } from './zod-problems.ts'

/** Valid records with their 1-based line, and every problem. Blank lines are skipped. */
export function parseJsonlRecords<S extends z.ZodType>(text: string, file: string, schema: S): { records: Array<{ value: z.output<S>; line: number }>; problems: Problem[] } {
  const records: Array<{ value: z.output<S>; line: number }> = []
  const problems: Problem[] = []
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1
    if (raw.trim() === '') return
    let json: unknown
    try {
      json = JSON.parse(raw)
    } catch (error) {
      problems.push({ code: 'invalid_json', file, line, path: '', message: `not valid JSON: ${(error as Error).message}`, fix: 'one JSON object per line' })
      return
    }
    const parsed = schema.safeParse(json)
    if (parsed.success) records.push({ value: parsed.data, line })
    else problems.push(...problemsFromZod(parsed.error.issues, json, schema, file, line))
  })
  return { records, problems }
}
