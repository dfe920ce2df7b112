/** The vector section's printed tables (`vector-bench.ts`). */
import { fmt, printTable } from './measure.ts'
import { type Spread, showSpread } from './peer.ts'
import type { VectorFigures } from './report.ts'

/** Prints the one-path figures, then ours against numpy at each thread count. */
export function printVectorTables(figures: Record<string, VectorFigures>): void {
  const entries = Object.entries(figures)
  console.log('\nOne path (this thread unless said):\n')
  printTable(
    [
      'N x d',
      'build ms',
      'memory / raw',
      'path',
      'float32 path ms/query',
      'float32 path batch pool 2w',
      'rescored rows/query',
      'exact vs float32',
      'same top-10 as numpy',
      'ours / numpy CPU ms, one query, 1 thread',
      'peak RSS MiB',
    ],
    entries.map(([size, f]) => [
      size,
      fmt(f.build_ms),
      fmt(f.memory_ratio),
      f.kernel,
      fmt(f.one_query_float32_ms),
      fmt(f.batch_float32_pool2_ms),
      fmt(f.rescored_rows_per_query),
      f.exact_vs_float32,
      f.same_top10_as_numpy ?? '-',
      `${fmt(f.one_query_cpu_ms)} / ${fmt(f.numpy_gemv_cpu_ms)}`,
      fmt(f.peak_rss_mib),
    ]),
  )
  console.log(
    'Like for like: ours on T threads (1: this thread; 2: the pool) and numpy with its BLAS pinned to T, ms/query, median of interleaved repetitions (range):\n',
  )
  const s = (v: Spread | undefined) => showSpread(v)
  printTable(
    ['N x d', 'T', 'one query: ours', 'numpy GEMV', 'ours / numpy', 'batch: ours', 'numpy GEMM', 'ours / numpy'],
    entries.flatMap(([size, f]) =>
      ([1, 2] as const).flatMap((t) => {
        const x = t === 1 ? f.threads1 : f.threads2
        return x
          ? [
              [
                size,
                String(t),
                s(x.one_query_ms),
                s(x.numpy_gemv_ms),
                s(x.one_query_ratio),
                s(x.batch_ms),
                s(x.numpy_gemm_ms),
                s(x.batch_ratio),
              ],
            ]
          : []
      }),
    ),
  )
}
