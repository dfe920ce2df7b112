/**
 * The registry of `vitest-rag` subcommands. Add one import and one array entry per command.
 */
import type { CliCommand } from './command.ts'
import { verifyCommand } from './verify.ts'
import { calibrateCommand } from './calibrate.ts'
import { scoreRunCommand } from './score-run.ts'
import { searchCommand } from './search.ts'
import { baselineCommands } from './baseline.ts'
import { initCommand } from './init.ts'
import { experimentCommands } from './experiments.ts'
import { goldenLifeCommands } from './golden-life.ts'

/** Every subcommand, in the order `vitest-rag help` lists them. */
export const commands: CliCommand[] = [
  initCommand,
  verifyCommand,
  calibrateCommand,
  scoreRunCommand,
  searchCommand,
  ...baselineCommands,
  ...goldenLifeCommands,
  ...experimentCommands,
]
