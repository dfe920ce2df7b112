/**
 * `vitest-rag search --beir DIR --arm bm25 --k 100 --trec out.run [--tag name]`: runs every query of a BEIR
 * dataset through one search arm and writes a TREC run file (`qid Q0 docid rank score tag`), one line per
 * document. With a chunker, a document's score is its best chunk's.
 */
import { resolve } from 'node:path'
import { parseChunkerSpec, chunkDocuments } from '../../corpus/chunk.ts'
import { loadBeir } from '../../corpus/load-beir.ts'
import { formatTrecRun, strictlyDecreasing, TIE_DECREMENT, type TrecRunRow } from '../../grading/metrics/trec.ts'
import { SearchPool } from '../../search/pool/search-pool.ts'
import { type AnalyzerOptions, defaultAnalyzerOptions, plainAnalyzerOptions } from '../../search/analyzer.ts'
import { buildSearchIndex } from '../../search/index.ts'
import { type SearchArm, type SearchHit, searchArms } from '../../search/types.ts'
import { writeFileAtomic } from '../../shared/util/atomic-write.ts'
import { CliUsageError, type CliCommand } from './command.ts'
import { parseCliArgs, stringFlag, type ParsedCliArgs } from './args.ts'
import { projectBeirFolder } from './project-corpus.ts'

const usage = `Usage: vitest-rag search --trec OUT [--beir DIR] [--project NAME] [--config FILE] [--arm bm25] [--k 100]
                         [--tag NAME] [--analyzer default|plain] [--chunker none|fixed:800/100|structural] [--threads N]

Builds the search index over a BEIR dataset (corpus.jsonl, queries.jsonl), runs every query and writes a
TREC run file "qid Q0 docid rank score tag" (docid = the corpus _id), k documents per query. Scores are
strictly decreasing within a query: a tied score is written as the one before it minus ${TIE_DECREMENT}, so
trec_eval (which breaks ties by docid) and score-run read the same order.
  --beir DIR       the dataset folder (default: the project's corpus, when it is a BEIR dataset)
  --project NAME   the Vitest project whose ragEval options name the corpus (default evals)
  --config FILE    its Vitest config (default: vitest.config.* or vite.config.* here), or a file of options
  --trec OUT       run file to write
  --arm ARM        ${searchArms.join(' | ')} (default bm25; vector and hybrid use the offline hash embedder)
  --k N            documents per query (default 100)
  --tag NAME       run name in the last column (default vitest-rag-<arm>)
  --analyzer A     default (identifiers, stop words, S stemmer) or plain ([a-z0-9]+ style runs only);
                   affects the bm25 arm and the bm25 half of hybrid only: the vector arm's embedder
                   analyzes text its own way
  --chunker SPEC   none (default: one chunk per document) or a chunker spec; a document scores its best chunk
  --threads N      answer queries in a worker pool of N threads (default 0: in this thread)

Exit code: 0 after writing, 1 when the dataset cannot be loaded, 2 on a usage error.`

/** The arms `--analyzer` changes: the vector arm's embedder keeps its own analysis. */
export const ANALYZER_ARMS: readonly SearchArm[] = ['bm25', 'hybrid']

interface SearchArgs {
  values: ParsedCliArgs['values']
  trec: string
  arm: SearchArm
  k: number
  tag: string | undefined
  analyzer: AnalyzerOptions
  /** Whether --analyzer was given (the command says so when the arm ignores it). */
  analyzerGiven: boolean
  chunker: string
  threads: number
}

function positiveInt(name: string, value: string | undefined, min: number): number {
  const n = Number(value)
  if (value === undefined || !Number.isInteger(n) || n < min)
    throw new CliUsageError(`${name} needs a whole number >= ${min}, got ${JSON.stringify(value)}`)
  return n
}

function parseArgs(argv: string[]): SearchArgs {
  const { values } = parseCliArgs(argv, {
    beir: { type: 'string' },
    trec: { type: 'string' },
    tag: { type: 'string' },
    chunker: { type: 'string' },
    k: { type: 'string' },
    threads: { type: 'string' },
    arm: { type: 'string' },
    analyzer: { type: 'string' },
    project: { type: 'string' },
    config: { type: 'string' },
  })
  const trec = stringFlag(values, 'trec')
  if (!trec) throw new CliUsageError('--trec OUT is required')
  const arm = stringFlag(values, 'arm') ?? 'bm25'
  if (!(searchArms as readonly string[]).includes(arm))
    throw new CliUsageError(`unknown arm ${JSON.stringify(arm)} (expected one of ${searchArms.join(', ')})`)
  const analyzer = stringFlag(values, 'analyzer') ?? 'default'
  if (analyzer !== 'default' && analyzer !== 'plain')
    throw new CliUsageError(`unknown analyzer ${JSON.stringify(analyzer)} (expected default or plain)`)
  const k = stringFlag(values, 'k')
  const threads = stringFlag(values, 'threads')
  return {
    values,
    trec,
    arm: arm as SearchArm,
    k: k === undefined ? 100 : positiveInt('--k', k, 1),
    tag: stringFlag(values, 'tag'),
    analyzer: analyzer === 'plain' ? plainAnalyzerOptions : defaultAnalyzerOptions,
    analyzerGiven: stringFlag(values, 'analyzer') !== undefined,
    chunker: stringFlag(values, 'chunker') ?? 'none',
    threads: threads === undefined ? 0 : positiveInt('--threads', threads, 0),
  }
}

