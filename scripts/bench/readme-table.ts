/**
 * The README's benchmark table, rendered from a bench report (`report.ts`, written by `npm run bench -- --json
 * FILE`): computing apart from printing, so the table shows exactly the figures of one recorded run. Pure.
 */
import type { SlowFigures } from './slow-bench.ts'
import {
  type BenchReport,
  type Bm25Figures,
  type Bm25sFigures,
  SLOW_GOAL_RATIO,
  type SpreadFigure,
  type ThreadFigures,
  type VectorFigures,
} from './report.ts'
import { fmt } from './measure.ts'
import { describeSpread, type Spread } from './spread.ts'

/** Markers around the generated part of README.md. */
export const readmeMarkers = Object.freeze({ start: '<!-- bench-table:start -->', end: '<!-- bench-table:end -->' })

/** 3 significant digits (ms, ratios): the bench's one formatter, {@link fmt}, under the name the table uses. */
export const sig3 = fmt

const ratio = (value: number | undefined): string => (value === undefined ? '-' : `${sig3(value)}x`)
const count = (n: string): string => (Number(n) >= 1e6 ? `${Number(n) / 1e6}M` : `${Number(n) / 1000}k`)
/** `"100000x1536"` -> `"100k x 1536"`, `"1000000"` -> `"1M"`. */
const sizeLabel = (key: string): string =>
  key.replace(/^(\d+)x(\d+)$/, (_, n: string, d: string) => `${count(n)} x ${d}`).replace(/^(\d+)$/, (n) => count(n))

function bm25Rows(bm25: Record<string, Bm25Figures>): string[] {
  return Object.entries(bm25)
    .filter(([, f]) => f.scipy_ms_per_query !== undefined)
    .flatMap(([n, f]) =>
      f.spreads?.scipy && f.spreads.ratio
        ? [
            `| BM25 top-10, ${sizeLabel(n)}-doc Zipf corpus, 1 thread | ${range(f.spreads.one, ' ms')} | scipy.sparse exact: ${range(f.spreads.scipy, ' ms')} | ${range(f.spreads.ratio, 'x')} |`,
            `| BM25, same corpus, pool of 2 workers | ${range(f.spreads.pool2, ' ms')} | | |`,
          ]
        : [
            `| BM25 top-10, ${sizeLabel(n)}-doc Zipf corpus, 1 thread (fastest repetition, no spread recorded) | ${sig3(f.ms_per_query)} ms/query | scipy.sparse exact: ${sig3(f.scipy_ms_per_query)} ms | ${ratio(f.ratio_to_scipy)} |`,
          ],
    )
}

/**
 * The vector index's memory (one measurement: it does not vary between repetitions). Its timings are the
 * like-for-like rows of {@link vectorThreadRows}, medians of interleaved repetitions at numpy's thread count.
 */
function vectorRows(vector: Record<string, VectorFigures>): string[] {
  return Object.entries(vector).map(
    ([size, f]) =>
      `| vector index memory, ${sizeLabel(size)} (one measurement) | ${sig3(f.memory_ratio)}x the raw float32 bytes | | |`,
  )
}

function scaleRows(scale: BenchReport['scale']): string[] {
  return [
    ...Object.entries(scale.bm25).map(
      ([n, f]) =>
        `| BM25, ${sizeLabel(n)} Zipf docs: build, memory, top-10 (one run) | built in ${sig3((f.build_ms ?? NaN) / 1000)} s (+${sig3(f.build_rss_mib)} MiB), ${sig3(f.ms_per_query)} ms/query | | |`,
    ),
    ...Object.entries(scale.vector).map(
      ([size, f]) =>
        `| vectors ${sizeLabel(size)} from the index file: load, one query (one run) | loaded in ${sig3(f.load_ms)} ms (+${sig3(f.load_rss_ratio)}x the index bytes), ${sig3(f.ms_per_query)} ms/query | | |`,
    ),
  ]
}

/** A spread in another unit (ms -> s: `scale` 1000), as `median (min-max, N runs)` or `median (one run)`. */
const spread = (x: Spread | undefined, scale = 1): string =>
  describeSpread(x && { ...x, median: x.median / scale, min: x.min / scale, max: x.max / scale }, sig3)

/** A search figure's median and range (the search sections record no run count; the bench takes 5 repetitions). */
const range = (x: SpreadFigure | undefined, unit = ''): string =>
  x === undefined ? '-' : `${sig3(x.median)}${unit} (${sig3(x.min)}-${sig3(x.max)})`

