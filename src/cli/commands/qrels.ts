/**
 * `vitest-rag qrels pool` and `vitest-rag qrels override`: pooled relevance judgments. `pool` grades the union
 * of several arms' top-k chunks that nothing judges yet (model judge or offline grader; cached, capped) and
 * appends them to the append-only qrels file; `override` appends a human grade, which always wins. A run with
 * `qrels: '<file>'` in its ragEval options scores retrieval with the pooled grades where the golden set has none.
 */
import { readFileSync } from 'node:fs'
import { relative, resolve } from 'node:path'
import { CliUsageError, type CliCommand, type CliIo } from './command.ts'
import type { RagEvalConfig } from '../../config/schema.ts'
import { parseCliArgs, stringFlag } from './args.ts'
import { parseGoldenText } from '../../cases/parse-golden.ts'
import { formatProblems, type Problem } from '../../shared/problems/problems.ts'
import { resolveLocators } from '../../cases/resolve-locators.ts'
import { isDraft, mustAbstain } from '../../cases/schema.ts'
import { loadBundledPrompt } from '../../llm/prompts/load.ts'
import {
  createHeuristicRelevanceGrader,
  createModelRelevanceGrader,
  planRelevanceCalls,
  type RelevanceGrader,
} from '../../lab/qrels/qrels-pool.ts'
import { estimateRunCost, type RunCostEstimate } from '../../llm/index.ts'
import { checkSpend, DRY_RUN_OPTION, DRY_RUN_USAGE } from './spend-guard.ts'

import { appendQrelsRows, readQrelsFile } from '../../grading/qrels/qrels-file.ts'
import { globFiles } from '../../evaluation/golden-set/glob.ts'
import type { PreparedCorpus } from '../../corpus/prepare-corpus.ts'
import { createHashEmbedder } from '../../search/embedder-hash.ts'
import { buildSearchIndex, type SearchArm } from '../../search/index.ts'
import { searchArms } from '../../search/types.ts'
import { poolQrels, type PoolCase } from '../../lab/qrels/qrels-pooling.ts'
import { numberFlag } from './flags.ts'
import { PROJECT_CORPUS_USAGE, projectCorpus, projectCorpusOptions } from './project-corpus.ts'
import { judgeModelClients } from './project-models.ts'

/** Default qrels file, relative to the project root (commit it beside the golden set). */
export const DEFAULT_QRELS_PATH = 'golden/qrels.jsonl'

const poolUsage = `Usage: vitest-rag qrels pool [--grader heuristic|model] [--models FILE] [--project NAME] [--config FILE]
                            [--kb DIR | --beir DIR] [--golden GLOB] [--arms bm25,vector] [--k N] [--cap N]
                            [--chunker SPEC] [--qrels FILE] [--spend-limit USD] [--dry-run]

Grades the union of the top-k chunks of several search arms, per scored golden case, where nothing judges them
yet (the golden file's locators and earlier rows count as judged), and appends the grades to the qrels file.
The corpus, chunker, golden files and qrels file default to the project's (its Vitest config's ragEval options).
${PROJECT_CORPUS_USAGE}
  --grader KIND       who grades: model (the judge chain, UMBRELA prompt evals/prompts/judge-relevance.md; every
                      call cached, already-judged chunks never graded again) or heuristic (offline, by query-word
                      coverage; rows marked "heuristic"). Default: the project's judge option (model -> model)
  --models FILE       JSON models config whose judge grades (implies --grader model); default: the project's
                      models option, with the model cache its runs use
  --golden GLOB       golden files (default: the project's golden option)
  --arms LIST         comma-separated arms from ${searchArms.join(', ')} (default bm25,vector)
  --k N               depth of each arm's ranking (default 10)
  --cap N             most grading calls in this run (default 200); the rest waits for the next run
  --qrels FILE        the append-only qrels file (default: the project's qrels option, else ${DEFAULT_QRELS_PATH})
  --spend-limit USD   overrides the models config's spendLimitUsd; the worst-case estimate (printed first:
                      min(--cap, cases x arms x k) gradings of the longest query and chunk, each asked and
                      re-asked once, no cache hit assumed) over it refuses the run before any call
${DRY_RUN_USAGE}

Exit code: 0 after appending (or a dry run), 1 when the golden set has problems or the estimate is over the
spend limit, 2 on a usage error.`

