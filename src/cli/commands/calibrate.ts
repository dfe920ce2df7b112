/**
 * `vitest-rag calibrate`: scores a human-labelled sample with the judge and reports how far it agrees with
 * the humans per criterion (accuracy, Cohen's kappa, confusion matrix), then writes the calibration record
 * the scorecard prints beside every judge metric.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { CliUsageError, type CliCommand, type CliIo } from './command.ts'
import { parseCliArgs, stringFlag } from './args.ts'
import type { CriterionAgreement } from '../../grading/judge/calibration.ts'
import { defaultCalibrationRecordPath, writeCalibrationRecord } from '../../grading/judge/calibration-record.ts'
import { formatProblems } from '../../shared/problems/problems.ts'
import { CALIBRATION_SPLIT_SEED, runCalibrationOnText } from '../../lab/calibration/run-calibration.ts'
import { HALUEVAL_QA_FILES, haluEvalLabelsText } from '../../lab/calibration/halueval-labels.ts'
import { RGB_FACT_FILE, rgbLabelsText } from '../../lab/calibration/rgb-labels.ts'
import type { RagEvalConfig } from '../../config/schema.ts'
import { describeProjectConfig, loadProjectConfig } from '../../vitest/main/project-config.ts'
import { buildCalibrationJudge, calibrationEstimate } from './calibrate-judge.ts'
import { checkSpend, DRY_RUN_OPTION, DRY_RUN_USAGE } from './spend-guard.ts'

const usage = `Usage: vitest-rag calibrate (--labels FILE | --halueval DIR | --rgb DIR) [--project NAME] [--config FILE]
                           [--judge heuristic|model] [--models FILE] [--template FILE] [--seed N] [--write | --out FILE] [--dry-run]

Scores a human-labelled sample with the judge and reports its agreement with the human labels per
criterion on the REPORTING half of the rows only (a seeded split; the heuristic judge's thresholds were tuned
on HaluEval QA's tuning half): n, accuracy, Cohen's kappa with its 95% bootstrap interval, the confusion matrix
(rows human, columns judge), and for faithfulness the ROC AUC beside the unigram-precision baseline's.
  --labels FILE    JSON Lines, one labelled answer per line:
                   {"id", "query", "context": [{"text", "date"?}], "answer", "reference_answer"?,
                    "labels": {"faithfulness"?: 0|0.5|1, "citation_accuracy"?, "answer_relevance"?, "crag"?}}
  --halueval DIR   label rows built from HaluEval's QA files in DIR (e.g. ../shared/datasets/halueval): each
                   question's right answer is faithful, its hallucinated answer is not (1,000 pairs, 2,000 rows)
  --rgb DIR        label rows built from RGB's en_fact.json in DIR (e.g. ../shared/datasets/rgb-en-fact): each
                   question's true and fake answers over its true and swapped passages (100 questions, 400 rows)
  --seed N         seed of the tuning / reporting split (default ${CALIBRATION_SPLIT_SEED})
  --project NAME   the Vitest project whose ragEval options give the defaults below (default evals)
  --config FILE    its Vitest config (default: vitest.config.* or vite.config.* here), or a file of options
  --judge KIND     heuristic (offline) or model (default: the project's judge option; heuristic for off)
  --models FILE    JSON file with the models config (generator and judge chains) for --judge model
                   (default: the project's models option)
  --template FILE  the judge prompt template (default: judge.md of the project's prompts folder, else bundled)
  --write          replace the record the scorecard reads (the project's calibration option for its judge, else
                   ${defaultCalibrationRecordPath('heuristic')} or ${defaultCalibrationRecordPath('model')})
  --out FILE       write the record to FILE instead
${DRY_RUN_USAGE.replace('  --dry-run          ', '  --dry-run        ')}
Without --write or --out the record goes to the project's output folder (calibration/heuristic.json or
calibration/model.json there, e.g. .vitest-rag/evals/calibration/heuristic.json), so a trial run never rewrites
the committed record.

A model judge's worst-case cost (one judging per reporting row, asked and re-asked once) is printed before its
first call; over the models config's spendLimitUsd the run is refused before any call.

Exit code: 0 after writing the record (or a dry run), 1 when the labels file has problems or the estimate is over
the spend limit, 2 on a usage error.`

interface CalibrateArgs {
  labels?: string
  halueval?: string
  rgb?: string
  seed: number
  /** --judge; undefined: the project's judge option. */
  judge: 'heuristic' | 'model' | undefined
  project: string | undefined
  config: string | undefined
  models?: string
  template?: string
  out?: string
  write: boolean
  dryRun: boolean
}

