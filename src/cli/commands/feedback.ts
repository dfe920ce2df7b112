/**
 * `vitest-rag feedback add` and `vitest-rag promote`: record a reviewed mistake of one case of a run in the
 * append-only feedback file, or promote it into a draft golden case and a linked feedback record at once.
 */
import { resolve } from 'node:path'
import { CliUsageError, type CliCommand, type CliIo } from './command.ts'
import { parseCliArgs, stringFlag } from './args.ts'
import { VersionedFileError } from '../../shared/problems/versioned-file-error.ts'
import { DEFAULT_PROJECT, REPORT_FILES } from '../../config/resolve.ts'
import { ERROR_CLASSES } from '../../report/scorecard/error-classes.ts'
import { formatProblems } from '../../shared/problems/problems.ts'
import { problemsFromZod } from '../../shared/problems/zod-problems.ts'
import { AtomicPairError, FeedbackError } from '../../lab/testset/errors.ts'
import {
  CorrectedAssertionsSchema,
  DEFAULT_FEEDBACK_PATH,
  type FeedbackRecord,
} from '../../report/files/feedback-file.ts'
import { promoteReview, recordFeedback, type FeedbackPaths, type Review } from '../../lab/testset/promote.ts'
import { projectOption, projectPaths, requiredFlag } from './flags.ts'
import { withoutPrefix } from '../../shared/util/errors.ts'

/** Default drafts golden file, relative to the project root. */
export const DEFAULT_DRAFTS_PATH = 'golden/drafts.golden.jsonl'

const common = `  --run ID            the run reviewed: its scorecard's "startedAt"
  --case ID           the golden case reviewed (it must be in that run and in its golden file)
  --error-class C     ${ERROR_CLASSES.join(' | ')}
  --corrected JSON    the corrected assertions, e.g. '{"must_contain": ["75 seats"]}' (fields: case_type,
                      answerable, reference_answer, must_contain, should_contain, forbidden_text, expected_sources)
  --reviewer NAME     who reviewed it
  --note TEXT         why
  --project NAME      the Vitest project whose run it was (default ${DEFAULT_PROJECT})
  --config FILE       the Vitest config (default: vitest.config.* or vite.config.* here) or a ragEval options file
  --scorecard FILE    the run's scorecard (default .vitest-rag/<project>/${REPORT_FILES.scorecard})
  --feedback FILE     the append-only feedback file (default ${DEFAULT_FEEDBACK_PATH})
  --queue FILE        the feedback queue runs append their failed cases to (default: the config's
                      feedbackQueue, <outDir>/feedback-queue.jsonl): a case queued there for --run is found
                      through it, so an older run can be reviewed after later runs replaced the scorecard`

const addUsage = `Usage: vitest-rag feedback add --run ID --case ID --error-class C --reviewer NAME [--corrected JSON] [--note TEXT]
                               [--project NAME] [--scorecard FILE] [--feedback FILE] [--queue FILE]

Appends one reviewed mistake to the feedback file.
${common}

Exit code: 0 after appending, 1 when the run, the case or a file is wrong, 2 on a usage error.`

const promoteUsage = `Usage: vitest-rag promote --run ID --case ID --error-class C --corrected JSON --reviewer NAME [--note TEXT]
                         [--project NAME] [--scorecard FILE] [--feedback FILE] [--queue FILE] [--drafts FILE]

Turns a reviewed correction into a draft golden case ("status": "draft": validated, never run or gated until
a reviewer sets it to "active") and appends the linked feedback record, in one step: both land or neither.
${common}
  --drafts FILE       the golden file drafts are appended to (default ${DEFAULT_DRAFTS_PATH})

Exit code: 0 after writing both files, 1 when the run, the case, the correction or a write fails, 2 on a
usage error.`

const options = {
  ...projectOption,
  run: { type: 'string' },
  case: { type: 'string' },
  'error-class': { type: 'string' },
  corrected: { type: 'string' },
  reviewer: { type: 'string' },
  note: { type: 'string' },
  scorecard: { type: 'string' },
  feedback: { type: 'string' },
  queue: { type: 'string' },
  drafts: { type: 'string' },
} as const

