/**
 * `resolveConfig`: validates `ragEval` options once, applies defaults and environment overrides, and makes
 * every path absolute. A bad option fails with every problem listed and the fix.
 */
import { existsSync } from 'node:fs'
import { isAbsolute, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { BUNDLED_PROMPTS_DIR } from '../llm/prompts/load.ts'
import { RagEvalOptionsSchema, type RagEvalConfig, type RagEvalOptions } from './schema.ts'
import { ConfigError } from './errors.ts'
import { BASELINE_ACCEPT_COMMAND } from '../shared/text/commands.ts'
import { parseChunkerSpec } from '../corpus/chunk.ts'
import { ChunkerSpecError } from '../corpus/errors.ts'
import { formatProblems, type Problem } from '../shared/problems/problems.ts'
import { problemsFromZod } from '../shared/problems/zod-problems.ts'

/** The bundled sample knowledge base, used when no corpus is configured. */
export const SAMPLE_KB_ROOT = fileURLToPath(new URL('../../evals/sample-kb', import.meta.url))

/** The path of prompt template `name` (e.g. `answer.md`): the configured folder's, else the bundled one (`BUNDLED_PROMPTS_DIR`). */
export function promptPath(config: Pick<RagEvalConfig, 'prompts'>, name: string): string {
  const own = join(config.prompts, name)
  return existsSync(own) ? own : join(BUNDLED_PROMPTS_DIR, name)
}

export { ConfigError }

/** Environment variables that override options, so a CLI run can change them without editing config. */
export const ENV_OVERRIDES = {
  mode: 'VITEST_RAG_MODE',
  sample: 'VITEST_RAG_SAMPLE',
  resume: 'VITEST_RAG_RESUME',
  dryRun: 'VITEST_RAG_DRY_RUN',
  judge: 'VITEST_RAG_JUDGE',
  baseline: 'VITEST_RAG_BASELINE',
  outDir: 'VITEST_RAG_OUT_DIR',
  recordOutputs: 'VITEST_RAG_RECORD_OUTPUTS',
} as const

function envOverrides(env: NodeJS.ProcessEnv): Partial<RagEvalOptions> {
  const out: Partial<RagEvalOptions> = {}
  const mode = env[ENV_OVERRIDES.mode]
  if (mode === 'retrieval' || mode === 'system') out.mode = mode
  else if (mode) throw new ConfigError(`${ENV_OVERRIDES.mode}="${mode}" is not a mode (expected retrieval or system)`)
  const sample = env[ENV_OVERRIDES.sample]
  if (sample) {
    const n = Number(sample)
    if (!Number.isInteger(n) || n <= 0)
      throw new ConfigError(`${ENV_OVERRIDES.sample}="${sample}" must be a positive whole number`)
    out.sample = n
  }
  const resumeValue = env[ENV_OVERRIDES.resume]
  if (resumeValue) out.resume = resumeValue !== '0' && resumeValue !== 'false'
  const dryRun = env[ENV_OVERRIDES.dryRun]
  if (dryRun) out.dryRun = dryRun !== '0' && dryRun !== 'false'
  const judge = env[ENV_OVERRIDES.judge]
  if (judge === 'heuristic' || judge === 'model' || judge === 'off') out.judge = judge
  else if (judge)
    throw new ConfigError(`${ENV_OVERRIDES.judge}="${judge}" is not a judge (expected heuristic, model or off)`)
  if (env[ENV_OVERRIDES.baseline]) out.baseline = env[ENV_OVERRIDES.baseline]
  if (env[ENV_OVERRIDES.outDir]) out.outDir = env[ENV_OVERRIDES.outDir]
  const record = env[ENV_OVERRIDES.recordOutputs]
  if (record) out.recordOutputs = record !== '0' && record !== 'false'
  return out
}

/** The project name used when the Vitest project has none (the name `vitest-rag init` gives it). */
export const DEFAULT_PROJECT = 'evals'

/** A project name as a file-name part: anything but letters, digits, `.`, `_` and `-` becomes `-`. */
export function projectSlug(project: string): string {
  return project.replace(/[^A-Za-z0-9._-]+/g, '-')
}

/** Files the reporter writes under a project's `outDir`. */
export const REPORT_FILES = {
  scorecard: 'scorecard.json',
  markdown: 'scorecard.md',
  gate: 'gate.json',
  trecRun: 'run.trec',
  trecQrels: 'qrels.trec',
  /** The run's system outputs, written with the `recordOutputs` option (the recorded adapter's input). */
  outputs: 'outputs.jsonl',
  /** The feedback queue's default place (config `feedbackQueue`). */
  feedbackQueue: 'feedback-queue.jsonl',
} as const

/** Per-project default paths, relative to the project root: `{ baseline, outDir }`. */
export function projectDefaults(project: string = DEFAULT_PROJECT): { baseline: string; outDir: string } {
  const slug = projectSlug(project)
  return { baseline: `baselines/${slug}.baseline.json`, outDir: `.vitest-rag/${slug}` }
}

/** A command-line word as a POSIX shell reads it back: bare when safe, else in single quotes. */
function shellWord(word: string): string {
  return /^[A-Za-z0-9._/@:=+-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`
}

/**
 * The `baseline accept` command for this config, as the gate prints it for the user to copy: with
 * `--project NAME` when the project is not {@link DEFAULT_PROJECT}, and `--scorecard` / `--baseline` when the
 * config moved the output folder or the baseline from the project's defaults, so it accepts this run into the
 * baseline the next run reads. Example: project `squad` -> `npx vitest-rag baseline accept --project squad`.
 */
export function baselineAcceptCommand(config: Pick<RagEvalConfig, 'project' | 'root' | 'outDir' | 'baseline'>): string {
  const defaults = projectDefaults(config.project)
  const rel = (p: string) => relative(config.root, p) || '.'
  const words = [BASELINE_ACCEPT_COMMAND]
  if (config.project !== DEFAULT_PROJECT) words.push('--project', shellWord(config.project))
  if (rel(config.outDir) !== defaults.outDir)
    words.push('--scorecard', shellWord(join(rel(config.outDir), REPORT_FILES.scorecard)))
  if (rel(config.baseline) !== defaults.baseline) words.push('--baseline', shellWord(rel(config.baseline)))
  return words.join(' ')
}

/** The value of `baseline` (or `VITEST_RAG_BASELINE`) that turns the comparison off. */
export const NO_BASELINE = 'none'

/** The baseline fields of the resolved config: the project's default path, a named path, or none at all. */
function baselineOf(
  value: string | undefined,
  defaultPath: string,
  namedBy: string,
  abs: (p: string) => string,
): Pick<RagEvalConfig, 'baseline' | 'baselineNamedBy' | 'noBaseline'> {
  if (value === undefined) return { baseline: abs(defaultPath) }
  if (value.toLowerCase() === NO_BASELINE) return { baseline: abs(defaultPath), noBaseline: true }
  return { baseline: abs(value), baselineNamedBy: namedBy }
}

/** How problems name the options of `project`: `ragEval options of project "evals"`. */
export function optionsLabel(project: string): string {
  return `ragEval options of project "${project}"`
}

/** The problem of a chunker spec that does not parse (`fixed-800`), with the spelling it probably meant. */
function chunkerProblems(spec: unknown, label: string): Problem[] {
  if (typeof spec !== 'string') return []
  try {
    parseChunkerSpec(spec)
    return []
  } catch (error) {
    if (!(error instanceof ChunkerSpecError)) throw error
    const near = /^(fixed|structural)[^:/\d]+(\d.*)$/.exec(spec.trim())
    const fix = near
      ? `did you mean "${near[1]}:${near[2]}"?`
      : '"fixed", "fixed:800/100", "structural" or "structural:1500/100"'
    return [
      {
        code: 'invalid_value',
        file: label,
        path: 'chunker',
        value: spec,
        message: error.message.replace(/^vitest-rag: chunker spec /, '').replace(/ \(expected .*\)$/, ''),
        fix,
      },
    ]
  }
}

/**
 * Validates `options` (plus environment overrides), applies defaults and resolves paths against `root`.
 * `project` is the Vitest project's name: it names the default baseline and output folder. Throws
 * {@link ConfigError} listing every problem.
 */
export function resolveConfig(
  options: RagEvalOptions = {},
  root: string = process.cwd(),
  env: NodeJS.ProcessEnv = process.env,
  project: string = DEFAULT_PROJECT,
): RagEvalConfig {
  const merged = { ...options, ...envOverrides(env) }
  const parsed = RagEvalOptionsSchema.safeParse(merged)
  // Every problem at once: the schema's (an unknown key with the closest known one) and the chunker spec's.
  const label = optionsLabel(project)
  const problems = [
    ...(parsed.success ? [] : problemsFromZod(parsed.error.issues, merged, RagEvalOptionsSchema, label)),
    ...chunkerProblems(merged.chunker, label),
  ]
  if (!parsed.success || problems.length > 0) {
    throw new ConfigError(
      `${problems.length} problem${problems.length === 1 ? '' : 's'} in the ${label} (root ${root}):\n${formatProblems(problems)}`,
    )
  }
  // `models` is part of the schema, so a bad provider fails the run here, once, at startup, with every problem
  // listed, instead of once per test file inside the workers.
  const o = parsed.data
  const defaults = projectDefaults(project)
  const abs = (p: string) => (isAbsolute(p) ? p : resolve(root, p))
  const corpus = o.corpus ? { ...o.corpus, root: abs(o.corpus.root) } : { kind: 'kb' as const, root: SAMPLE_KB_ROOT }
  const adapter =
    o.adapter.kind === 'module' || o.adapter.kind === 'recorded'
      ? { ...o.adapter, path: abs(o.adapter.path) }
      : o.adapter
  const sourceMap = typeof o.sourceMap === 'string' ? abs(o.sourceMap) : o.sourceMap
  return {
    ...o,
    project,
    root,
    corpus,
    adapter,
    ...(sourceMap !== undefined ? { sourceMap } : {}),
    prompts: o.prompts ? abs(o.prompts) : BUNDLED_PROMPTS_DIR,
    ...baselineOf(
      o.baseline,
      defaults.baseline,
      env[ENV_OVERRIDES.baseline] ? ENV_OVERRIDES.baseline : 'the baseline option of ragEval()',
      abs,
    ),
    calibration: abs(o.calibration ?? `evals/calibration/${o.judge}.json`),
    outDir: abs(o.outDir ?? defaults.outDir),
    feedbackQueue:
      o.feedbackQueue === false
        ? false
        : abs(o.feedbackQueue ?? join(o.outDir ?? defaults.outDir, REPORT_FILES.feedbackQueue)),
  }
}

/**
 * The configuration as reports record it: paths relative to the root, nothing secret (the config holds
 * env var NAMES for keys, never values; this drops anything that looks like a key anyway).
 */
export function snapshotConfig(config: RagEvalConfig): Record<string, unknown> {
  const rel = (p: string) => (p.startsWith(config.root) ? p.slice(config.root.length + 1) || '.' : p)
  const json = JSON.parse(
    JSON.stringify({
      ...config,
      root: undefined,
      corpus: { ...config.corpus, root: rel(config.corpus.root) },
      prompts: rel(config.prompts),
      baseline: rel(config.baseline),
      calibration: rel(config.calibration),
      outDir: rel(config.outDir),
      feedbackQueue: config.feedbackQueue === false ? false : rel(config.feedbackQueue),
    }),
    (key, value: unknown) => (/^(api_?key|authorization|token|secret)$/i.test(key) ? '[redacted]' : value),
  ) as Record<string, unknown>
  return json
}
