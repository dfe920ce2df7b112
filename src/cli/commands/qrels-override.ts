/**
 * `vitest-rag qrels override`: appends a human relevance grade for one passage of one case to the append-only
 * qrels file; a human grade always wins over the golden file's and the model's.
 */
import { resolve } from 'node:path'
import { CliUsageError, type CliCommand, type CliIo } from './command.ts'
import { parseCliArgs, stringFlag } from './args.ts'
import { humanJudgment, type ChunkLocator } from '../../grading/qrels/qrels.ts'
import { appendQrelsRows } from '../../grading/qrels/qrels-file.ts'
import { numberFlag, requiredFlag } from './flags.ts'
import { DEFAULT_QRELS_PATH } from './qrels.ts'

const overrideUsage = `Usage: vitest-rag qrels override --case ID (--chunk ID --chunker SPEC | --doc ID [--span START,END])
                                --grade 0-3 --reviewer NAME [--note TEXT] [--qrels FILE]

Appends a human grade for one passage of one case. Human grades always win over the golden file's and the
model's; the earlier rows stay in the file.
  --chunk ID --chunker SPEC   a retrieved chunk (its id and the chunker that made it, e.g. structural)
  --doc ID [--span S,E]       a document (its corpus id), optionally a [S, E) character span of it
  --qrels FILE                the append-only qrels file (default ${DEFAULT_QRELS_PATH})

Exit code: 0 after appending, 1 when the qrels file has bad lines, 2 on a usage error.`

function parseLocator(values: Record<string, string | boolean | undefined>): ChunkLocator {
  const chunk = stringFlag(values, 'chunk')
  const doc = stringFlag(values, 'doc')
  if ((chunk === undefined) === (doc === undefined))
    throw new CliUsageError('give exactly one of --chunk ID (with --chunker) or --doc ID')
  if (chunk !== undefined)
    return {
      chunk_id: chunk,
      chunker: requiredFlag(values, 'chunker', 'SPEC (the chunker that made the chunk id, e.g. structural)'),
    }
  const span = stringFlag(values, 'span')
  if (span === undefined) return { doc_id: doc ?? '' }
  const [start, end] = span.split(',').map(Number)
  if (
    start === undefined ||
    end === undefined ||
    !Number.isInteger(start) ||
    !Number.isInteger(end) ||
    start < 0 ||
    end <= start
  )
    throw new CliUsageError(`--span ${JSON.stringify(span)}: write START,END with 0 <= START < END (character offsets)`)
  return { doc_id: doc ?? '', span: [start, end] }
}

async function runOverride(argv: string[], io: CliIo): Promise<number> {
  const { values } = parseCliArgs(argv, {
    case: { type: 'string' },
    chunk: { type: 'string' },
    chunker: { type: 'string' },
    doc: { type: 'string' },
    span: { type: 'string' },
    grade: { type: 'string' },
    reviewer: { type: 'string' },
    note: { type: 'string' },
    qrels: { type: 'string' },
  })
  const caseId = requiredFlag(values, 'case', 'ID')
  const locator = parseLocator(values)
  if (stringFlag(values, 'grade') === undefined) throw new CliUsageError('--grade 0-3 is required')
  const grade = numberFlag(values, 'grade', 0, { min: 0, max: 3, integer: true })
  const reviewer = requiredFlag(values, 'reviewer', 'NAME')
  const note = stringFlag(values, 'note')
  const qrelsPath = resolve(io.cwd, stringFlag(values, 'qrels') ?? DEFAULT_QRELS_PATH)
  try {
    await appendQrelsRows(qrelsPath, [
      humanJudgment(caseId, locator, grade, new Date().toISOString(), `${reviewer}${note ? `: ${note}` : ''}`),
    ])
  } catch (error) {
    io.stderr(`vitest-rag qrels override: ${(error as Error).message}\n`)
    return 1
  }
  io.stdout(
    `vitest-rag qrels override: human grade ${grade} for ${caseId} recorded in ${qrelsPath} (it wins over golden and model grades)\n`,
  )
  return 0
}

/** `vitest-rag qrels override`. */
export const qrelsOverrideCommand: CliCommand = {
  usage: overrideUsage,
  run: runOverride,
}