function parseArms(raw: string | undefined): SearchArm[] {
  const arms = (raw ?? 'bm25,vector')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean)
  const bad = arms.filter((a) => !(searchArms as readonly string[]).includes(a))
  if (arms.length === 0 || bad.length > 0)
    throw new CliUsageError(`--arms ${JSON.stringify(raw)}: use a comma-separated list of ${searchArms.join(', ')}`)
  return arms as SearchArm[]
}

/** The scored, active cases of the golden files with their resolved spans, or every problem. */
function poolCases(cwd: string, glob: string, prepared: PreparedCorpus): { cases: PoolCase[]; problems: Problem[] } {
  const problems: Problem[] = []
  const cases: PoolCase[] = []
  for (const path of globFiles(cwd, glob)) {
    const file = relative(cwd, path)
    const parsed = parseGoldenText(readFileSync(path, 'utf8'), file)
    problems.push(...parsed.problems)
    const active = parsed.cases.map((c) => c.case).filter((c) => !isDraft(c) && !mustAbstain(c))
    const resolved = resolveLocators(
      active,
      prepared.corpus.documents,
      prepared.chunks,
      new Map(parsed.cases.map((c) => [c.case.case_id, { file, line: c.line }])),
    )
    problems.push(...resolved.problems)
    for (const c of active)
      cases.push({
        caseId: c.case_id,
        query: c.query,
        tenantId: c.tenant_id,
        spans: resolved.spans.get(c.case_id) ?? [],
      })
  }
  if (cases.length === 0 && problems.length === 0)
    problems.push({
      code: 'no_cases',
      file: glob,
      path: '',
      message: 'no scored golden case matches',
      fix: 'check --golden (default golden/**/*.golden.jsonl)',
    })
  return { cases, problems }
}

/**
 * The relevance grader of a pool run: `--models FILE`'s judge, `--grader heuristic`, `--grader model` (the
 * project's `models.judge`), or with neither flag the project's `judge` option (`model` -> the model grader, else
 * heuristic); contradictory flags are a usage error.
 */
interface ChosenGrader {
  grader: RelevanceGrader
  /** The model grader's worst case for `gradings` verdicts on the longest query and passage; absent offline. */
  estimate?: (gradings: number, longest: { query: string; passage: string }) => RunCostEstimate
  /** The spend limit in force (`Infinity`: none). */
  limitUsd: number
}

function chooseGrader(
  values: Record<string, string | boolean | undefined>,
  io: CliIo,
  config: RagEvalConfig | undefined,
): ChosenGrader {
  const models = stringFlag(values, 'models')
  const graderFlag = stringFlag(values, 'grader')
  if (graderFlag !== undefined && graderFlag !== 'heuristic' && graderFlag !== 'model')
    throw new CliUsageError(`--grader must be heuristic or model, got ${JSON.stringify(graderFlag)}`)
  if (models !== undefined && graderFlag === 'heuristic')
    throw new CliUsageError('--models FILE configures the model grader; drop it with --grader heuristic')
  // The project's judge option decides when no flag does, as the run itself grades (one configuration).
  const kind = models !== undefined ? 'model' : (graderFlag ?? (config?.judge === 'model' ? 'model' : 'heuristic'))
  if (kind === 'heuristic') return { grader: createHeuristicRelevanceGrader(), limitUsd: Number.POSITIVE_INFINITY }
  const spend =
    stringFlag(values, 'spend-limit') === undefined ? undefined : numberFlag(values, 'spend-limit', 0, { min: 0 })
  const clients = judgeModelClients(io, config, models, {
    ...(spend === undefined ? {} : { spendLimitUsd: spend }),
    projectFix: ', pass --models FILE, or --grader heuristic',
  })
  const judge = clients.judge
  const template = loadBundledPrompt('judge-relevance.md')
  return {
    grader: createModelRelevanceGrader(judge, template),
    estimate: (gradings, longest) =>
      estimateRunCost({ calls: planRelevanceCalls(gradings, longest, judge.model, template) }, clients.prices),
    limitUsd: clients.ledger.limitUsd,
  }
}

/** The longest query of the cases and the longest chunk of the corpus: the worst-case prompt of one grading. */
function longestOf(cases: readonly PoolCase[], prepared: PreparedCorpus): { query: string; passage: string } {
  const longest = (texts: string[]) => texts.reduce((a, b) => (b.length > a.length ? b : a), '')
  return { query: longest(cases.map((c) => c.query)), passage: longest(prepared.chunks.map((c) => c.text)) }
}

