/**
 * `vitest-rag baseline accept` and `vitest-rag baseline show`: accepting a new baseline is a deliberate act.
 * `accept` shows a readable diff of the aggregate metrics (current baseline -> the new one) and writes only
 * with `--yes` or after an interactive `y`; `show` prints the committed baseline.
 */
import { createInterface } from 'node:readline/promises'
import { dirname, join } from 'node:path'
import { readTextIfExists } from '../../shared/util/read-if-exists.ts'
import { diffString } from 'json-diff'
import { ConfigError, DEFAULT_PROJECT, REPORT_FILES } from '../../config/resolve.ts'
import { createBaseline, summarizeBaselineForDiff, type Baseline } from '../../report/gate/baseline.ts'
import { loadBaseline, writeBaseline } from '../../report/files/baseline-file.ts'
import { BASELINE_ACCEPT_COMMAND } from '../../shared/text/commands.ts'
import { acceptRefusals, listHardFailures } from '../../report/gate/accept.ts'
import { VersionedFileError } from '../../shared/problems/versioned-file-error.ts'
import { sortCaseTypes, sortMetricNames } from '../../report/scorecard/metric-order.ts'
import { readScorecardFile } from '../../report/files/scorecard-file.ts'
import type { MetricGroup, Scorecard } from '../../report/scorecard/scorecard.ts'
import type { CliCommand, CliIo } from './command.ts'
import { parseCliArgs, type CliOptions } from './args.ts'
import { projectOption, projectPaths } from './flags.ts'

/** Asks the user a yes/no question; resolves to undefined when there is no one to ask (no TTY). */
export type Confirm = (question: string) => Promise<boolean | undefined>

/** The default {@link Confirm}: a `[y/N]` prompt on the process's terminal, undefined without a TTY. */
export const confirmOnTerminal: Confirm = async (question) => {
  if (!process.stdin.isTTY || !process.stdout.isTTY) return undefined
  const rl = createInterface({ input: process.stdin, output: process.stdout })
  try {
    const answer = await rl.question(`${question} [y/N] `)
    return /^y(es)?$/i.test(answer.trim())
  } finally {
    rl.close()
  }
}

function parse(argv: string[], options: CliOptions) {
  return parseCliArgs(argv, options).values
}

function isKnownError(error: unknown): error is Error {
  return error instanceof VersionedFileError || error instanceof ConfigError
}

/**
 * Why a scorecard must not become a baseline, every reason at once: `fatal` ones (no cases) always refuse;
 * the others ({@link acceptRefusals}: a partial, sampled, filtered, unmerged-shard, interrupted or errored run,
 * or a scorecard older than an unfinished run) refuse unless `--allow-partial`. Failed hard checks refuse
 * nothing: they are listed on accept and keep failing every run until fixed.
 */
export function refusalReasons(
  scorecard: Scorecard,
  lastRunUnfinished = false,
): { fatal: string[]; partial: string[] } {
  if (scorecard.run.cases === 0) return { fatal: ['the scorecard has no cases'], partial: [] }
  return { fatal: [], partial: acceptRefusals(scorecard, lastRunUnfinished) }
}

/** Whether the `gate.json` beside a scorecard says a later run started and never reported. */
async function lastRunUnfinished(scorecardPath: string): Promise<boolean> {
  const text = await readTextIfExists(join(dirname(scorecardPath), 'gate.json')).catch(() => undefined)
  if (text === undefined) return false
  try {
    return (JSON.parse(text) as { status?: unknown }).status === 'stale'
  } catch {
    return false
  }
}

/** Readable diff of the aggregate metrics, old -> new (every line of a new baseline when there was none). */
export function diffBaselines(before: Baseline | undefined, after: Baseline): string {
  const text = diffString(before ? summarizeBaselineForDiff(before) : {}, summarizeBaselineForDiff(after), {
    color: false,
    precision: 4,
  })
  return text === '' ? '(no change in the aggregate metrics)\n' : text
}

