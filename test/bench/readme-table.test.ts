import { describe, expect, test } from 'vitest'
import { renderBenchmarkTable, replaceGenerated, sig3 } from '../../scripts/bench/readme-table.ts'
import { type BenchReport, checkGoals, emptyBenchReport } from '../../scripts/bench/report.ts'
import { spreadOf } from '../../scripts/bench/spread.ts'

function sampleReport(): BenchReport {
  const report = emptyBenchReport(
    {
      cpu: 'AMD EPYC 9R14',
      cpus: 2,
      platform: 'linux x64',
      memory_gib: 23,
      node: 'v20.20.2',
      numpy: '2.4.6',
      scipy: '1.17.1',
      load_average: [1.5, 2, 2.25],
    },
    false,
    '2026-12-01T03:00:00.000Z',
  )
  report.bm25['50000'] = {
    build_ms: 2500,
    build_us_per_doc: 50,
    ms_per_query: 0.318,
    cpu_ms_per_query: 0.3,
    pool1_ms_per_query: 0.33,
    pool2_ms_per_query: 0.176,
    scipy_ms_per_query: 0.69,
    ratio_to_scipy: 0.318 / 0.69,
    rank_exact_vs_scipy: 1,
    spreads: {
      one: spreadOf([0.3, 0.318, 0.4]),
      pool2: spreadOf([0.17, 0.176, 0.2]),
      scipy: spreadOf([0.6, 0.69, 0.8]),
      ratio: spreadOf([0.5, 0.4609, 0.375]),
    },
    peak_rss_mib: 400,
  }
  report.vector['100000x1536'] = {
    build_ms: 7500,
    memory_ratio: 1.2651,
    kernel: 'wasm-int8-bounded',
    one_query_ms: 12.5,
    one_query_cpu_ms: 12,
    one_query_float32_ms: 22.2,
    one_query_pool2_ms: 9,
    numpy_gemv_ms: 25,
    numpy_gemv_cpu_ms: 40,
    one_query_cpu_ratio_to_numpy: 0.3,
    one_query_ratio_to_numpy: 0.5,
    one_query_best_ratio_to_numpy: 0.36,
    batch_ms: 6,
    batch_pool2_ms: 3.3,
    batch_float32_pool2_ms: 4.27,
    numpy_gemm_ms: 3,
    batch_ratio_to_numpy: 1.1,
    rescored_rows_per_query: 31.4,
    exact_vs_float32: '200/200',
    same_top10_as_numpy: '20/20',
    peak_rss_mib: 2000,
    threads1: {
      one_query_ms: spreadOf([12.5]),
      numpy_gemv_ms: spreadOf([25]),
      one_query_ratio: spreadOf([0.5]),
      batch_ms: spreadOf([6]),
      numpy_gemm_ms: spreadOf([3]),
      batch_ratio: spreadOf([2]),
    },
  }
  report.scale.bm25['1000000'] = { build_ms: 52_000, build_rss_mib: 1300, ms_per_query: 3.2 }
  report.scale.vector['1000000x384'] = { load_ms: 900, load_rss_ratio: 1.01, ms_per_query: 20 }
  report.goals = checkGoals(report)
  return report
}

