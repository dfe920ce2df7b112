/**
 * The bench's figures as data: every number `npm run bench` prints, under a stable name, so `--json FILE` can
 * write them and a check (or the README generator, `readme-table.ts`) can read them. Names are snake_case with
 * their unit (`_ms`, `_mib`); a `ratio_to_<peer>` is always OUR time divided by the peer's time in the same run
 * (lower is better: 0.5 means twice as fast). Sizes are keys: `"100000x1536"` (rows x d), `"50000"` (documents).
 * The harness sections (`harness`, `slow`, `eval_retrieval`) give each figure as a {@link Spread} of interleaved
 * repetitions (median, min, max, runs; `runs` 1 is a single run).
 */
import type { EvalRetrievalFigures } from './experiment-bench.ts'
import type { HarnessFigures } from './harness-bench.ts'
import type { LayoutsFigures } from './layout-bench.ts'
import type { SlowFigures } from './slow-bench.ts'

/** Version of this layout; bump when a name changes meaning. */
export const benchReportVersion = 1

/** Where and when the figures were taken. */
export interface BenchMachine {
  cpu: string
  cpus: number
  platform: string
  memory_gib: number
  node: string
  numpy: string | null
  scipy: string | null
  /** 1, 5 and 15 minute load averages when the run started (a loaded machine inflates every time). */
  load_average: number[]
}

/** BM25 on the Zipf corpus of one size. */
export interface Bm25Figures {
  build_ms: number
  build_us_per_doc: number
  ms_per_query: number
  cpu_ms_per_query: number
  pool1_ms_per_query: number
  pool2_ms_per_query: number
  scipy_ms_per_query?: number
  /** Our ms/query (one thread) / scipy's. */
  ratio_to_scipy?: number
  /** Same, in CPU time (scipy's counts all its threads). */
  cpu_ratio_to_scipy?: number
  /** Share of top-10 ranks where our score equals scipy's (1e-9 relative). */
  rank_exact_vs_scipy?: number
  /** Of those ranks, the ones that also hold the same document (others differ only in a tie). */
  same_doc_vs_scipy?: number
  /** Top-10 ranks compared with scipy's. */
  ranks_vs_scipy?: number
  /**
   * The section's interleaved repetitions (`bm25-bench.ts`): ours in one thread, the 2-worker pool, scipy, and
   * ours / scipy per repetition. The plain numbers above are their medians.
   */
  spreads?: { one: SpreadFigure; pool2: SpreadFigure; scipy?: SpreadFigure; ratio?: SpreadFigure }
  peak_rss_mib: number
}

/** A median over interleaved repetitions and its range (`peer.ts`). */
export interface SpreadFigure {
  median: number
  min: number
  max: number
}

/** BM25 beside bm25s on one corpus (`bm25s-bench.ts`); every ratio is ours / bm25s, per interleaved repetition. */
export interface Bm25sFigures {
  docs: number
  queries: number
  /** Ours, tokenizing included (one run). */
  build_ms: number
  /** bm25s from pre-tokenized term lists (one run). */
  bm25s_build_ms: number
  ms_per_query: SpreadFigure
  bm25s_ms_per_query: SpreadFigure
  ratio_one: SpreadFigure
  /** `Bm25Index.searchTermsBatch` on the same term lists, in one thread: bm25s's batched `retrieve` on 1 thread. */
  batch_ms_per_query: SpreadFigure
  /** Through `SearchPool.searchBatch` with 1 worker (query texts tokenized there, hits cloned back): printed only. */
  batch_pool1_ms_per_query?: SpreadFigure
  batch_pool2_ms_per_query: SpreadFigure
  bm25s_batch_ms_per_query: SpreadFigure
  ratio_batch: SpreadFigure
  /** Our 2-worker pool against bm25s on 1 thread (not like for like: printed, not a goal). */
  ratio_batch_pool2: SpreadFigure
  /** Queries whose top-10 has the same ids / differs only between tied scores / differs otherwise. */
  exactness: Record<string, number>
}