function parseArgs(argv: string[]): CalibrateArgs {
  const { values } = parseCliArgs(argv, {
    labels: { type: 'string' },
    halueval: { type: 'string' },
    rgb: { type: 'string' },
    seed: { type: 'string' },
    judge: { type: 'string' },
    models: { type: 'string' },
    template: { type: 'string' },
    out: { type: 'string' },
    write: { type: 'boolean' },
    project: { type: 'string' },
    config: { type: 'string' },
    ...DRY_RUN_OPTION,
  })
  const labels = stringFlag(values, 'labels')
  const halueval = stringFlag(values, 'halueval')
  const judge = stringFlag(values, 'judge')
  if (judge !== undefined && judge !== 'heuristic' && judge !== 'model')
    throw new CliUsageError(`--judge must be heuristic or model, got ${JSON.stringify(judge)}`)
  const rgb = stringFlag(values, 'rgb')
  if ([labels, halueval, rgb].filter((x) => x !== undefined).length !== 1)
    throw new CliUsageError('give one of --labels FILE, --halueval DIR or --rgb DIR')
  const seedText = stringFlag(values, 'seed')
  const seed = seedText === undefined ? CALIBRATION_SPLIT_SEED : Number(seedText)
  if (!Number.isInteger(seed)) throw new CliUsageError(`--seed must be a whole number, got ${JSON.stringify(seedText)}`)
  const models = stringFlag(values, 'models')
  const out = stringFlag(values, 'out')
  if (out !== undefined && values.write === true) throw new CliUsageError('give --write or --out FILE, not both')
  return {
    labels,
    halueval,
    rgb,
    seed,
    judge,
    models,
    template: stringFlag(values, 'template'),
    out,
    write: values.write === true,
    project: stringFlag(values, 'project'),
    config: stringFlag(values, 'config'),
    dryRun: values['dry-run'] === true,
  }
}

/** The labels text and how the record names it, from --labels or --halueval; undefined (after saying why) when absent. */
function readLabels(args: CalibrateArgs, io: CliIo): { text: string; name: string } | undefined {
  if (args.halueval !== undefined) {
    const dir = resolve(io.cwd, args.halueval)
    const missing = HALUEVAL_QA_FILES.filter((f) => !existsSync(join(dir, f)))
    if (missing.length > 0) {
      io.stderr(
        `vitest-rag calibrate: ${dir} lacks ${missing.join(' and ')} (fix: pass --halueval with the HaluEval folder, e.g. ../shared/datasets/halueval)\n`,
      )
      return undefined
    }
    const files = HALUEVAL_QA_FILES.map((file) => ({ file, text: readFileSync(join(dir, file), 'utf8') }))
    return { text: haluEvalLabelsText(files), name: `HaluEval QA (${HALUEVAL_QA_FILES.join(', ')})` }
  }
  if (args.rgb !== undefined) return readRgb(resolve(io.cwd, args.rgb), io)
  const labelsPath = resolve(io.cwd, args.labels ?? '')
  if (!existsSync(labelsPath)) {
    io.stderr(
      `vitest-rag calibrate: no labels file at ${labelsPath} (fix: pass --labels with a JSONL file of labelled answers, e.g. test/fixtures/calibration/halueval-54.jsonl)\n`,
    )
    return undefined
  }
  return { text: readFileSync(labelsPath, 'utf8'), name: relative(io.cwd, labelsPath) || labelsPath }
}

function readRgb(dir: string, io: CliIo): { text: string; name: string } | undefined {
  if (!existsSync(join(dir, RGB_FACT_FILE))) {
    io.stderr(
      `vitest-rag calibrate: ${dir} lacks ${RGB_FACT_FILE} (fix: pass --rgb with the RGB folder, e.g. ../shared/datasets/rgb-en-fact)\n`,
    )
    return undefined
  }
  return { text: rgbLabelsText(readFileSync(join(dir, RGB_FACT_FILE), 'utf8')), name: `RGB en_fact (${RGB_FACT_FILE})` }
}