describe('README benchmark table from the bench JSON', () => {
  test('sig3 keeps three significant digits: 0.31849 -> 0.318, 22.24 -> 22.2, 1234.5 -> 1235', () => {
    expect([sig3(0.31849), sig3(22.24), sig3(1234.5), sig3(1.2651), sig3(undefined)]).toEqual([
      '0.318',
      '22.2',
      '1235',
      '1.27',
      '-',
    ])
  })

  test('renders provenance, one row per figure, and the goals with their status', () => {
    const lines = renderBenchmarkTable(sampleReport()).split('\n')
    expect(lines[0]).toBe(
      'Figures from one `npm run bench -- --json` run on 2026-12-01, load average 1.5 2 2.25 at the start: 2 vCPU AMD EPYC 9R14, Node 20.20.2, numpy 2.4.6, scipy 1.17.1 (every timing: the median (min-max) of repetitions interleaved with the peer, or marked one run; a loaded machine inflates every time, so read the ratios: ours / peer in the same run, lower is better).',
    )
    expect(lines.slice(2)).toEqual([
      '| what | ours | peer (same run) | ours / peer |',
      '|---|---|---|---|',
      // medians of the three repetitions; the ratio's median is 0.4609 (0.375-0.5)
      '| BM25 top-10, 50k-doc Zipf corpus, 1 thread | 0.318 ms (0.300-0.400) | scipy.sparse exact: 0.690 ms (0.600-0.800) | 0.461x (0.375-0.500) |',
      '| BM25, same corpus, pool of 2 workers | 0.176 ms (0.170-0.200) | | |',
      '| vector index memory, 100k x 1536 (one measurement) | 1.27x the raw float32 bytes | | |',
      '| exact vector top-10, one query, 100k x 1536, 1 thread(s) each | 12.5 ms (12.5-12.5) | numpy GEMV, 1 BLAS thread(s): 25.0 ms (25.0-25.0) | 0.500x (0.500-0.500) |',
      '| exact vector, batch, 100k x 1536, 1 thread(s) each | 6.00 ms (6.00-6.00) | numpy GEMM + argpartition, 1 BLAS thread(s): 3.00 ms (3.00-3.00) | 2.00x (2.00-2.00) |',
      '| BM25, 1M Zipf docs: build, memory, top-10 (one run) | built in 52.0 s (+1300 MiB), 3.20 ms/query | | |',
      '| vectors 1M x 384 from the index file: load, one query (one run) | loaded in 900 ms (+1.01x the index bytes), 20.0 ms/query | | |',
      '',
      'Goals of issues #16 and #26 in this run:',
      '',
      '- `vector.100000x1536.memory_ratio` <= 1.3: 1.27, met',
      '- `scale.bm25.1000000.build_ms` <= 60000: 52000, met',
      '- `scale.bm25.1000000.build_rss_mib` <= 2048: 1300, met',
      '- `scale.bm25.1000000.ms_per_query` <= 5: 3.20, met',
      ...['cranfield', '50000', '1000000'].flatMap((c) => [
        `- \`bm25s.${c}.ratio_one\` <= 1: not measured`,
        `- \`bm25s.${c}.ratio_batch\` <= 1: not measured`,
      ]),
      '- `vector.100000x1536.threads1.one_query_ratio` <= 0.8: 0.500, met',
      '- `vector.100000x1536.threads1.batch_ratio` <= 1: 2.00, not met',
      '- `vector.100000x1536.threads2.one_query_ratio` <= 0.8: not measured',
      '- `vector.100000x1536.threads2.batch_ratio` <= 1: not measured',
      '- `harness.wall_ratio_to_vitest_evals.median` <= 1.2: not measured',
      '- `harness.memory_ratio_to_vitest_evals.median` <= 1.1: not measured',
      '- `harness.failure_cost_ratio_to_minimal.median` <= 1: not measured',
      '- `slow.c4.ratio_to_floor.median` <= 1.1: not measured',
      '- `slow.c16.ratio_to_floor.median` <= 1.1: not measured',
      '- `eval_retrieval.wall_ms.median` <= 60000: not measured',
    ])
  })

  test('a missing figure is a goal not met, and the README splice keeps everything outside the markers', () => {
    const report = sampleReport()
    report.scale = { bm25: {}, vector: {} }
    expect(checkGoals(report).find((g) => g.figure === 'scale.bm25.1000000.ms_per_query')).toEqual({
      figure: 'scale.bm25.1000000.ms_per_query',
      at_most: 5,
      value: null,
      met: false,
    })
    const readme = 'intro\n<!-- bench-table:start -->\nold table\n<!-- bench-table:end -->\noutro\n'
    expect(replaceGenerated(readme, 'new table')).toBe(
      'intro\n<!-- bench-table:start -->\nnew table\n<!-- bench-table:end -->\noutro\n',
    )
    expect(() => replaceGenerated('no markers', 'x')).toThrow(
      /README.md lacks the <!-- bench-table:start --> \.\.\. <!-- bench-table:end --> markers/,
    )
  })

  test('a report merged from several runs names each run with its time and load', () => {
    const report = sampleReport()
    report.runs = [
      { date: '2026-12-01T03:03:07.607Z', args: ['--only=scale'], load_average: [10.05, 14.82, 15.04] },
      { date: '2026-12-01T03:23:35.107Z', args: ['--only=vector'], load_average: [3.83, 6.85, 10.48] },
    ]
    expect(renderBenchmarkTable(report).split('\n')[0]).toBe(
      'Figures from 2 `npm run bench -- --json FILE --merge` runs on 2026-12-01 (03:03 UTC, load 10.05; 03:23 UTC, load 3.83): 2 vCPU AMD EPYC 9R14, Node 20.20.2, numpy 2.4.6, scipy 1.17.1 (every timing: the median (min-max) of repetitions interleaved with the peer, or marked one run; a loaded machine inflates every time, so read the ratios: ours / peer in the same run, lower is better).',
    )
  })

  test('harness rows print the median with its min-max, a single run says so, and goals read the median', () => {
    const report = sampleReport()
    // spreadOf([2400, 2100, 2600]) -> median 2400, 2100-2600; spreadOf([1470]) -> one run
    report.slow = {
      c16: {
        cases: 400,
        latency_ms: 200,
        concurrency: 16,
        floor_ms: 5000,
        wall_ms: spreadOf([5400, 5600, 5300]),
        ratio_to_floor: spreadOf([1.08, 1.12, 1.06]),
        before_first_case_ms: spreadOf([300]),
        after_last_case_ms: spreadOf([100]),
        system_window_ratio_to_floor: spreadOf([1]),
        minimal_instant_wall_ms: spreadOf([1500, 1300, 1700]),
      },
      // A report with the minimal runner against the same system: its wall, / floor, ours / it, and what the
      // goal allows beyond the floor ((1.1 - 1) x 20 s = 2 s).
      c4: {
        cases: 400,
        latency_ms: 200,
        concurrency: 4,
        floor_ms: 20000,
        wall_ms: spreadOf([22000]),
        ratio_to_floor: spreadOf([1.1]),
        before_first_case_ms: spreadOf([1500]),
        after_last_case_ms: spreadOf([200]),
        system_window_ratio_to_floor: spreadOf([1]),
        minimal_instant_wall_ms: spreadOf([1100]),
        minimal_same_system_wall_ms: spreadOf([21000, 21500, 20800]),
        minimal_same_system_ratio_to_floor: spreadOf([1.05, 1.06, 1.04]),
        minimal_same_system_before_first_case_ms: spreadOf([900]),
        minimal_same_system_after_last_case_ms: spreadOf([50]),
        ratio_to_minimal_same_system: spreadOf([1.1, 1.12, 1.08]),
        goal_allows_overhead_ms: 2000,
      },
    }
    const lines = renderBenchmarkTable({ ...report, goals: checkGoals(report) }).split('\n')
    expect(lines).toContain(
      '| 400 cases against a 200 ms system, concurrency 4: wall s (before the first case s; after the last s) | 22.0 (one run) (1.50 (one run); 0.200 (one run)) | floor (cases x latency / concurrency): 20.0; minimal Vitest runner, instant system: 1.10 (one run); minimal Vitest runner, same system and concurrency: 21.0 (20.8-21.5, 3 runs) (1.05 (1.04-1.06, 3 runs) x the floor; ours / it: 1.10 (1.08-1.12, 3 runs)); the goal 1.1x allows 2.00 s beyond the floor | 1.10 (one run) |',
    )
    expect(lines).toContain(
      '| 400 cases against a 200 ms system, concurrency 16: wall s (before the first case s; after the last s) | 5.40 (5.30-5.60, 3 runs) (0.300 (one run); 0.100 (one run)) | floor (cases x latency / concurrency): 5.00; minimal Vitest runner, instant system: 1.50 (1.30-1.70, 3 runs) | 1.08 (1.06-1.12, 3 runs) |',
    )
    expect(lines).toContain('- `slow.c16.ratio_to_floor.median` <= 1.1: 1.08, met')
    expect(spreadOf([4, 1, 3, 2])).toEqual({ median: 2.5, min: 1, max: 4, runs: 4 })
  })

  test('layout rows put each layout beside one golden file, with the per-repetition ratio', () => {
    const report = sampleReport()
    const layout = (walls: number[], mib: number[], ratios: number[]) => ({
      wall_ms: spreadOf(walls),
      largest_process_mib: spreadOf(mib),
      wall_ratio_to_one_file: spreadOf(ratios),
    })
    report.layouts = {
      cases: 6078,
      corpus_files: 200,
      large_corpus_files: 20000,
      split_files: 6,
      // Walls 3.5-4.1 s for one file; 6 files 4.2-4.9 s: ratios 1.20, 1.17, 1.20 -> median 1.20.
      one_file: layout([3500, 4100, 3700], [205, 207, 203], [1, 1, 1]),
      six_files: layout([4200, 4800, 4450], [210, 212, 209], [1.2, 1.17, 1.2]),
      large_corpus: layout([6000], [240], [1.62]),
    }
    const lines = renderBenchmarkTable(report).split('\n')
    expect(lines).toContain(
      '| same 6,078 cases in 6 golden files (vitest-rag alone): wall s, largest process MiB | 4.45 (4.20-4.80, 3 runs), 210 (209-212, 3 runs) | one golden file: 3.70 (3.50-4.10, 3 runs), 205 (203-207, 3 runs) | 1.20 (1.17-1.20, 3 runs) |',
    )
    expect(lines).toContain(
      '| same 6,078 cases beside 20,000 more corpus files (vitest-rag alone): wall s, largest process MiB | 6.00 (one run), 240 (one run) | 200 corpus files: 3.70 (3.50-4.10, 3 runs), 205 (203-207, 3 runs) | 1.62 (one run) |',
    )
  })
})