/** Ours and numpy at one thread count: medians of interleaved repetitions (ms per query) and their ranges. */
export interface ThreadFigures {
  one_query_ms: SpreadFigure
  numpy_gemv_ms: SpreadFigure
  /** Ours / numpy per repetition, one query at a time. */
  one_query_ratio: SpreadFigure
  batch_ms: SpreadFigure
  numpy_gemm_ms: SpreadFigure
  /** Ours / numpy per repetition, the whole batch. */
  batch_ratio: SpreadFigure
}

/** Exact vector top-10 at one size. */
export interface VectorFigures {
  build_ms: number
  /** Index bytes (WASM memory incl. the int8 copy and scratch, plus row stats) / raw float32 bytes. */
  memory_ratio: number
  kernel: string
  one_query_ms: number
  one_query_cpu_ms: number
  /** The plain float32 path (the reference), one query, this thread. */
  one_query_float32_ms: number
  one_query_pool2_ms: number
  numpy_gemv_ms?: number
  /** numpy's CPU time per query (both BLAS threads). */
  numpy_gemv_cpu_ms?: number
  /** one_query_cpu_ms / numpy_gemv_cpu_ms: the ratio a loaded machine distorts least. */
  one_query_cpu_ratio_to_numpy?: number
  /** Median of ours / numpy per repetition, both on 1 thread (`threads1.one_query_ratio`). */
  one_query_ratio_to_numpy?: number
  /** min(one_query_ms, one_query_pool2_ms) / numpy_gemv_ms. */
  one_query_best_ratio_to_numpy?: number
  batch_ms: number
  batch_pool2_ms: number
  batch_float32_pool2_ms: number
  numpy_gemm_ms?: number
  /** Median of ours / numpy per repetition, both on 2 threads (`threads2.batch_ratio`). */
  batch_ratio_to_numpy?: number
  /** Rows rescored in float32 per query by the bounded path (the rest were ruled out in int8). */
  rescored_rows_per_query: number
  /** Queries whose bounded top-10 equals the float32 path's, ids and scores. */
  exact_vs_float32: string
  /** Queries whose top-10 ids equal numpy's. */
  same_top10_as_numpy?: string
  peak_rss_mib: number
  /** Ours in this thread, numpy with 1 BLAS thread. */
  threads1?: ThreadFigures
  /** Ours through the 2-worker pool, numpy with 2 BLAS threads. */
  threads2?: ThreadFigures
}

/** One goal of the issue, checked against a figure. */
export interface BenchGoal {
  /** Dotted path of the figure, e.g. `vector.100000x1536.threads1.one_query_ratio`. */
  figure: string
  /** The figure (its median) must be at most this. */
  at_most: number
  value: number | null
  /** The range of the figure's repetitions, when it has one. */
  spread?: [number, number]
  met: boolean
}

/** One `npm run bench` invocation whose figures are in the report (several when merged with `--merge`). */
export interface BenchRun {
  date: string
  /** The command-line arguments after `scripts/bench.ts`. */
  args: string[]
  load_average: number[]
}

/** Everything one run (or several merged runs) measured. */
export interface BenchReport {
  version: number
  date: string
  /** The runs whose figures this holds, oldest first; a later run's section replaces the same section before it. */
  runs: BenchRun[]
  quick: boolean
  machine: BenchMachine
  bm25: Record<string, Bm25Figures>
  /** BM25 beside bm25s, per corpus (`cranfield`, `50000`, ...). */
  bm25s: Record<string, Bm25sFigures>
  vector: Record<string, VectorFigures>
  /** The million-chunk section (`scale-bench.ts`): per size, where the time goes. */
  scale: { bm25: Record<string, Record<string, number>>; vector: Record<string, Record<string, number>> }
  /** Real corpora: `dataset -> "analyzer/arm" -> figures`. */
  datasets: Record<string, Record<string, Record<string, number>>>
  /** vitest-rag beside vitest-evals and a minimal Vitest runner (`harness-bench.ts`). */
  harness?: HarnessFigures
  /** A slow system at each concurrency, keyed `c4`, `c16` (`harness-bench.ts`). */
  slow?: Record<string, SlowFigures>
  /** vitest-rag over the same cases in three project layouts (`layout-bench.ts`); no goal line. */
  layouts?: LayoutsFigures
  /** `vitest-rag eval-retrieval` on SQuAD 2.0 dev (`experiment-bench.ts`). */
  eval_retrieval?: EvalRetrievalFigures
  goals: BenchGoal[]
}