/** BM25 beside bm25s (numba, 1 thread, same tokens and parameters), one query at a time and batched, per corpus. */
function bm25sRows(bm25s: Record<string, Bm25sFigures> | undefined): string[] {
  return Object.entries(bm25s ?? {}).flatMap(([corpus, f]) => {
    const name = /^\d+$/.test(corpus) ? `${sizeLabel(corpus)}-doc Zipf corpus` : corpus
    const e = f.exactness
    const exact = `top-10 same ids ${e.same_ids ?? 0}, differing only in ties ${e.ties_only ?? 0}, otherwise ${e.different ?? 0}`
    return [
      `| BM25 top-10, ${name}, one query at a time, 1 thread (${exact}) | ${range(f.ms_per_query, ' ms')} | bm25s numba: ${range(f.bm25s_ms_per_query, ' ms')} | ${range(f.ratio_one, 'x')} |`,
      `| same, batched, 1 thread (ours: \`searchTermsBatch\` on the same tokens) | ${range(f.batch_ms_per_query, ' ms')} | bm25s numba, pre-tokenized: ${range(f.bm25s_batch_ms_per_query, ' ms')} | ${range(f.ratio_batch, 'x')} |`,
    ]
  })
}

/** Exact vectors against numpy at the same thread count (numpy's BLAS pinned to it). */
function vectorThreadRows(vector: Record<string, VectorFigures>): string[] {
  return Object.entries(vector).flatMap(([size, f]) =>
    (
      [
        [1, f.threads1],
        [2, f.threads2],
      ] as Array<[number, ThreadFigures | undefined]>
    ).flatMap(([threads, t]) =>
      t === undefined
        ? []
        : [
            `| exact vector top-10, one query, ${sizeLabel(size)}, ${threads} thread(s) each | ${range(t.one_query_ms, ' ms')} | numpy GEMV, ${threads} BLAS thread(s): ${range(t.numpy_gemv_ms, ' ms')} | ${range(t.one_query_ratio, 'x')} |`,
            `| exact vector, batch, ${sizeLabel(size)}, ${threads} thread(s) each | ${range(t.batch_ms, ' ms')} | numpy GEMM + argpartition, ${threads} BLAS thread(s): ${range(t.numpy_gemm_ms, ' ms')} | ${range(t.batch_ratio, 'x')} |`,
          ],
    ),
  )
}

/**
 * The minimal Vitest runner against the same slow system (absent from reports written before it was measured):
 * its wall and wall / floor, and ours / its wall, beside what the goal allows beyond the floor.
 */
function sameSystem(f: SlowFigures): string {
  if (!f.minimal_same_system_wall_ms) return ''
  return `; minimal Vitest runner, same system and concurrency: ${spread(f.minimal_same_system_wall_ms, 1000)} (${spread(f.minimal_same_system_ratio_to_floor)} x the floor; ours / it: ${spread(f.ratio_to_minimal_same_system)}); the goal ${SLOW_GOAL_RATIO}x allows ${sig3((f.goal_allows_overhead_ms ?? 0) / 1000)} s beyond the floor`
}

function harnessRows(report: BenchReport): string[] {
  const h = report.harness
  const rows: string[] = []
  if (h) {
    const n = h.cases.toLocaleString('en-US')
    rows.push(
      `| ${n} golden cases, constant-answer system, offline, installed from the tarball: wall s | ${spread(h.wall_ms, 1000)} | vitest-evals ${h.vitest_evals ?? '(not installed)'}, one \`it\` per row: ${spread(h.vitest_evals_wall_ms, 1000)} | ${spread(h.wall_ratio_to_vitest_evals)} |`,
      `| same, largest process MiB | ${spread(h.largest_process_mib)} | ${spread(h.vitest_evals_largest_process_mib)} | ${spread(h.memory_ratio_to_vitest_evals)} |`,
      `| same, half the cases failing: what the failing half adds, s | ${spread(h.failure_cost_ms, 1000)} | minimal Vitest runner failing the same cases: ${spread(h.minimal_failure_cost_ms, 1000)} | ${spread(h.failure_cost_ratio_to_minimal)} |`,
    )
  }
  for (const f of Object.values(report.slow ?? {}))
    rows.push(
      `| ${f.cases} cases against a ${f.latency_ms} ms system, concurrency ${f.concurrency}: wall s (before the first case s; after the last s) | ${spread(f.wall_ms, 1000)} (${spread(f.before_first_case_ms, 1000)}; ${spread(f.after_last_case_ms, 1000)}) | floor (cases x latency / concurrency): ${sig3(f.floor_ms / 1000)}; minimal Vitest runner, instant system: ${spread(f.minimal_instant_wall_ms, 1000)}${sameSystem(f)} | ${spread(f.ratio_to_floor)} |`,
    )
  rows.push(...layoutRows(report))
  const e = report.eval_retrieval
  if (e) {
    const exact = e.exactness
      ? `; ${e.exactness.differing} of ${e.exactness.compared} result values differ from the reference${e.exactness.added ? ` (${e.exactness.added} values it lacks are new: config options added since)` : ''}`
      : ''
    rows.push(
      `| \`eval-retrieval\`, ${e.dataset} (${e.cases.toLocaleString('en-US')} cases, ${e.arms.length} arms): wall s (arms s; load, statistics, writing s)${exact} | ${spread(e.wall_ms, 1000)} (${spread(e.arms_ms, 1000)}; ${spread(e.rest_ms, 1000)}) | goal: 60 s | ${spread(e.wall_ms && { ...e.wall_ms, median: e.wall_ms.median / 60_000, min: e.wall_ms.min / 60_000, max: e.wall_ms.max / 60_000 })} |`,
    )
  }
  return rows
}