/** The qrels file and golden files of a pool run: the flags, else the project's options, else the defaults. */
function poolPaths(
  values: Record<string, string | boolean | undefined>,
  cwd: string,
  config: RagEvalConfig | undefined,
): { qrelsPath: string; golden: string; goldenRoot: string } {
  const qrels = stringFlag(values, 'qrels')
  const golden = stringFlag(values, 'golden')
  const root = config?.root ?? cwd
  return {
    qrelsPath: qrels !== undefined ? resolve(cwd, qrels) : resolve(root, config?.qrels ?? DEFAULT_QRELS_PATH),
    golden: golden ?? config?.golden ?? 'golden/**/*.golden.jsonl',
    // --golden is relative to the working directory, the project's golden option to the project root.
    goldenRoot: golden !== undefined ? cwd : root,
  }
}

async function runPool(argv: string[], io: CliIo): Promise<number> {
  const { values } = parseCliArgs(argv, {
    ...projectCorpusOptions,
    models: { type: 'string' },
    grader: { type: 'string' },
    golden: { type: 'string' },
    arms: { type: 'string' },
    k: { type: 'string' },
    cap: { type: 'string' },
    qrels: { type: 'string' },
    'spend-limit': { type: 'string' },
    ...DRY_RUN_OPTION,
  })
  const arms = parseArms(stringFlag(values, 'arms'))
  const k = numberFlag(values, 'k', 10, { min: 1, integer: true })
  const cap = numberFlag(values, 'cap', 200, { min: 0, integer: true })
  const { prepared, config, chunker } = await projectCorpus(io, values, 'qrels pool')
  const { grader, estimate, limitUsd } = chooseGrader(values, io, config)
  const { qrelsPath, golden, goldenRoot } = poolPaths(values, io.cwd, config)
  const existing = await readQrelsFile(qrelsPath)
  if (existing.problems.length > 0) {
    io.stderr(
      `vitest-rag qrels pool: ${qrelsPath} has ${existing.problems.length} bad line(s); fix them first:\n${existing.problems.map((p) => `${p.file}:${p.line}: ${p.path} ${p.message}`).join('\n')}\n`,
    )
    return 1
  }
  const { cases, problems } = poolCases(goldenRoot, golden, prepared)
  if (problems.length > 0) {
    io.stderr(`vitest-rag qrels pool: the golden set has ${problems.length} problem(s):\n${formatProblems(problems)}\n`)
    return 1
  }
  // The most gradings the pool can make: --cap, or every case's top k of every arm.
  const planned = estimate?.(Math.min(cap, cases.length * arms.length * k), longestOf(cases, prepared))
  const stop = checkSpend('qrels pool', planned, limitUsd, values['dry-run'] === true, io)
  if (stop !== undefined) return stop
  const needsVectors = arms.some((a) => a === 'vector' || a === 'hybrid')
  const index = await buildSearchIndex(
    prepared.chunks,
    { arm: arms[0] },
    needsVectors ? createHashEmbedder() : undefined,
  )
  const outcome = await poolQrels({
    cases,
    index,
    chunkById: prepared.chunkById,
    chunker,
    arms,
    k,
    cap,
    grader,
    rows: existing.rows,
  })
  const { merged } = await appendQrelsRows(qrelsPath, outcome.rows)
  const grades = [0, 1, 2, 3].map((g) => `${g}: ${outcome.rows.filter((r) => r.grade === g).length}`).join(', ')
  io.stdout(
    `vitest-rag qrels pool: ${cases.length} cases, ${outcome.pooled} pooled chunks (top ${k} of ${arms.join(' + ')}), ${outcome.alreadyJudged} already judged, ${outcome.rows.length} graded by ${grader.source}${grader.model ? ` ${grader.model}` : ''} (${grades})` +
      `${outcome.capped > 0 ? `, ${outcome.capped} left by --cap ${cap}` : ''}${outcome.failed > 0 ? `, ${outcome.failed} unusable replies` : ''}${merged > 0 ? `; ${merged} duplicate(s) of a (query, chunk, source, judge model) already in the file merged (not appended)` : ''}\nappended to ${qrelsPath}\n`,
  )
  return 0
}

/** `vitest-rag qrels pool`. */
export const qrelsPoolCommand: CliCommand = {
  usage: poolUsage,
  run: runPool,
}