/** An empty report for this machine and time. */
export function emptyBenchReport(machine: BenchMachine, quick: boolean, date = new Date().toISOString()): BenchReport {
  return {
    version: benchReportVersion,
    date,
    runs: [],
    quick,
    machine,
    bm25: {},
    bm25s: {},
    vector: {},
    scale: { bm25: {}, vector: {} },
    datasets: {},
    goals: [],
  }
}

/**
 * The issues' goals (#16, then #26), as (figure, at most) pairs; a `{median, min, max}` figure is judged by its
 * median. The vector ratios compare like with like (#26 item 4): ours and numpy's at the same thread count, 1 and
 * 2 (`threadsN`), each the median of interleaved repetitions; the fastest-of-N ratios of #16, which divided our
 * 1-thread time by numpy's 2-thread time, are no longer goals.
 */
export const benchGoals: ReadonlyArray<[string, number]> = [
  ['vector.100000x1536.memory_ratio', 1.3],
  ['scale.bm25.1000000.build_ms', 60_000],
  ['scale.bm25.1000000.build_rss_mib', 2048],
  ['scale.bm25.1000000.ms_per_query', 5],
  ...['cranfield', '50000', '1000000'].flatMap((c): Array<[string, number]> => [
    [`bm25s.${c}.ratio_one`, 1.0],
    [`bm25s.${c}.ratio_batch`, 1.0],
  ]),
  ...(['threads1', 'threads2'] as const).flatMap((t): Array<[string, number]> => [
    [`vector.100000x1536.${t}.one_query_ratio`, 0.8],
    [`vector.100000x1536.${t}.batch_ratio`, 1.0],
  ]),
]

/** #26 item 2's goal for the `slow` section: wall / floor at most this (`slow-bench.ts` prints what it allows). */
export const SLOW_GOAL_RATIO = 1.1

/** The goals of #26 items 1, 2 and 5 (the harness sections), as (figure, at most) pairs; medians of the spreads. */
export const harnessGoals: ReadonlyArray<[string, number]> = [
  ['harness.wall_ratio_to_vitest_evals.median', 1.2],
  ['harness.memory_ratio_to_vitest_evals.median', 1.1],
  ['harness.failure_cost_ratio_to_minimal.median', 1.0],
  ['slow.c4.ratio_to_floor.median', SLOW_GOAL_RATIO],
  ['slow.c16.ratio_to_floor.median', SLOW_GOAL_RATIO],
  ['eval_retrieval.wall_ms.median', 60_000],
]

/** Reads a figure by dotted path (`undefined` when absent). Keys may contain dots only as separators. */
export function figureAt(report: BenchReport, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
      report,
    )
}

/** Checks every goal against the report's figures; a missing figure is a goal not met. */
export function checkGoals(report: BenchReport): BenchGoal[] {
  return [...benchGoals, ...harnessGoals].map(([figure, atMost]) => {
    const raw = figureAt(report, figure)
    const spread = raw && typeof raw === 'object' && 'median' in raw ? (raw as SpreadFigure) : undefined
    const value = spread ? spread.median : raw
    const number = typeof value === 'number' && Number.isFinite(value) ? value : null
    return {
      figure,
      at_most: atMost,
      value: number,
      ...(spread ? { spread: [spread.min, spread.max] as [number, number] } : {}),
      met: number !== null && number <= atMost,
    }
  })
}
