/**
 * The `slow` section of `npm run bench` (#26 item 2): 400 cases against a system that answers after 200 ms, at
 * concurrency 4 and 16, against the floor cases x latency / concurrency. The system's trace gives the time before
 * the first case reached it and after the last one returned. Beside each of our runs, interleaved, the minimal
 * plain-Vitest runner calls the same system at the same concurrency: what Vitest itself reaches, so the goal
 * (wall / floor <= 1.1) can be read against what is reachable at all. At concurrency 16 the floor is 5 s and 1.1x
 * leaves 0.5 s for everything else, less than Vitest's own start; the section prints that arithmetic.
 */
import { join } from 'node:path'
import { fmt, printTable } from './measure.ts'
import type { HarnessPlace } from './harness-bench.ts'
import { readTrace, type Row, runScale, type Runner } from './harness-runs.ts'
import { SLOW_GOAL_RATIO } from './report.ts'
import { writeScaleProject } from './scale-project.ts'
import { describeSpread, inSeconds, ratioSpread, type Spread, spreadOf } from './spread.ts'

/** Figures of the `slow` section at one concurrency. */
export interface SlowFigures {
  cases: number
  latency_ms: number
  concurrency: number
  floor_ms: number
  wall_ms: Spread
  ratio_to_floor: Spread
  /** From spawning Vitest to the first case reaching the system. */
  before_first_case_ms: Spread
  /** From the last case returning to Vitest's exit (grading, reporting, scorecard, teardown). */
  after_last_case_ms: Spread
  /** First case in to last case out, / floor: how full the concurrency slots were. */
  system_window_ratio_to_floor: Spread
  /**
   * The minimal Vitest runner over the same cases with an instant system: Vitest's own start, collection and
   * exit, which the floor leaves out.
   */
  minimal_instant_wall_ms: Spread
  /**
   * The minimal Vitest runner against the same slow system at the same concurrency: what plain Vitest reaches
   * (absent from reports written before it was measured).
   */
  minimal_same_system_wall_ms?: Spread
  minimal_same_system_ratio_to_floor?: Spread
  minimal_same_system_before_first_case_ms?: Spread
  minimal_same_system_after_last_case_ms?: Spread
  /** Per repetition, our wall / the minimal runner's wall against the same system in the same repetition. */
  ratio_to_minimal_same_system?: Spread
  /** What the goal allows beyond the floor: (goal - 1) x floor, ms. */
  goal_allows_overhead_ms?: number
}

/** One traced run: the run and the system's first-in and last-out epoch ms. */
interface Traced {
  row: Row
  firstStart: number
  lastEnd: number
}

async function tracedRun(
  runner: Runner,
  place: HarnessPlace,
  cases: number,
  latencyMs: number,
  concurrency: number,
): Promise<Traced> {
  const trace = join(place.projectDir, 'trace.txt')
  const options = { latencyMs, concurrency, trace }
  const row = await runScale(runner, place.projectDir, place.vitestBin, place.repoRoot, cases, false, options)
  const t = readTrace(trace)
  if (t.calls !== cases)
    throw new Error(`slow bench: the system saw ${t.calls} calls from ${runner}, expected ${cases}`)
  return { row, ...t }
}

const before = (list: Traced[]) => spreadOf(list.map((r) => r.firstStart - r.row.run.startedAt))
const after = (list: Traced[]) => spreadOf(list.map((r) => r.row.run.endedAt - r.lastEnd))

function figuresOf(
  cases: number,
  latencyMs: number,
  concurrency: number,
  ours: Traced[],
  minimal: Traced[],
  instant: number[],
): Required<SlowFigures> {
  const floor = (cases * latencyMs) / concurrency
  const wall = (list: Traced[]) => list.map((r) => r.row.run.wallMs)
  return {
    cases,
    latency_ms: latencyMs,
    concurrency,
    floor_ms: floor,
    wall_ms: spreadOf(wall(ours)),
    ratio_to_floor: spreadOf(wall(ours).map((w) => w / floor)),
    before_first_case_ms: before(ours),
    after_last_case_ms: after(ours),
    system_window_ratio_to_floor: spreadOf(ours.map((r) => (r.lastEnd - r.firstStart) / floor)),
    minimal_instant_wall_ms: spreadOf(instant),
    minimal_same_system_wall_ms: spreadOf(wall(minimal)),
    minimal_same_system_ratio_to_floor: spreadOf(wall(minimal).map((w) => w / floor)),
    minimal_same_system_before_first_case_ms: before(minimal),
    minimal_same_system_after_last_case_ms: after(minimal),
    ratio_to_minimal_same_system: ratioSpread(wall(ours), wall(minimal)),
    goal_allows_overhead_ms: (SLOW_GOAL_RATIO - 1) * floor,
  }
}

