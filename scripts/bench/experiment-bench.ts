/**
 * The `eval-retrieval` section of `npm run bench` (#26 item 5): `vitest-rag eval-retrieval` over SQuAD 2.0 dev
 * (../shared/datasets, BEIR layout; 6,078 cases, every arm, offline) with the built CLI, timed end to end: wall
 * time, each arm's time (search and grading, from the result JSON) and the rest (loading, the paired bootstrap
 * and permutation tests, writing). With a reference result JSON (`--eval-retrieval-reference FILE`, e.g. one
 * written before a speed-up) it checks the new result value for value, leaving out only what differs run to
 * run (creation time, arguments, timings, file paths).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fmt } from './measure.ts'
import { runMeasured } from './process-tree.ts'
import { describeSpread, type Spread, spreadOf } from './spread.ts'

/** Figures of the `eval-retrieval` section. */
export interface EvalRetrievalFigures {
  dataset: string
  cases: number
  arms: string[]
  wall_ms: Spread
  /** Sum of the arms' own times (build the arm's index, run and grade every case). */
  arms_ms: Spread
  /** Wall minus the arms: process start, loading the dataset, the statistics, writing the result. */
  rest_ms: Spread
  largest_process_mib: Spread
  /** Values compared with the reference JSON and how many differ (absent without a reference). */
  exactness?: { compared: number; differing: number; added?: number; reference: string }
}

// Differ run to run by nature: when, how invoked, how long, where.
const VOLATILE = new Set(['createdAt', 'argv', 'ms', 'prompts'])

/**
 * Leaf values of two JSON values (`a` the reference) that differ, keys in VOLATILE left out; `compared` counts the
 * leaves present in the reference. A leaf absent from the reference and present now is `added`, not a difference:
 * a newer harness records more (a config option added since, in the config snapshot), and no earlier value
 * changed. A leaf the reference has and the new result lacks is a difference.
 */
export function compareJson(a: unknown, b: unknown): { compared: number; differing: string[]; added: string[] } {
  const differing: string[] = []
  const added: string[] = []
  let compared = 0
  const walk = (x: unknown, y: unknown, path: string): void => {
    const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object'
    // Both objects, or a whole object the reference lacks (its leaves are each new).
    if (isObject(y) && (isObject(x) || x === undefined)) {
      const keys = new Set([...Object.keys(x ?? {}), ...Object.keys(y)])
      for (const key of keys) if (!VOLATILE.has(key)) walk(x?.[key], y[key], `${path}.${key}`)
      return
    }
    if (isObject(x) && y === undefined) {
      for (const key of Object.keys(x)) if (!VOLATILE.has(key)) walk(x[key], undefined, `${path}.${key}`)
      return
    }
    if (x === undefined) {
      added.push(path)
      return
    }
    compared++
    if (!Object.is(x, y)) differing.push(path)
  }
  walk(a, b, '')
  return { compared, differing, added }
}

/** Runs `eval-retrieval` on `datasetDir` `reps` times (`limit` cases when given); undefined when the dataset is absent. */
export async function benchEvalRetrieval(
  repoRoot: string,
  datasetDir: string,
  reps: number,
  limit?: number,
  reference?: string,
): Promise<EvalRetrievalFigures | undefined> {
  console.log(
    `## eval-retrieval on ${datasetDir.split('/').pop()}${limit ? `, first ${limit} cases` : ''}, every arm, offline\n`,
  )
  if (!existsSync(datasetDir)) {
    console.log(`  (skipped: ${datasetDir} is absent)\n`)
    return undefined
  }
  const dir = mkdtempSync(join(tmpdir(), 'vitest-rag-eval-retrieval-'))
  const out = join(dir, 'result.json')
  const runs: Array<{ wall: number; arms: number; mib: number }> = []
  let result: { cases: number; data: { arms: Array<{ arm: string; ms: number }> } } | undefined
  try {
    for (let i = 0; i < reps; i++) {
      const args = [join(repoRoot, 'bin/vitest-rag.js'), 'eval-retrieval', '--beir', datasetDir, '--out', out]
      const run = await runMeasured([...args, ...(limit ? ['--limit', String(limit)] : [])], dir, {})
      if (run.code !== 0) throw new Error(`eval-retrieval exited ${run.code}:\n${run.output.slice(-2000)}`)
      result = JSON.parse(readFileSync(out, 'utf8')) as typeof result
      const arms = result!.data.arms.reduce((s, a) => s + a.ms, 0)
      runs.push({ wall: run.wallMs, arms, mib: run.largestPeakMiB ?? Number.NaN })
    }
    const figures: EvalRetrievalFigures = {
      dataset: datasetDir.split('/').pop() ?? datasetDir,
      cases: result!.cases,
      arms: result!.data.arms.map((a) => a.arm),
      wall_ms: spreadOf(runs.map((r) => r.wall)),
      arms_ms: spreadOf(runs.map((r) => r.arms)),
      rest_ms: spreadOf(runs.map((r) => r.wall - r.arms)),
      largest_process_mib: spreadOf(runs.map((r) => r.mib)),
    }
    if (reference && existsSync(reference)) {
      const { compared, differing, added } = compareJson(JSON.parse(readFileSync(reference, 'utf8')), result)
      figures.exactness = { compared, differing: differing.length, added: added.length, reference }
      console.log(
        `  exactness against ${reference}: ${compared} values compared, ${differing.length} differ${differing.length ? ` (${differing.slice(0, 5).join(', ')})` : ''}; ${added.length} new${added.length ? ` (${added.slice(0, 5).join(', ')})` : ''}`,
      )
    }
    const s = (x: Spread) =>
      describeSpread({ ...x, median: x.median / 1000, min: x.min / 1000, max: x.max / 1000 }, fmt)
    console.log(
      `  ${figures.cases} cases, ${figures.arms.length} arms: wall ${s(figures.wall_ms)} s; arms (index, search, grading) ${s(figures.arms_ms)} s; the rest (load, statistics, writing) ${s(figures.rest_ms)} s; largest process ${describeSpread(figures.largest_process_mib, fmt)} MiB\n`,
    )
    return figures
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