/**
 * The `layouts` section (absent from reports written before it existed): the same cases as 6 golden files and
 * beside a large corpus, each against one golden file in the same repetition. Ours alone: no peer has either.
 */
function layoutRows(report: BenchReport): string[] {
  const l = report.layouts
  if (!l) return []
  const n = l.cases.toLocaleString('en-US')
  return [
    `| same ${n} cases in ${l.split_files} golden files (vitest-rag alone): wall s, largest process MiB | ${spread(l.six_files.wall_ms, 1000)}, ${spread(l.six_files.largest_process_mib)} | one golden file: ${spread(l.one_file.wall_ms, 1000)}, ${spread(l.one_file.largest_process_mib)} | ${spread(l.six_files.wall_ratio_to_one_file)} |`,
    `| same ${n} cases beside ${l.large_corpus_files.toLocaleString('en-US')} more corpus files (vitest-rag alone): wall s, largest process MiB | ${spread(l.large_corpus.wall_ms, 1000)}, ${spread(l.large_corpus.largest_process_mib)} | ${l.corpus_files} corpus files: ${spread(l.one_file.wall_ms, 1000)}, ${spread(l.one_file.largest_process_mib)} | ${spread(l.large_corpus.wall_ratio_to_one_file)} |`,
  ]
}

/** The generated README section: provenance line, the table, and the goals with their status. */
export function renderBenchmarkTable(report: BenchReport): string {
  const m = report.machine
  const runs = report.runs ?? []
  const when =
    runs.length > 1
      ? `${runs.length} \`npm run bench -- --json FILE --merge\` runs on ${report.date.slice(0, 10)} (${runs.map((r) => `${r.date.slice(0, 10) === report.date.slice(0, 10) ? '' : `${r.date.slice(0, 10)} `}${r.date.slice(11, 16)} UTC, load ${r.load_average[0]}`).join('; ')})`
      : `one \`npm run bench -- --json\` run${report.quick ? ' (--quick)' : ''} on ${report.date.slice(0, 10)}, load average ${m.load_average.join(' ')} at the start`
  const lines = [
    `Figures from ${when}: ${m.cpus} vCPU ${m.cpu}, Node ${m.node.replace(/^v/, '')}, numpy ${m.numpy ?? '-'}, scipy ${m.scipy ?? '-'} (every timing: the median (min-max) of repetitions interleaved with the peer, or marked one run; a loaded machine inflates every time, so read the ratios: ours / peer in the same run, lower is better).`,
    '',
    '| what | ours | peer (same run) | ours / peer |',
    '|---|---|---|---|',
    ...bm25Rows(report.bm25),
    ...vectorRows(report.vector),
    ...vectorThreadRows(report.vector),
    ...bm25sRows(report.bm25s),
    ...scaleRows(report.scale),
    ...harnessRows(report),
  ]
  if (report.goals.length > 0) {
    lines.push('', 'Goals of issues #16 and #26 in this run:', '')
    for (const g of report.goals)
      lines.push(
        `- \`${g.figure}\` <= ${g.at_most}: ${g.value === null ? 'not measured' : `${sig3(g.value)}, ${g.met ? 'met' : 'not met'}`}`,
      )
  }
  return lines.join('\n')
}

/** `text` with everything between the markers replaced by `generated`; throws when a marker is missing. */
export function replaceGenerated(text: string, generated: string, where = 'README.md'): string {
  const start = text.indexOf(readmeMarkers.start)
  const end = text.indexOf(readmeMarkers.end)
  if (start < 0 || end < start) {
    throw new Error(
      `vitest-rag bench: ${where} lacks the ${readmeMarkers.start} ... ${readmeMarkers.end} markers around the benchmark table (add them where the table goes)`,
    )
  }
  return `${text.slice(0, start + readmeMarkers.start.length)}\n${generated}\n${text.slice(end)}`
}
