/**
 * `vitest-rag compare RUN_A RUN_B`: a paired, case-by-case comparison of two scorecards (per metric and per
 * case type: mean difference, BCa interval, permutation p, verdict), the cases that flipped, gaming alarms,
 * and a warning when the two configurations differ in more than one section. Writes the result JSON and an
 * HTML page of run B with its deltas against run A.
 */
import { existsSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describeProjectConfig, loadProjectConfig } from '../../vitest/main/project-config.ts'
import { writeHtmlFile } from '../../report/files/html-report.ts'
import {
  COMPARE_HEADLINE_METRICS,
  compareScorecards,
  compareTable,
  type RunComparisonReport,
} from '../../lab/experiments/run-comparison.ts'
import { formatTextTable, signed3, type TextTable } from '../../lab/experiments/text-table.ts'
import { saveExperimentResult } from '../../lab/experiments/write-result.ts'
import { VersionedFileError } from '../../shared/problems/versioned-file-error.ts'
import { caseDetailsFromScorecard } from '../../report/scorecard/html-case-details.ts'
import type { HtmlDelta } from '../../report/scorecard/render-html.ts'
import { readScorecardFile } from '../../report/files/scorecard-file.ts'
import type { Scorecard } from '../../report/scorecard/scorecard.ts'
import { CliUsageError, type CliCommand, type CliIo } from './command.ts'
import { parseCliArgs, stringFlag } from './args.ts'
import { intFlag, isInputError } from './experiment-args.ts'
import { withoutPrefix } from '../../shared/util/errors.ts'

const usage = `Usage: vitest-rag compare RUN_A RUN_B [--project NAME] [--config FILE] [--html FILE] [--out FILE] [--seed N] [--resamples N]

Pairs two runs' scorecards case by case (RUN_x: a scorecard.json, or the folder holding one) and prints, per
metric overall and per case type, B - A with its 95% BCa interval, the permutation p and a verdict (improved,
regressed, no detectable change); the cases that flipped between passing and failing; a gaming alarm when a
metric rose while its partner fell (recall vs precision, faithfulness vs answer relevance); and a warning when
the two configurations differ in more than one section.
  --project NAME   the Vitest project whose ragEval outDir and seed to use (default evals)
  --config FILE    the Vitest config (default: vitest.config.* or vite.config.* here), or a ragEval options
                   file (.json, or a module whose default export is the options object)
  --html FILE      the HTML page (default <outDir>/compare.html)
  --out FILE       the result JSON (default <outDir>/experiments/compare.json)
  --seed N         resampling seed (default the config's seed)
  --resamples N    bootstrap and permutation resamples (default 10000)

Exit code: 0 after writing, 1 when a scorecard cannot be read, 2 on a usage error.`

/** Shown in the table of flipped cases at most (all are in the JSON). */
const MAX_FLIPPED_SHOWN = 20

function scorecardPath(cwd: string, arg: string): string {
  const path = resolve(cwd, arg)
  return existsSync(path) && statSync(path).isDirectory() ? join(path, 'scorecard.json') : path
}

/** Overall deltas of a comparison as the HTML page shows them (the printed table's metrics). */
export function htmlDeltas(report: RunComparisonReport): HtmlDelta[] {
  return report.deltas
    .filter((d) => d.group === 'overall' && (COMPARE_HEADLINE_METRICS.includes(d.metric) || d.significant))
    .map((d) => ({
      metric: d.metric,
      group: d.group,
      baseline: d.meanA,
      current: d.meanB,
      relativeChange: d.meanA === 0 ? d.meanDiff : d.meanDiff / Math.abs(d.meanA),
      verdict: d.verdict,
      good: d.verdict === 'improved' ? true : d.verdict === 'regressed' ? false : undefined,
    }))
}

/** Reads both scorecards; one that cannot be read is printed (with the fix) and resolves to undefined. */
async function readRuns(pathA: string, pathB: string, io: CliIo): Promise<[Scorecard, Scorecard] | undefined> {
  try {
    return [await readScorecardFile(pathA), await readScorecardFile(pathB)]
  } catch (error) {
    if (!(error instanceof VersionedFileError)) throw error
    io.stderr(`vitest-rag compare: ${withoutPrefix(error.message)}\n`)
    return undefined
  }
}