/** The agreement table as text: one block per criterion with its confusion matrix. */
export function renderAgreement(name: string, a: CriterionAgreement): string {
  const fmt = (x: number | null) => (x === null ? 'n/a' : x.toFixed(3))
  const width = Math.max(6, ...a.labels.map((l) => l.length + 1))
  const header = `${'human\\judge'.padEnd(12)}${a.labels.map((l) => l.padStart(width)).join('')}`
  const rows = a.labels.map(
    (l, i) => `${l.padEnd(12)}${(a.confusion[i] ?? []).map((c) => String(c).padStart(width)).join('')}`,
  )
  const ci = a.kappaCi ? ` (95% CI ${a.kappaCi[0].toFixed(3)} to ${a.kappaCi[1].toFixed(3)})` : ''
  const auc =
    a.rocAuc === undefined
      ? []
      : [
          `  ROC AUC ${a.rocAuc.toFixed(3)}; unigram-precision baseline ${a.unigramRocAuc === undefined ? 'n/a' : a.unigramRocAuc.toFixed(3)}${beatsBaseline(a) ? ' (the judge beats it on this set)' : ' (the judge does not beat it on this set: here it is a lexical smoke test, not evidence)'}`,
        ]
  return [
    `${name}: n=${a.n}${a.skipped > 0 ? ` (skipped ${a.skipped})` : ''}  accuracy ${fmt(a.accuracy)}  kappa ${fmt(a.kappa)}${ci}`,
    ...auc,
    `  ${header}`,
    ...rows.map((r) => `  ${r}`),
  ].join('\n')
}

/** Whether the judge's ROC AUC is above the unigram baseline's on the same rows (false when either is missing). */
function beatsBaseline(a: CriterionAgreement): boolean {
  return a.rocAuc !== undefined && a.unigramRocAuc !== undefined && a.rocAuc > a.unigramRocAuc
}

/**
 * Where the record goes without `--out`: with `--write`, the record the scorecard reads (the project's
 * `calibration` option when it calibrates the project's judge, else the default path of `kind` in the project);
 * without, the project's output folder, so a trial run never rewrites the committed record.
 */
function recordPath(config: RagEvalConfig, kind: 'heuristic' | 'model', write: boolean): string {
  if (!write) return join(config.outDir, 'calibration', `${kind}.json`)
  return config.judge === kind ? config.calibration : resolve(config.root, defaultCalibrationRecordPath(kind))
}

async function run(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv)
  const loaded = await loadProjectConfig(io.cwd, { config: args.config, project: args.project })
  io.stderr(`vitest-rag calibrate: ${describeProjectConfig(loaded)}\n`)
  const labels = readLabels(args, io)
  if (labels === undefined) return 1
  const { judge, spend } = buildCalibrationJudge(args, io, loaded.config)
  const estimate = spend && calibrationEstimate(labels.text, args.seed, spend)
  const stop = checkSpend('calibrate', estimate, spend?.clients.ledger.limitUsd ?? Infinity, args.dryRun, io)
  if (stop !== undefined) return stop
  const outcome = await runCalibrationOnText(labels.text, judge, labels.name, new Date(), args.seed)
  if (!outcome.ok) {
    io.stderr(
      `${formatProblems(outcome.problems)}\nvitest-rag calibrate: ${outcome.problems.length} problem(s) in ${labels.name}; fix them and re-run\n`,
    )
    return 1
  }
  const outPath = args.out !== undefined ? resolve(io.cwd, args.out) : recordPath(loaded.config, judge.kind, args.write)
  await writeCalibrationRecord(outPath, outcome.record)
  const blocks = Object.entries(outcome.record.criteria).map(([name, a]) => renderAgreement(name, a))
  const committed = args.write
    ? ''
    : args.out === undefined
      ? ` (the committed ${relative(io.cwd, recordPath(loaded.config, judge.kind, true))} is unchanged; pass --write to replace it)`
      : ''
  io.stdout(
    `vitest-rag calibrate: ${labels.name}: ${outcome.record.rows} labelled rows split by seed ${args.seed} into ${outcome.record.split?.tuning} tuning and ${outcome.record.split?.reporting} reporting rows; figures from the reporting half only; ${judge.kind} judge${judge.model ? ` ${judge.model}` : ''} (${judge.promptVersion})\n\n${blocks.join('\n\n')}\n\nwrote ${outPath}${committed}\n`,
  )
  return 0
}

/** `vitest-rag calibrate`. */
export const calibrateCommand: CliCommand = {
  usage,
  run,
}