async function parseReview(
  argv: string[],
  io: CliIo,
  needsCorrection: boolean,
  command: string,
): Promise<{ review: Review; paths: FeedbackPaths }> {
  const { values } = parseCliArgs(argv, options)
  const errorClass = requiredFlag(values, 'error-class', `C (one of ${ERROR_CLASSES.join(', ')})`)
  if (!(ERROR_CLASSES as readonly string[]).includes(errorClass))
    throw new CliUsageError(`--error-class ${JSON.stringify(errorClass)} is not one of ${ERROR_CLASSES.join(', ')}`)
  const rawCorrected = needsCorrection
    ? requiredFlag(values, 'corrected', 'JSON (the corrected assertions)')
    : (stringFlag(values, 'corrected') ?? '{}')
  let json: unknown
  try {
    json = JSON.parse(rawCorrected)
  } catch (error) {
    throw new CliUsageError(
      `--corrected is not valid JSON (${(error as Error).message}); quote it, e.g. '{"must_contain": ["75 seats"]}'`,
    )
  }
  const corrected = CorrectedAssertionsSchema.safeParse(json)
  if (!corrected.success)
    throw new CliUsageError(
      `--corrected has problems:\n${formatProblems(problemsFromZod(corrected.error.issues, json, CorrectedAssertionsSchema, '--corrected'))}`,
    )
  const project = await projectPaths(io, values, command)
  const queue = stringFlag(values, 'queue')
  const queuePath = queue !== undefined ? resolve(io.cwd, queue) : project.feedbackQueue || undefined
  return {
    review: {
      runId: requiredFlag(values, 'run', 'ID (the scorecard\'s "startedAt")'),
      caseId: requiredFlag(values, 'case', 'ID'),
      errorClass: errorClass as FeedbackRecord['error_class'],
      corrected: corrected.data,
      reviewer: requiredFlag(values, 'reviewer', 'NAME'),
      note: stringFlag(values, 'note') ?? '',
    },
    paths: {
      root: io.cwd,
      scorecard: project.scorecard,
      ...(queuePath !== undefined ? { queue: queuePath } : {}),
      feedback: resolve(io.cwd, stringFlag(values, 'feedback') ?? DEFAULT_FEEDBACK_PATH),
      drafts: resolve(io.cwd, stringFlag(values, 'drafts') ?? DEFAULT_DRAFTS_PATH),
    },
  }
}

/** Runs `action`, turning the expected failures (wrong run or case, bad files, failed writes) into exit code 1. */
async function reporting(io: CliIo, name: string, action: () => Promise<string>): Promise<number> {
  try {
    io.stdout(await action())
    return 0
  } catch (error) {
    if (error instanceof FeedbackError || error instanceof AtomicPairError || error instanceof VersionedFileError) {
      io.stderr(`vitest-rag ${name}: ${withoutPrefix(error.message)}\n`)
      return 1
    }
    throw error
  }
}

/** `vitest-rag feedback add`. */
export const feedbackAddCommand: CliCommand = {
  usage: addUsage,
  run: async (argv, io) => {
    const { review, paths } = await parseReview(argv, io, false, 'feedback add')
    return reporting(io, 'feedback add', async () => {
      await recordFeedback(review, paths)
      return `vitest-rag feedback add: recorded ${review.errorClass} on ${review.caseId} (run ${review.runId}) in ${paths.feedback}\n`
    })
  },
}

/** `vitest-rag promote`. */
export const promoteCommand: CliCommand = {
  usage: promoteUsage,
  run: async (argv, io) => {
    const { review, paths } = await parseReview(argv, io, true, 'promote')
    return reporting(io, 'promote', async () => {
      const { record } = await promoteReview(review, paths)
      return `vitest-rag promote: draft ${record.promoted?.case_id} appended to ${paths.drafts} (status "draft": set it to "active" after review); feedback recorded in ${paths.feedback}\n`
    })
  },
}