async function runAccept(argv: string[], io: CliIo, confirm: Confirm, now: () => Date): Promise<number> {
  const args = parse(argv, {
    ...projectOption,
    scorecard: { type: 'string' },
    baseline: { type: 'string' },
    yes: { type: 'boolean', short: 'y' },
    'allow-partial': { type: 'boolean' },
  })
  const { scorecard: scorecardPath, baseline: baselinePath } = await projectPaths(io, args, 'baseline accept')
  const scorecard = await readScorecardFile(scorecardPath)
  const { fatal, partial } = refusalReasons(scorecard, await lastRunUnfinished(scorecardPath))
  const allowPartial = args['allow-partial'] === true
  if (fatal.length > 0 || (partial.length > 0 && !allowPartial)) {
    const fix =
      fatal.length > 0
        ? 're-run the whole golden set first'
        : 're-run the whole golden set first, or pass --allow-partial to accept this run as it is'
    io.stderr(
      `vitest-rag baseline accept: not accepting ${scorecardPath}: ${[...fatal, ...partial].join('; ')}; ${fix}\n`,
    )
    return 1
  }
  if (partial.length > 0) io.stdout(`Accepting with --allow-partial although ${partial.join('; ')}.\n`)
  let current: Baseline | undefined
  try {
    current = await loadBaseline(baselinePath)
  } catch (error) {
    if (!isKnownError(error)) throw error
    io.stdout(`The current baseline cannot be read and will be replaced: ${error.message}\n`)
  }
  const next = createBaseline(scorecard, now().toISOString())
  io.stdout(`${current ? `Changes to ${baselinePath}` : `New baseline ${baselinePath}`} (aggregate metrics):\n`)
  io.stdout(diffBaselines(current, next))
  if (args.yes !== true) {
    const answer = await confirm(`Write this baseline to ${baselinePath}?`)
    if (answer === undefined) {
      io.stderr(
        'vitest-rag baseline accept: not written: no interactive terminal to confirm; review the diff above and pass --yes to accept it\n',
      )
      return 1
    }
    if (!answer) {
      io.stdout('Not written.\n')
      return 1
    }
  }
  await writeBaseline(baselinePath, next)
  io.stdout(`Wrote ${baselinePath} (${Object.keys(next.cases).length} cases). Commit it with the change it reflects.\n`)
  const failed = scorecard.hard.failures
  if (failed.length > 0) {
    io.stdout(
      `It was taken from a run with ${failed.length} failed hard check(s); the gate never compares hard checks with a baseline: they still fail every run until fixed:\n${listHardFailures(failed).join('\n')}\n`,
    )
  }
  return 0
}

/** A plain-text table: first column left-aligned, the others right-aligned, two spaces apart. */
function textTable(rows: string[][]): string[] {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? []
  return rows.map((r) =>
    r
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd(),
  )
}

function renderBaseline(baseline: Baseline, path: string): string {
  const lines = [
    `Baseline ${path}`,
    `  created ${baseline.createdAt} by vitest-rag ${baseline.harnessVersion}, ${baseline.mode} mode, ${Object.keys(baseline.cases).length} cases`,
    `  golden set ${baseline.goldenSetHash}`,
    `  corpus     ${baseline.corpusFingerprint}`,
    `  judge      ${baseline.judgeKind} (coverage ${(baseline.judgeCoverage * 100).toFixed(1)}%)`,
  ]
  for (const family of ['retrieval', 'answer'] as const) {
    const f = baseline.metrics[family]
    const byType = f.byCaseType as Record<string, MetricGroup | undefined>
    // Groups without a scored case (e.g. must-abstain types for retrieval) have nothing to show.
    const groups = [
      ['overall', f.overall] as const,
      ...sortCaseTypes(Object.keys(byType)).map((t) => [t, byType[t]] as const),
    ].filter(([, g]) => (g?.n ?? 0) > 0)
    const names = sortMetricNames(Object.keys(f.overall.mean))
    if (names.length === 0 || groups.length === 0) continue
    const header = [family, ...groups.map(([g, group]) => `${g} (n=${group?.n ?? 0})`)]
    const rows = names.map((n) => [
      n,
      ...groups.map(([, group]) => (group?.mean[n] === undefined ? '-' : (group.mean[n] ?? 0).toFixed(3))),
    ])
    lines.push('', ...textTable([header, ...rows]).map((l) => `  ${l}`))
  }
  return `${lines.join('\n')}\n`
}

