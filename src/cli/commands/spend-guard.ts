/**
 * The up-front spend check of every CLI command that calls a model (`synthesize`, `qrels pool --models`, and
 * the experiment commands with `--models`): the worst-case estimate is printed before the first call, a run
 * whose estimate exceeds the spend limit is refused before it starts, and `--dry-run` stops after the estimate.
 * The estimate comes from the same planners and price table as the Vitest run's dry run (`evaluation/estimate.ts`,
 * `llm/spend.ts`); the per-call spend limit still guards every call on top.
 */
import { EstimatedSpendTooHighError, assertEstimateWithinLimit, type RunCostEstimate } from '../../llm/index.ts'
import { withoutPrefix } from '../../shared/util/errors.ts'
import type { CliIo } from './command.ts'

/** The `--dry-run` flag of the model-using commands. */
export const DRY_RUN_OPTION = { 'dry-run': { type: 'boolean' } } as const

/** Its usage line. */
export const DRY_RUN_USAGE =
  '  --dry-run          print the worst-case model cost estimate and stop before any model call'

/** The printed estimate, e.g. `estimated worst-case cost: $0.0123 over 40 model calls (gpt-4o-mini: 40) (limit $1)`. */
export function describeEstimate(estimate: RunCostEstimate, limitUsd: number): string {
  const models = Object.entries(estimate.byModel)
    .map(([model, m]) => `${model}: ${m.calls}`)
    .join(', ')
  const limit = Number.isFinite(limitUsd) ? `limit $${limitUsd}` : 'no spend limit set'
  return `estimated worst-case cost: $${estimate.totalUsd.toFixed(4)} over ${estimate.calls} model calls${models ? ` (${models})` : ''} (${limit})`
}

/**
 * Prints the estimate (stderr, so stdout stays the command's result) and decides: an exit code to stop with
 * (0 after a dry run, 1 when the estimate exceeds `limitUsd`; `Infinity` means no limit), or undefined to go on.
 * No estimate (nothing calls a model) goes on silently, unless it is a dry run, which says so and stops.
 */
export function checkSpend(
  command: string,
  estimate: RunCostEstimate | undefined,
  limitUsd: number,
  dryRun: boolean,
  io: CliIo,
): number | undefined {
  if (estimate === undefined) {
    if (!dryRun) return undefined
    io.stderr(`vitest-rag ${command}: dry run: no model is used (offline), so nothing would be spent\n`)
    return 0
  }
  io.stderr(`vitest-rag ${command}: ${describeEstimate(estimate, limitUsd)}\n`)
  if (Number.isFinite(limitUsd)) {
    try {
      assertEstimateWithinLimit(estimate, limitUsd)
    } catch (error) {
      if (!(error instanceof EstimatedSpendTooHighError)) throw error
      io.stderr(`vitest-rag ${command}: refused before any model call: ${withoutPrefix(error.message)}\n`)
      return 1
    }
  }
  if (!dryRun) return undefined
  io.stderr(`vitest-rag ${command}: dry run: stopped before any model call\n`)
  return 0
}
