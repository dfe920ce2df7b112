/**
 * The experiment commands, registered together (one line in the command registry).
 */
import type { CliCommand } from './command.ts'
import { chunkingExperimentCommand } from './chunking-experiment.ts'
import { compareCommand } from './compare.ts'
import { evalRetrievalCommand } from './eval-retrieval.ts'
import { noiseCommand } from './noise.ts'
import { tuneCommand } from './tune.ts'

/** `eval-retrieval`, `chunking-experiment`, `tune`, `compare`, `noise`. */
export const experimentCommands: CliCommand[] = [
  evalRetrievalCommand,
  chunkingExperimentCommand,
  tuneCommand,
  compareCommand,
  noiseCommand,
]
