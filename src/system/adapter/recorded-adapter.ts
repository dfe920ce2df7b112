/**
 * The recorded-outputs adapter: scores system outputs captured elsewhere (staging, production logs) without
 * calling the system. A JSON Lines file holds one `{ "case_id": "...", "output": <SystemOutput> }` per line;
 * each golden case gets the output recorded under its id, validated like any adapter's output, and is scored,
 * gated and exported like a live run. A case without a record errors (the run fails closed on it), never
 * passes silently.
 */
import { readFile } from 'node:fs/promises'
import { z } from 'zod'
import { parseJsonlRecords } from '../../shared/problems/jsonl.ts'
import { formatProblems, type Problem } from '../../shared/problems/problems.ts'
import { RecordedOutputsError } from './errors.ts'
import type { RagAdapter, SystemOutput } from './types.ts'
import { SystemOutputSchema } from './types.ts'

/** One line of a recorded-outputs file: the golden case id and what the system returned for it. */
export const RecordedOutputSchema = z.strictObject({ case_id: z.string().min(1), output: SystemOutputSchema })

/**
 * Parses a recorded-outputs file's text: case id to output. Every bad line is a problem with file, line and
 * field (not JSON, not the shape, an output that is not a `SystemOutput`, a case id recorded twice).
 */
export function parseRecordedOutputs(
  text: string,
  file: string,
): { outputs: Map<string, SystemOutput>; problems: Problem[] } {
  const { records, problems } = parseJsonlRecords(text, file, RecordedOutputSchema)
  const outputs = new Map<string, SystemOutput>()
  const lines = new Map<string, number>()
  for (const { value, line } of records) {
    const id = value.case_id
    const first = lines.get(id)
    if (first !== undefined) {
      problems.push({
        code: 'duplicate_case_id',
        file,
        line,
        path: 'case_id',
        value: id,
        message: `case_id "${id}" is already recorded at ${file}:${first}`,
        fix: 'keep one output per case',
      })
      continue
    }
    lines.set(id, line)
    outputs.set(id, value.output)
  }
  // File order, as one pass would list them: a duplicate sits at its own line among the schema problems.
  problems.sort((x, y) => (x.line ?? 0) - (y.line ?? 0))
  return { outputs, problems }
}

/**
 * Reads and parses a recorded-outputs file: case id to output. Throws {@link RecordedOutputsError} listing every
 * bad line; `label` is the path shown in messages.
 */
export async function loadRecordedOutputs(path: string, label: string = path): Promise<Map<string, SystemOutput>> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    throw new RecordedOutputsError(
      `cannot read the recorded outputs ${label}: ${(error as Error).message} (check adapter.path)`,
    )
  }
  const { outputs, problems } = parseRecordedOutputs(text, label)
  if (problems.length > 0)
    throw new RecordedOutputsError(
      `the recorded outputs ${label} have ${problems.length} problem(s):\n${formatProblems(problems)}`,
    )
  return outputs
}

/**
 * Loads a recorded-outputs file as a {@link RagAdapter} named `recorded:<file>`; `label` is the path shown in
 * messages. Throws {@link RecordedOutputsError} listing every bad line; `run` throws it for a case with no record.
 */
export async function loadRecordedAdapter(path: string, label: string = path): Promise<RagAdapter> {
  const outputs = await loadRecordedOutputs(path, label)
  return {
    name: `recorded:${label}`,
    run: async (input) => {
      const output = outputs.get(input.caseId)
      if (output === undefined) {
        throw new RecordedOutputsError(
          `no output is recorded for case ${input.caseId} in ${label}: record one ({"case_id": "${input.caseId}", "output": {...}}) or remove the case`,
        )
      }
      // A copy: the harness may annotate the output, and a record must score the same in every case that reads it.
      return structuredClone(output)
    },
  }
}

/**
 * A recording set against the golden cases, before any case runs: ids recorded for no golden case (a renamed
 * or deleted case, or a recording of another set: their outputs are never scored) and golden cases with no
 * recorded output (each will error). Both in golden or file order.
 */
export function recordedCoverage(
  recorded: ReadonlyMap<string, unknown>,
  goldenIds: readonly string[],
): { unknown: string[]; missing: string[] } {
  const golden = new Set(goldenIds)
  return {
    unknown: [...recorded.keys()].filter((id) => !golden.has(id)),
    missing: goldenIds.filter((id) => !recorded.has(id)),
  }
}

/**
 * A run's outputs as a recorded-outputs file (one `{ "case_id", "output" }` line per case, in the order given),
 * the text {@link parseRecordedOutputs} reads back to the same outputs.
 */
export function serializeRecordedOutputs(entries: Iterable<{ caseId: string; output: SystemOutput }>): string {
  let text = ''
  for (const { caseId, output } of entries) text += `${JSON.stringify({ case_id: caseId, output })}\n`
  return text
}
