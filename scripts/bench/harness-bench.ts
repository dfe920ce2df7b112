/**
 * The harness sections of `npm run bench` (#26 items 1 and 2), over the synthetic project of `scale-project.ts`
 * with the package installed from its `npm pack` tarball:
 * - `harness`: N golden cases (default 6,078, SQuAD 2.0 dev's count), a constant-answer system, offline;
 *   vitest-rag beside vitest-evals (installed by npm into the bench folder) all passing, and beside a minimal
 *   plain-Vitest runner with half the cases failing, the runners alternating within each repetition. A failing
 *   case's cost is the half-failing run's wall time minus the all-passing one's, for ours and for the minimal
 *   runner (Vitest's own failure reporting, the reference).
 * The `slow` section is `slow-bench.ts`.
 */
import { fmt, printTable } from './measure.ts'
import { reporterBreakdown, type Row, runScale, type Runner, vitestBreakdown } from './harness-runs.ts'
import { installVitestEvals, VITEST_EVALS_VERSION, writeScaleProject, writeVitestEvalsPeer } from './scale-project.ts'
import { describeSpread, inSeconds, type Spread, spreadOf } from './spread.ts'

/** Figures of the `harness` section; walls in ms, memory in MiB, ratios ours / peer (lower is better). */
export interface HarnessFigures {
  cases: number
  vitest_evals: string | null
  wall_ms: Spread
  largest_process_mib: Spread
  vitest_evals_wall_ms?: Spread
  vitest_evals_largest_process_mib?: Spread
  /** Per repetition, our wall / vitest-evals' wall in the same repetition. */
  wall_ratio_to_vitest_evals?: Spread
  memory_ratio_to_vitest_evals?: Spread
  half_failing_wall_ms: Spread
  minimal_wall_ms: Spread
  minimal_half_failing_wall_ms: Spread
  /** Per repetition, (our half-failing wall - our passing wall) / (the same for the minimal runner). */
  failure_cost_ratio_to_minimal: Spread
  failure_cost_ms: Spread
  minimal_failure_cost_ms: Spread
  /** Where our all-passing run's time went, median ms: Vitest's phases and the reporter's own timings. */
  breakdown: Record<string, number>
}

/** Where the bench runs: the project folder, Vitest's bin, the repository root. */
export interface HarnessPlace {
  projectDir: string
  vitestBin: string
  repoRoot: string
}

const median = (rows: Row[], f: (r: Row) => number | undefined) => spreadOf(rows.map((r) => f(r) ?? Number.NaN)).median

function breakdownOf(rows: Row[]): Record<string, number> {
  const keys = new Set(
    rows.flatMap((r) => [
      ...Object.keys(vitestBreakdown(r.run.output)),
      ...Object.keys(reporterBreakdown(r.run.output)).map((k) => `report_${k}`),
    ]),
  )
  const out: Record<string, number> = {}
  for (const key of keys)
    out[key] = median(rows, (r) =>
      key.startsWith('report_') ? reporterBreakdown(r.run.output)[key.slice(7)] : vitestBreakdown(r.run.output)[key],
    )
  return out
}

