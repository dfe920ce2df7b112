/**
 * `vitest-rag score-run RUN QRELS`: scores a TREC run file against TREC qrels (or a BEIR qrels TSV) with the
 * harness's own retrieval metrics, so numbers from other tools (Pyserini, trec_eval) can be compared.
 */
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { formatProblems } from '../../shared/problems/problems.ts'
import { DEFAULT_KS } from '../../grading/metrics/retrieval.ts'
import { scoreTrecRun, type TrecScores } from '../../grading/metrics/score-trec.ts'
import { parseTrecQrels, parseTrecRun } from '../../grading/metrics/trec.ts'
import { retrievalConventions } from '../../grading/metrics/conventions.ts'
import { CliUsageError, type CliCommand, type CliIo } from './command.ts'
import { parseCliArgs, stringFlag } from './args.ts'

const usage = `Usage: vitest-rag score-run RUN QRELS [--k 5,10,20] [--json] [--judged-only]

Scores a TREC run ("qid Q0 docid rank score tag") against qrels ("qid 0 docid grade", or a BEIR
qrels TSV "query-id<TAB>corpus-id<TAB>score" with header) with recall@k, precision@k, hit@k, ndcg@k and mrr.
  --k LIST     cutoffs, comma separated (default ${DEFAULT_KS.join(',')})
  --json       print {"per_query": {qid: {metric: value}}, "mean": {metric: value}, "conventions": {...}}
               instead of a table; "conventions" says how each figure was computed
  --trec-ndcg  accepted for old scripts and changes nothing: nDCG already discounts by 1/log2(rank + 1),
               as trec_eval's ndcg_cut does since 9.0.4 (10.0 included)
  --judged-only  score the condensed list: unjudged documents are removed from each ranking before scoring
               (trec_eval -J), instead of counting as non-relevant in their slot

When a top k holds an unjudged document (pooled or BEIR qrels), judged@k (the judged share of the top k)
is printed beside the metrics for every query. Fields after the sixth of a run line are ignored, and a
negative qrels grade is judged non-relevant, as trec_eval reads them.

Every query of the qrels is scored; one without any run line scores 0. Run queries without judgments are
ignored. A run is ranked by score, ties by rank (trec_eval: by docid descending; runs vitest-rag writes
never tie). Differences from trec_eval: precision@k divides by min(k, retrieved) (trec_eval: by k); a
judged query with nothing relevant scores 1.0 on recall/hit/mrr/ndcg (trec_eval keeps it and scores it 0).

Exit code: 0 after printing, 1 when a file is unreadable or has problems, 2 on a usage error.`

interface ScoreRunArgs {
  run: string
  qrels: string
  ks: number[]
  json: boolean
  judgedOnly: boolean
}

function parseKs(text: string): number[] {
  const ks = text.split(',').map((part) => Number(part.trim()))
  if (ks.length === 0 || ks.some((k) => !Number.isInteger(k) || k < 1)) {
    throw new CliUsageError(
      `--k needs whole numbers >= 1 separated by commas, got ${JSON.stringify(text)} (e.g. --k 5,10,20)`,
    )
  }
  return [...new Set(ks)]
}

function parseArgs(argv: string[]): ScoreRunArgs {
  const { values, positionals } = parseCliArgs(
    argv,
    {
      k: { type: 'string' },
      json: { type: 'boolean' },
      'trec-ndcg': { type: 'boolean' },
      'judged-only': { type: 'boolean' },
    },
    true,
  )
  if (positionals.length !== 2) {
    throw new CliUsageError(
      `expected a RUN file and a QRELS file, got ${positionals.length} argument(s): ${JSON.stringify(positionals)}`,
    )
  }
  const k = stringFlag(values, 'k')
  return {
    run: positionals[0]!,
    qrels: positionals[1]!,
    ks: k === undefined ? [...DEFAULT_KS] : parseKs(k),
    json: values.json === true,
    judgedOnly: values['judged-only'] === true,
  }
}

async function readText(path: string, io: CliIo): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8')
  } catch (error) {
    io.stderr(`vitest-rag score-run: cannot read ${path}: ${(error as Error).message}\n`)
    return undefined
  }
}