/**
 * The `slow` section: `cases` cases against a `latencyMs` system at each concurrency, `reps` repetitions; in each,
 * the minimal runner with an instant system, then per concurrency ours and the minimal runner against the same
 * system, alternating.
 */
export async function benchSlow(
  place: HarnessPlace,
  cases: number,
  latencyMs: number,
  concurrencies: number[],
  reps: number,
): Promise<Record<string, SlowFigures>> {
  console.log(`## Slow system: ${cases} cases, ${latencyMs} ms per case (${reps} interleaved repetitions)\n`)
  writeScaleProject(place.projectDir, place.repoRoot)
  const ours = new Map<number, Traced[]>(concurrencies.map((c) => [c, []]))
  const minimal = new Map<number, Traced[]>(concurrencies.map((c) => [c, []]))
  const instant: number[] = []
  for (let i = 0; i < reps; i++) {
    const run = await runScale('minimal', place.projectDir, place.vitestBin, place.repoRoot, cases, false)
    instant.push(run.run.wallMs)
    for (const concurrency of concurrencies) {
      ours.get(concurrency)!.push(await tracedRun('vitest-rag', place, cases, latencyMs, concurrency))
      minimal.get(concurrency)!.push(await tracedRun('minimal', place, cases, latencyMs, concurrency))
    }
  }
  const out: Record<string, Required<SlowFigures>> = {}
  for (const c of concurrencies) out[`c${c}`] = figuresOf(cases, latencyMs, c, ours.get(c)!, minimal.get(c)!, instant)
  printSlow(Object.values(out), cases, instant)
  return out
}

function printSlow(figures: Array<Required<SlowFigures>>, cases: number, instant: number[]): void {
  const sec = (x: Spread) => describeSpread(inSeconds(x), fmt)
  const ratio = (x: Spread) => describeSpread(x, fmt)
  printTable(
    ['concurrency', 'run', 'wall s', 'wall / floor', 'before first case s', 'after last case s', 'ours / minimal'],
    figures.flatMap((f) => [
      [
        `${f.concurrency} (floor ${fmt(f.floor_ms / 1000)} s)`,
        'vitest-rag',
        sec(f.wall_ms),
        ratio(f.ratio_to_floor),
        sec(f.before_first_case_ms),
        sec(f.after_last_case_ms),
        ratio(f.ratio_to_minimal_same_system),
      ],
      [
        '',
        'minimal Vitest runner, same system',
        sec(f.minimal_same_system_wall_ms),
        ratio(f.minimal_same_system_ratio_to_floor),
        sec(f.minimal_same_system_before_first_case_ms),
        sec(f.minimal_same_system_after_last_case_ms),
        '',
      ],
    ]),
  )
  console.log(`the minimal Vitest runner over the same ${cases} cases, instant system: ${sec(spreadOf(instant))} s`)
  for (const f of figures) {
    const plain = f.minimal_same_system_wall_ms.median - f.floor_ms
    console.log(
      `concurrency ${f.concurrency}: the goal wall / floor <= ${SLOW_GOAL_RATIO} allows ${fmt(f.goal_allows_overhead_ms / 1000)} s beyond the ${fmt(f.floor_ms / 1000)} s floor; plain Vitest against the same system takes ${fmt(plain / 1000)} s beyond it (${fmt(f.minimal_same_system_ratio_to_floor.median)}x the floor), ours ${fmt((f.wall_ms.median - f.floor_ms) / 1000)} s: the goal is ${f.minimal_same_system_ratio_to_floor.median > SLOW_GOAL_RATIO ? 'below what Vitest itself reaches' : 'within what Vitest itself reaches'}`,
    )
  }
  console.log('')
}
