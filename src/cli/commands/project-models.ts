/**
 * The model clients of a lab command that does not get `--models FILE`: the project's own `models` option,
 * with the model cache the run uses (so a command repeats no call the run already paid for).
 */
import type { RagEvalConfig } from '../../config/schema.ts'
import { modelClientOptions } from '../../evaluation/runtime-parts.ts'
import { LlmError, createModelClients, type ModelClients } from '../../llm/index.ts'
import { CliUsageError, type CliIo } from './command.ts'
import { modelClientsFromFile } from './flags.ts'
import { withoutPrefix } from '../../shared/util/errors.ts'

/**
 * The clients of `config.models`, with `spendLimitUsd` over the config's limit when given. `config` is undefined
 * when `--kb` / `--beir` replaced the project's configuration: then there are no models to read, and the error
 * says to pass `--models FILE`; so does a project without a `models` option.
 */
export function projectModelClients(config: RagEvalConfig | undefined, spendLimitUsd?: number): ModelClients {
  if (!config)
    throw new CliUsageError(
      '--models FILE is required with --kb or --beir (the project config, whose models option it would use, is not read then)',
    )
  if (!config.models)
    throw new CliUsageError(
      `project "${config.project}" configures no models; add a models option to its ragEval() (see docs/providers.md) or pass --models FILE`,
    )
  try {
    return createModelClients(config.models, {
      cacheDir: modelClientOptions(config).cacheDir,
      ...(spendLimitUsd === undefined ? {} : { spendLimitUsd }),
    })
  } catch (error) {
    if (error instanceof LlmError)
      throw new CliUsageError(`project "${config.project}" models: ${withoutPrefix(error.message)}`)
    throw error
  }
}

/** Model clients that have a judge (what a lab command's model judge or grader runs on). */
export type JudgeModelClients = ModelClients & { judge: NonNullable<ModelClients['judge']> }

/**
 * The clients of a lab command's model judge: `--models FILE`'s (`modelsFile`, relative to the working
 * directory), else the project's own `models` option with the run's cache ({@link projectModelClients}); a usage
 * error when the chosen configuration has no judge. `projectFix` ends the project's message with what else the
 * command accepts (e.g. `--grader heuristic`).
 */
export function judgeModelClients(
  io: CliIo,
  config: RagEvalConfig | undefined,
  modelsFile: string | undefined,
  options: { spendLimitUsd?: number; projectFix?: string } = {},
): JudgeModelClients {
  const clients =
    modelsFile !== undefined
      ? modelClientsFromFile(io.cwd, modelsFile, options.spendLimitUsd)
      : projectModelClients(config, options.spendLimitUsd)
  if (clients.judge) return clients as JudgeModelClients
  throw new CliUsageError(
    modelsFile !== undefined
      ? `--models ${modelsFile} configures no judge; add "judge": {} (the generator chain reversed) or a judge chain`
      : `project "${config?.project}" configures no judge model; add models.judge (or "judge": {}) to its ragEval()${options.projectFix ?? ' or pass --models FILE'}`,
  )
}