/** The per-query table with a mean row, numbers to 4 decimals. */
export function renderScoreTable(scores: TrecScores): string {
  const names = Object.keys(scores.mean)
  const qids = Object.keys(scores.perQuery)
  const width = Math.max(4, ...qids.map((q) => q.length))
  const columns = names.map((name) => Math.max(6, name.length))
  const row = (label: string, values: Record<string, number>): string =>
    [label.padEnd(width), ...names.map((name, i) => (values[name] ?? 0).toFixed(4).padStart(columns[i]!))].join('  ')
  const header = ['qid'.padEnd(width), ...names.map((name, i) => name.padStart(columns[i]!))].join('  ')
  const lines = [header, ...qids.map((qid) => row(qid, scores.perQuery[qid]!)), row('mean', scores.mean)]
  return `${lines.join('\n')}\n`
}

function renderNotes(scores: TrecScores, negativeGrades: number): string {
  const notes: string[] = []
  const list = (ids: string[]): string => (ids.length > 10 ? `${ids.slice(0, 10).join(', ')}, ...` : ids.join(', '))
  const n = Object.keys(scores.perQuery).length
  notes.push(`${n} judged quer${n === 1 ? 'y' : 'ies'} scored.`)
  if (scores.missingFromRun.length > 0)
    notes.push(
      `${scores.missingFromRun.length} judged quer${scores.missingFromRun.length === 1 ? 'y has' : 'ies have'} no run line and score 0: ${list(scores.missingFromRun)}`,
    )
  if (scores.notJudged.length > 0)
    notes.push(
      `${scores.notJudged.length} run quer${scores.notJudged.length === 1 ? 'y has' : 'ies have'} no judgments and ${scores.notJudged.length === 1 ? 'was' : 'were'} ignored: ${list(scores.notJudged)}`,
    )
  if (scores.nothingRelevant.length > 0)
    notes.push(
      `${scores.nothingRelevant.length} quer${scores.nothingRelevant.length === 1 ? 'y has' : 'ies have'} no relevant document and score 1.0 on recall, hit, mrr and ndcg (trec_eval scores them 0): ${list(scores.nothingRelevant)}`,
    )
  if (scores.unjudgedInTopK.length > 0)
    notes.push(
      `${scores.unjudgedInTopK.length} quer${scores.unjudgedInTopK.length === 1 ? 'y has' : 'ies have'} an unjudged document in the top k: judged@k says how much of each top k was judged; the metrics count unjudged documents as non-relevant unless --judged-only: ${list(scores.unjudgedInTopK)}`,
    )
  if (negativeGrades > 0)
    notes.push(
      `${negativeGrades} judgment${negativeGrades === 1 ? ' has a negative grade, read' : 's have a negative grade, read'} as judged non-relevant (grade 0)`,
    )
  return `${notes.join('\n')}\n`
}

/** `vitest-rag score-run`. */
export const scoreRunCommand: CliCommand = {
  usage,
  async run(argv, io) {
    const args = parseArgs(argv)
    const runPath = resolve(io.cwd, args.run)
    const qrelsPath = resolve(io.cwd, args.qrels)
    const runText = await readText(runPath, io)
    const qrelsText = await readText(qrelsPath, io)
    if (runText === undefined || qrelsText === undefined) return 1
    const run = parseTrecRun(runText, args.run)
    const qrels = parseTrecQrels(qrelsText, args.qrels)
    const problems = [...run.problems, ...qrels.problems]
    if (problems.length > 0) {
      io.stderr(
        `vitest-rag score-run: ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n${formatProblems(problems)}\n`,
      )
      return 1
    }
    const scores = scoreTrecRun(run.rows, qrels.qrels, { ks: args.ks, judgedOnly: args.judgedOnly })
    if (args.json) {
      io.stdout(
        `${JSON.stringify({ per_query: scores.perQuery, mean: scores.mean, conventions: retrievalConventions(undefined, args.judgedOnly) }, null, 2)}\n`,
      )
      io.stderr(renderNotes(scores, qrels.negativeGrades))
    } else {
      io.stdout(renderScoreTable(scores))
      io.stdout(renderNotes(scores, qrels.negativeGrades))
    }
    return 0
  },
}