/** The `harness` section: `reps` interleaved repetitions of the five runs at `cases` cases. */
export async function benchHarness(place: HarnessPlace, cases: number, reps: number): Promise<HarnessFigures> {
  console.log(
    `## Harness overhead: ${cases} cases, constant-answer system, offline (${reps} interleaved repetitions)\n`,
  )
  writeScaleProject(place.projectDir, place.repoRoot)
  writeVitestEvalsPeer(place.projectDir)
  const evals = installVitestEvals(place.projectDir)
  const runs: Record<string, Row[]> = { rag: [], evals: [], minimal: [], ragFail: [], minimalFail: [] }
  const run = (runner: Runner, halfFailing: boolean) =>
    runScale(runner, place.projectDir, place.vitestBin, place.repoRoot, cases, halfFailing)
  for (let i = 0; i < reps; i++) {
    runs.rag!.push(await run('vitest-rag', false))
    if (evals) runs.evals!.push(await run('vitest-evals', false))
    runs.minimal!.push(await run('minimal', false))
    runs.ragFail!.push(await run('vitest-rag', true))
    runs.minimalFail!.push(await run('minimal', true))
    console.log(`  repetition ${i + 1}/${reps} done`)
  }
  const wall = (rows: Row[]) => spreadOf(rows.map((r) => r.run.wallMs))
  const mem = (rows: Row[]) => spreadOf(rows.map((r) => r.run.largestPeakMiB ?? Number.NaN))
  const perRep = (f: (i: number) => number) => spreadOf(Array.from({ length: reps }, (_, i) => f(i)))
  const w = (key: string, i: number) => runs[key]![i]!.run.wallMs
  const figures: HarnessFigures = {
    cases,
    vitest_evals: evals ? VITEST_EVALS_VERSION : null,
    wall_ms: wall(runs.rag!),
    largest_process_mib: mem(runs.rag!),
    ...(evals
      ? {
          vitest_evals_wall_ms: wall(runs.evals!),
          vitest_evals_largest_process_mib: mem(runs.evals!),
          wall_ratio_to_vitest_evals: perRep((i) => w('rag', i) / w('evals', i)),
          memory_ratio_to_vitest_evals: perRep(
            (i) => runs.rag![i]!.run.largestPeakMiB! / runs.evals![i]!.run.largestPeakMiB!,
          ),
        }
      : {}),
    half_failing_wall_ms: wall(runs.ragFail!),
    minimal_wall_ms: wall(runs.minimal!),
    minimal_half_failing_wall_ms: wall(runs.minimalFail!),
    failure_cost_ms: perRep((i) => w('ragFail', i) - w('rag', i)),
    minimal_failure_cost_ms: perRep((i) => w('minimalFail', i) - w('minimal', i)),
    failure_cost_ratio_to_minimal: perRep(
      (i) => (w('ragFail', i) - w('rag', i)) / Math.max(1, w('minimalFail', i) - w('minimal', i)),
    ),
    breakdown: breakdownOf(runs.rag!),
  }
  printHarness(figures, runs)
  return figures
}

function printHarness(f: HarnessFigures, runs: Record<string, Row[]>): void {
  const s = (x: Spread | undefined, scale: 1 | 1000 = 1) => describeSpread(x && scale === 1000 ? inSeconds(x) : x, fmt)
  printTable(
    ['run', 'wall s', 'largest process MiB'],
    [
      ['vitest-rag, all passing', s(f.wall_ms, 1000), s(f.largest_process_mib)],
      [
        `vitest-evals ${f.vitest_evals ?? '(not installed)'}, all passing`,
        s(f.vitest_evals_wall_ms, 1000),
        s(f.vitest_evals_largest_process_mib),
      ],
      [
        'minimal Vitest runner, all passing',
        s(f.minimal_wall_ms, 1000),
        s(spreadOf(runs.minimal!.map((r) => r.run.largestPeakMiB ?? Number.NaN))),
      ],
      [
        'vitest-rag, half failing',
        s(f.half_failing_wall_ms, 1000),
        s(spreadOf(runs.ragFail!.map((r) => r.run.largestPeakMiB ?? Number.NaN))),
      ],
      [
        'minimal Vitest runner, half failing',
        s(f.minimal_half_failing_wall_ms, 1000),
        s(spreadOf(runs.minimalFail!.map((r) => r.run.largestPeakMiB ?? Number.NaN))),
      ],
    ],
  )
  console.log(
    `wall / vitest-evals: ${s(f.wall_ratio_to_vitest_evals)}; largest process / vitest-evals: ${s(f.memory_ratio_to_vitest_evals)}`,
  )
  console.log(
    `failing half costs: vitest-rag ${s(f.failure_cost_ms, 1000)} s, minimal runner ${s(f.minimal_failure_cost_ms, 1000)} s; ratio ${s(f.failure_cost_ratio_to_minimal)}`,
  )
  console.log(
    `where vitest-rag's all-passing run goes (median ms): ${Object.entries(f.breakdown)
      .map(([k, v]) => `${k} ${fmt(v)}`)
      .join(', ')}\n`,
  )
}
