/**
 * One run of the synthetic project (`scale-project.ts`) in a child process, measured (`process-tree.ts`): vitest-rag,
 * the minimal Vitest runner, or vitest-evals, over the same golden file. Shared by `npm run bench:scale` and the
 * bench's harness section (`harness-bench.ts`).
 */
import { mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { runMeasured, type TreeRun } from './process-tree.ts'
import { writeScaleGolden } from './scale-project.ts'

/** Which runner: ours, the minimal plain-Vitest runner (`peer/`), or vitest-evals (`evals-peer/`). */
export type Runner = 'vitest-rag' | 'minimal' | 'vitest-evals'

/** A measured run and what it ran. */
export interface Row {
  what: string
  runner: Runner
  cases: number
  halfFailing: boolean
  run: TreeRun
}

/** Vitest's "Duration ... (transform a, setup b, import c, tests d, environment e)" line, in ms. */
export function vitestBreakdown(output: string): Record<string, number> {
  const line = output.match(/Duration\s+[\d.]+m?s\s*\(([^)]*)\)/)?.[1] ?? ''
  const out: Record<string, number> = {}
  for (const m of line.matchAll(/(\w+) ([\d.]+)(m?s)/g)) out[m[1]!] = Number(m[2]) * (m[3] === 's' ? 1000 : 1)
  return out
}

/** The reporter's "vitest-rag: report timings: collect X ms, ..." line (VITEST_RAG_TIMINGS=1). */
export function reporterBreakdown(output: string): Record<string, number> {
  const line = output.match(/vitest-rag: report timings: (.*)/)?.[1] ?? ''
  const out: Record<string, number> = {}
  for (const m of line.matchAll(/(\w+) ([\d.]+) ms/g)) out[m[1]!] = Number(m[2])
  return out
}

/** Options of {@link runScale}. */
export interface RunOptions {
  /** The system's latency per case, ms (vitest-rag and the minimal runner); 0 answers at once. */
  latencyMs?: number
  /** Cases run concurrently in the golden file (vitest-rag's `concurrency`, the minimal runner's `maxConcurrency`). */
  concurrency?: number
  /** A file the adapter appends `s <ms>` / `e <ms>` to when a case reaches it and returns. */
  trace?: string
  /** Golden files the cases are split into (vitest-rag only; default 1). */
  goldenFiles?: number
}

/**
 * Writes the golden file of `cases` cases and runs `runner` over it with Vitest (`vitestBin`) from `repoRoot`;
 * throws when the exit code is not the expected one (1 when half the cases fail, else 0).
 */
export async function runScale(
  runner: Runner,
  projectDir: string,
  vitestBin: string,
  repoRoot: string,
  cases: number,
  halfFailing: boolean,
  options: RunOptions = {},
): Promise<Row> {
  writeScaleGolden(projectDir, cases, halfFailing, options.goldenFiles)
  const out = join(projectDir, '.vitest-rag')
  mkdirSync(out, { recursive: true })
  // Each run starts with no feedback queue, as a CI run on a fresh clone does (the queue lives under .vitest-rag/,
  // never committed): kept, it grew by every earlier repetition's failing cases, so later repetitions measured
  // a queue no CI run has (#26: the half-failing runs added ~3,000 lines each).
  rmSync(join(out, 'feedback-queue.jsonl'), { force: true })
  const root = runner === 'vitest-rag' ? projectDir : join(projectDir, runner === 'minimal' ? 'peer' : 'evals-peer')
  // The system's latency, concurrency and trace reach the minimal runner too (the same system, plain Vitest);
  // vitest-evals only ever runs the instant system.
  const system: Record<string, string> = {
    BENCH_LATENCY_MS: String(options.latencyMs ?? 0),
    BENCH_CONCURRENCY: String(options.concurrency ?? (runner === 'minimal' ? 5 : 4)),
    ...(options.trace ? { BENCH_TRACE: options.trace } : {}),
  }
  const env: Record<string, string> =
    runner === 'vitest-rag'
      ? { BENCH_OUT: out, VITEST_RAG_TIMINGS: '1', ...system }
      : runner === 'minimal'
        ? system
        : {}
  const run = await runMeasured([vitestBin, 'run', '--root', root], repoRoot, env)
  const expected = halfFailing ? 1 : 0
  if ((run.code ?? 1) !== expected)
    throw new Error(
      `${runner} run of ${cases} cases exited ${run.code}, expected ${expected}:\n${run.output.slice(-3000)}`,
    )
  return { what: `${runner}${halfFailing ? ', half failing' : ''}`, runner, cases, halfFailing, run }
}

/** Epoch ms of the first `s` and the last `e` line of a trace file (then removes it). */
export function readTrace(file: string): { firstStart: number; lastEnd: number; calls: number } {
  const lines = readFileSync(file, 'utf8').trim().split('\n')
  rmSync(file, { force: true })
  const starts = lines.filter((l) => l.startsWith('s ')).map((l) => Number(l.slice(2)))
  const ends = lines.filter((l) => l.startsWith('e ')).map((l) => Number(l.slice(2)))
  return { firstStart: Math.min(...starts), lastEnd: Math.max(...ends), calls: starts.length }
}