/** The comparison as the terminal shows it: header, configuration diff, table, flipped cases, alarms. */
function printComparison(
  report: RunComparisonReport,
  table: TextTable,
  runs: { a: Scorecard; b: Scorecard; pathA: string; pathB: string; paired: number },
  io: CliIo,
): void {
  const { a, b, pathA, pathB, paired } = runs
  io.stdout(
    `vitest-rag compare: A ${pathA} (${a.run.cases} cases) vs B ${pathB} (${b.run.cases} cases); ${paired} paired\n`,
  )
  io.stdout(
    `configurations differ in: ${report.differingSections.length === 0 ? 'nothing' : report.differingSections.join(', ')}\n`,
  )
  for (const w of report.warnings) io.stdout(`warning: ${w}\n`)
  io.stdout('\n')
  io.stdout(formatTextTable(table))
  const fixed = report.flipped.filter((f) => f.direction === 'fixed').length
  io.stdout(`\nflipped: ${fixed} fixed, ${report.flipped.length - fixed} broke\n`)
  for (const f of report.flipped.slice(0, MAX_FLIPPED_SHOWN))
    io.stdout(`  ${f.direction.padEnd(5)} ${f.caseId} (${f.caseType}): ${f.from} -> ${f.to}\n`)
  if (report.flipped.length > MAX_FLIPPED_SHOWN)
    io.stdout(`  ... and ${report.flipped.length - MAX_FLIPPED_SHOWN} more (all in the JSON)\n`)
  for (const alarm of report.alarms) io.stdout(`gaming alarm: ${alarm.message}\n`)
  if (report.onlyInA.length + report.onlyInB.length > 0)
    io.stdout(`unpaired: ${report.onlyInA.length} only in A, ${report.onlyInB.length} only in B\n`)
}

/** The HTML page of run B with its deltas against run A. */
async function writeComparisonHtml(
  htmlPath: string,
  report: RunComparisonReport,
  b: Scorecard,
  pathA: string,
  pathB: string,
): Promise<void> {
  const overall = report.deltas.filter((d) => d.group === 'overall' && d.significant)
  await writeHtmlFile(htmlPath, {
    title: 'vitest-rag compare: run B against run A',
    scorecard: b,
    deltas: htmlDeltas(report),
    deltasAgainst: 'run A',
    cases: caseDetailsFromScorecard(b),
    notes: [
      `A: ${pathA}`,
      `B: ${pathB}`,
      ...report.warnings.map((w) => `warning: ${w}`),
      ...report.alarms.map((x) => `gaming alarm: ${x.message}`),
      ...overall.map((d) => `${d.metric} ${d.verdict} (${signed3(d.meanDiff)})`),
    ],
  })
}

/** The `compare` command. */
export const compareCommand: CliCommand = {
  usage,
  async run(argv, io) {
    const { values, positionals } = parseCliArgs(
      argv,
      {
        config: { type: 'string' },
        project: { type: 'string' },
        html: { type: 'string' },
        out: { type: 'string' },
        seed: { type: 'string' },
        resamples: { type: 'string' },
      },
      true,
    )
    if (positionals.length !== 2)
      throw new CliUsageError(`compare needs two runs (RUN_A RUN_B), got ${positionals.length}`)
    const [pathA, pathB] = positionals.map((p) => scorecardPath(io.cwd, p)) as [string, string]
    const runs = await readRuns(pathA, pathB, io)
    if (runs === undefined) return 1
    const [a, b] = runs
    let config
    try {
      const loaded = await loadProjectConfig(io.cwd, {
        config: stringFlag(values, 'config'),
        project: stringFlag(values, 'project'),
      })
      io.stderr(`vitest-rag compare: ${describeProjectConfig(loaded)}\n`)
      config = loaded.config
    } catch (error) {
      if (!isInputError(error)) throw error
      io.stderr(`vitest-rag compare: ${withoutPrefix(error.message)}\n`)
      return 1
    }
    const seed = intFlag(values, 'seed', 0, config.seed)
    const resamples = intFlag(values, 'resamples', 100, 10_000)
    const report = compareScorecards(a, b, { seed, resamples })
    const paired = Object.keys(b.cases).filter((id) => Object.hasOwn(a.cases, id)).length
    const table = compareTable(report.deltas)
    printComparison(report, table, { a, b, pathA, pathB, paired }, io)
    const htmlPath =
      stringFlag(values, 'html') === undefined
        ? join(config.outDir, 'compare.html')
        : resolve(io.cwd, stringFlag(values, 'html') as string)
    await writeComparisonHtml(htmlPath, report, b, pathA, pathB)
    const path = await saveExperimentResult<RunComparisonReport & { a: string; b: string }>(
      {
        kind: 'compare',
        argv: ['compare', ...argv],
        configSnapshot: { a: a.configSnapshot, b: b.configSnapshot, experiment: { seed, resamples } },
        goldenSetHash: b.goldenSetHash,
        corpusFingerprint: b.corpusFingerprint,
        cases: paired,
        table,
        data: { a: pathA, b: pathB, ...report },
      },
      { outDir: config.outDir, cwd: io.cwd, out: stringFlag(values, 'out') },
    )
    io.stdout(`\nwrote ${path} and ${htmlPath}\n`)
    return 0
  },
}