async function runShow(argv: string[], io: CliIo): Promise<number> {
  const args = parse(argv, { ...projectOption, baseline: { type: 'string' }, json: { type: 'boolean' } })
  const baselinePath = (await projectPaths(io, args, 'baseline show')).baseline
  const baseline = await loadBaseline(baselinePath)
  if (!baseline) {
    // The same --project / --baseline this command was given, so the suggested accept writes what show reads.
    const named = [
      typeof args.project === 'string' ? `--project ${args.project}` : '',
      typeof args.baseline === 'string' ? `--baseline ${args.baseline}` : '',
    ].filter(Boolean)
    io.stderr(
      `vitest-rag baseline show: no baseline at ${baselinePath}; run the evals, then create one with: ${[BASELINE_ACCEPT_COMMAND, ...named].join(' ')}\n`,
    )
    return 1
  }
  io.stdout(
    args.json === true
      ? `${JSON.stringify(summarizeBaselineForDiff(baseline), null, 2)}\n`
      : renderBaseline(baseline, baselinePath),
  )
  return 0
}

function withKnownErrors(run: (argv: string[], io: CliIo) => Promise<number>): CliCommand['run'] {
  return async (argv, io) => {
    try {
      return await run(argv, io)
    } catch (error) {
      if (!isKnownError(error)) throw error
      io.stderr(`${error.message}\n`)
      return 1
    }
  }
}

/** Builds `baseline accept`; tests inject `confirm` (the answer to the prompt) and `now` (the createdAt). */
export function createBaselineAcceptCommand(
  confirm: Confirm = confirmOnTerminal,
  now: () => Date = () => new Date(),
): CliCommand {
  return {
    usage: [
      'Usage: vitest-rag baseline accept [--project NAME] [--config FILE] [--scorecard FILE] [--baseline FILE] [--yes] [--allow-partial]',
      '',
      'Shows the diff of the aggregate metrics between the current baseline and the last run, then writes the',
      'new baseline after an interactive "y", or at once with --yes. Without a terminal and without --yes it',
      'prints the diff and exits 1. An empty run is always refused; a partial, filtered, sampled or unmerged-shard',
      'run, an interrupted run, a run with errored cases or unhandled errors, and a scorecard older than an',
      'unfinished run are refused unless --allow-partial. A complete run whose only failures are hard checks is',
      'accepted and its failed checks are listed: they still fail every run until fixed.',
      '',
      `  --project NAME    the Vitest project whose run to accept (default ${DEFAULT_PROJECT})`,
      '  --config FILE     the Vitest config (default: vitest.config.* or vite.config.* here) or a ragEval options file',
      `  --scorecard FILE  the run's scorecard (default <outDir>/${REPORT_FILES.scorecard}: the project's outDir, or VITEST_RAG_OUT_DIR)`,
      "  --baseline FILE   the baseline to write (default: the project's baseline option, else baselines/<project>.baseline.json)",
      '  --yes, -y         write without asking',
      '  --allow-partial   accept a partial, sampled, sharded or errored run anyway (says what it accepts)',
    ].join('\n'),
    run: withKnownErrors((argv, io) => runAccept(argv, io, confirm, now)),
  }
}

/** `vitest-rag baseline show`. */
export const baselineShowCommand: CliCommand = {
  usage: [
    'Usage: vitest-rag baseline show [--project NAME] [--config FILE] [--baseline FILE] [--json]',
    '',
    `  --project NAME   the Vitest project whose baseline to show (default ${DEFAULT_PROJECT})`,
    '  --config FILE    the Vitest config (default: vitest.config.* or vite.config.* here) or a ragEval options file',
    '  --baseline FILE  the baseline to show (default baselines/<project>.baseline.json)',
    '  --json           print the aggregate summary as JSON',
  ].join('\n'),
  run: withKnownErrors(runShow),
}
