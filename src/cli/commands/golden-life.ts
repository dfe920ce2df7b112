/**
 * The golden-set life-cycle commands, registered together (one line in `index.ts`): build a set from a
 * labelled corpus, synthesize questions, record feedback and promote it, pool and override relevance grades.
 */
import type { CliCommand } from './command.ts'
import { buildTestsetCommand } from './build-testset.ts'
import { feedbackAddCommand, promoteCommand } from './feedback.ts'
import { synthesizeCommand } from './synthesize.ts'
import { qrelsPoolCommand } from './qrels.ts'
import { qrelsOverrideCommand } from './qrels-override.ts'

/** The commands, in the order `vitest-rag help` lists them. */
export const goldenLifeCommands: CliCommand[] = [
  buildTestsetCommand,
  synthesizeCommand,
  feedbackAddCommand,
  promoteCommand,
  qrelsPoolCommand,
  qrelsOverrideCommand,
]