/** Collapses a chunk ranking to documents (best chunk's score), keeping the first `k` documents. */
export function rankDocuments(
  hits: readonly SearchHit[],
  docOf: (chunkId: string) => string,
  k: number,
): Array<{ docid: string; score: number }> {
  const out: Array<{ docid: string; score: number }> = []
  const seen = new Set<string>()
  for (const hit of hits) {
    const docid = docOf(hit.chunkId)
    if (seen.has(docid)) continue
    seen.add(docid)
    out.push({ docid, score: hit.score })
    if (out.length === k) break
  }
  return out
}

/** The `search` command. */
export const searchCommand: CliCommand = {
  usage,
  async run(argv, io) {
    const args = parseArgs(argv)
    if (args.analyzerGiven && !ANALYZER_ARMS.includes(args.arm)) {
      io.stderr(
        `vitest-rag search: --analyzer affects only the ${ANALYZER_ARMS.join(' and ')} arms; the ${args.arm} arm ignores it\n`,
      )
    }
    // The tenant ragEval's `corpus: { kind: 'beir' }` loads into (by default), so ids and filters agree with a run.
    const { root, tenant: tenantId } = await projectBeirFolder(io, args.values, 'search')
    let dataset
    try {
      dataset = await loadBeir(root, { tenantId })
    } catch (error) {
      io.stderr(`vitest-rag search: cannot load ${root}: ${(error as Error).message}\n`)
      return 1
    }
    const docs = dataset.corpus.documents
    const chunks =
      args.chunker === 'none'
        ? docs.map((d) => ({ id: d.id, docId: d.id, tenantId: d.tenantId, text: d.text }))
        : chunkDocuments(docs, parseChunkerSpec(args.chunker))
    const keyOfDoc = new Map(docs.map((d) => [d.id, d.key]))
    const docOfChunk = new Map(chunks.map((c) => [c.id, keyOfDoc.get(c.docId) as string]))
    // A document may own several chunks: ask for more chunks than k so k distinct documents remain.
    const maxPerDoc = Math.max(1, Math.ceil(chunks.length / Math.max(1, docs.length)) * 4)
    const depth = Math.min(chunks.length, args.k * (args.chunker === 'none' ? 1 : maxPerDoc))
    const started = performance.now()
    const index = await buildSearchIndex(chunks, { arm: args.arm, analyzer: args.analyzer })
    const built = performance.now()
    let results: SearchHit[][]
    if (args.threads > 0) {
      const pool = new SearchPool({ index }, { threads: args.threads })
      try {
        results = await pool.searchBatch(dataset.queries.map((q) => ({ query: q.text, tenantId, k: depth })))
      } finally {
        await pool.destroy()
      }
    } else {
      results = dataset.queries.map((q) => index.search(q.text, { tenantId, k: depth }))
    }
    const rows: TrecRunRow[] = []
    dataset.queries.forEach((q, i) => {
      const ranked = rankDocuments(results[i] as SearchHit[], (id) => docOfChunk.get(id) as string, args.k)
      const scores = strictlyDecreasing(ranked.map((d) => d.score))
      ranked.forEach((d, r) => rows.push({ qid: q.id, docid: d.docid, rank: r + 1, score: scores[r] as number }))
    })
    const out = resolve(io.cwd, args.trec)
    await writeFileAtomic(out, formatTrecRun(rows, args.tag ?? `vitest-rag-${args.arm}`))
    const done = performance.now()
    io.stdout(
      `vitest-rag search: ${docs.length} documents (tenant ${tenantId}), ${chunks.length} chunks, ${dataset.queries.length} queries, arm ${args.arm}; ` +
        `index ${(built - started).toFixed(0)} ms, search ${(done - built).toFixed(0)} ms; wrote ${rows.length} lines to ${out}\n`,
    )
    return 0
  },
}
