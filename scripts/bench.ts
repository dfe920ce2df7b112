/**
 * `npm run bench` (`node --import tsx scripts/bench.ts [--quick] [--only=SECTION,...] [--json FILE]`): prints the
 * exact-search core's figures, no asserts. Sections: `bm25` (seeded Zipf corpus against scipy.sparse), `vector`
 * (exact vector search against numpy, both timed in this same run, so ratios compare like with like on a noisy
 * machine), `bm25s` (BM25 beside bm25s's numba backend on Cranfield, 50k and 1M Zipf documents, interleaved
 * repetitions, top-10 checked; `--bm25s-corpora=cranfield,50000,...`), `scale` (10k -> 1M chunks: BM25 and 1M x
 * 384 vectors loaded from the index file), `datasets` (the real corpora in ../shared/datasets), and the harness
 * against its peers, on the built package (`harness`:
 * 6,078 cases beside vitest-evals and a minimal Vitest runner, all passing and half failing; `slow`: 400 cases
 * against a 200 ms system at concurrency 4 and 16; `layouts`: the same cases as one golden file, as 6, and beside
 * 20,000 more corpus files; `eval-retrieval`: the CLI on SQuAD 2.0 dev, with
 * `--eval-retrieval-reference FILE` checked value for value against an earlier result). `--harness-cases=N`
 * sets the harness section's size. `--quick` shrinks every size for a CI-sized run and skips `scale`.
 * `--json FILE` also writes every figure under a stable name (`bench/report.ts`); with `--merge`, the sections of
 * this run replace those of an existing FILE and the rest is kept (run sections one by one on a slow machine).
 * `--queries=N`, `--reps=N`, `--vector-sizes=100000x1536,...`, `--scale-sizes=10000,...` and `--bm25-sizes=...`
 * override the defaults. `npm run bench:readme -- FILE` turns that file into the README's benchmark table.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { availableParallelism, cpus, loadavg, platform, totalmem } from 'node:os'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { writeFileAtomicSync } from '../src/shared/util/atomic-write.ts'
import { benchBm25 } from './bench/bm25-bench.ts'
import { benchBm25s } from './bench/bm25s-bench.ts'
import { benchDatasets } from './bench/datasets-bench.ts'
import { benchEvalRetrieval } from './bench/experiment-bench.ts'
import { benchHarness } from './bench/harness-bench.ts'
import { benchLayouts } from './bench/layout-bench.ts'
import { benchSlow } from './bench/slow-bench.ts'
import { type BenchMachine, type BenchReport, checkGoals, emptyBenchReport } from './bench/report.ts'
import { benchPython } from './bench/python.ts'
import { benchScale } from './bench/scale-bench.ts'
import { benchVector } from './bench/vector-bench.ts'

const args = process.argv.slice(2)
const quick = args.includes('--quick')
const only = args.find((a) => a.startsWith('--only='))?.slice(7)
const jsonAt = args.indexOf('--json')
const jsonPath = jsonAt >= 0 ? args[jsonAt + 1] : undefined
if (jsonAt >= 0 && (!jsonPath || jsonPath.startsWith('--'))) {
  console.error('vitest-rag bench: --json needs a file path (npm run bench -- --json bench.json)')
  process.exit(2)
}
const option = (name: string): string | undefined =>
  args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)
const numberList = (name: string, fallback: number[]): number[] => option(name)?.split(',').map(Number) ?? fallback
const queries = option('queries') ? Number(option('queries')) : undefined
const reps = option('reps') ? Number(option('reps')) : undefined
const vectorSizes = option('vector-sizes')
  ?.split(',')
  .map((s) => s.split('x').map(Number) as [number, number])
const repoRoot = resolve(fileURLToPath(import.meta.url), '../..')
const started = performance.now()
const runs = (section: string) => !only || only.split(',').includes(section)

function pythonVersion(module: string): string | null {
  try {
    return execFileSync(benchPython(), ['-c', `import ${module}; print(${module}.__version__)`], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim()
  } catch {
    return null
  }
}

const machine: BenchMachine = {
  cpu: cpus()[0]?.model ?? 'unknown',
  cpus: availableParallelism(),
  platform: `${platform()} ${process.arch}`,
  memory_gib: Math.round((totalmem() / 2 ** 30) * 10) / 10,
  node: process.version,
  numpy: pythonVersion('numpy'),
  scipy: pythonVersion('scipy'),
  load_average: loadavg().map((l) => Math.round(l * 100) / 100),
}
const report = emptyBenchReport(machine, quick)
const previous =
  args.includes('--merge') && jsonPath && existsSync(resolve(jsonPath))
    ? (JSON.parse(readFileSync(resolve(jsonPath), 'utf8')) as BenchReport)
    : undefined
if (previous)
  Object.assign(report, {
    bm25: previous.bm25,
    bm25s: previous.bm25s ?? {},
    vector: previous.vector,
    scale: previous.scale,
    datasets: previous.datasets,
    harness: previous.harness,
    slow: previous.slow,
    layouts: previous.layouts,
    eval_retrieval: previous.eval_retrieval,
    runs: previous.runs ?? [],
  })
report.runs.push({ date: report.date, args, load_average: machine.load_average })
console.log(`# vitest-rag exact-search bench${quick ? ' (--quick)' : ''}`)
console.log(
  `Node ${machine.node}, numpy ${machine.numpy ?? '-'}, scipy ${machine.scipy ?? '-'}, ${machine.cpus} CPUs (${machine.cpu}), load ${machine.load_average.join(' ')}, ${report.date}\n`,
)

// The JSON is rewritten after every section, so a long run that dies late still leaves the figures it took.
const save = () => {
  report.goals = checkGoals(report)
  if (jsonPath) writeFileAtomicSync(resolve(jsonPath), `${JSON.stringify(report, null, 2)}\n`)
}
if (runs('vector')) {
  const figures = await benchVector(
    vectorSizes ??
      (quick
        ? [[20_000, 384]]
        : [
            [20_000, 384],
            [100_000, 384],
            [100_000, 1536],
          ]),
    queries ?? (quick ? 100 : 200),
    reps ?? (quick ? 3 : 5),
  )
  report.vector = { ...report.vector, ...figures }
}
save()
if (runs('bm25')) {
  const figures = await benchBm25(
    numberList('bm25-sizes', quick ? [10_000] : [10_000, 50_000, 100_000]),
    quick ? 10_000 : 50_000,
    queries ?? (quick ? 100 : 200),
    reps ?? (quick ? 3 : 5),
  )
  report.bm25 = { ...report.bm25, ...figures }
}
save()
if (runs('bm25s')) {
  const corpora =
    option('bm25s-corpora')?.split(',') ?? (quick ? ['cranfield', '10000'] : ['cranfield', '50000', '1000000'])
  const figures = await benchBm25s(corpora, resolve(repoRoot, '../shared/datasets'), queries ?? 200, reps ?? 5)
  report.bm25s = { ...report.bm25s, ...figures }
}
save()
if (runs('scale') && !quick) {
  const figures = await benchScale(numberList('scale-sizes', [10_000, 100_000, 1_000_000]), queries ?? 200, reps ?? 3)
  report.scale = {
    bm25: { ...report.scale.bm25, ...figures.bm25 },
    vector: { ...report.scale.vector, ...figures.vector },
  }
}
save()
if (runs('datasets'))
  report.datasets = await benchDatasets(
    resolve(repoRoot, '../shared/datasets'),
    ['cranfield', 'squad2-dev-cs224n'],
    reps ?? (quick ? 1 : 3),
  )
save()
// The harness sections run the built package (npm run build first) in child processes: ours beside its peers.
const place = {
  projectDir: resolve(repoRoot, '.vitest-rag/bench-scale'),
  vitestBin: resolve(repoRoot, 'node_modules/vitest/vitest.mjs'),
  repoRoot,
}
if (runs('harness') || runs('slow') || runs('layouts') || runs('eval-retrieval')) {
  const built = spawnSync(process.execPath, [resolve(repoRoot, 'scripts/build.mjs')], { stdio: 'inherit' })
  if (built.status !== 0) throw new Error('npm run build failed: the harness sections measure the built package')
}
if (runs('harness')) {
  const cases = option('harness-cases') ? Number(option('harness-cases')) : quick ? 1000 : 6078
  report.harness = await benchHarness(place, cases, reps ?? (quick ? 1 : 5))
}
save()
if (runs('slow')) report.slow = await benchSlow(place, quick ? 100 : 400, 200, [4, 16], reps ?? (quick ? 1 : 3))
save()
if (runs('layouts')) report.layouts = await benchLayouts(place, quick ? 1000 : 6078, reps ?? (quick ? 1 : 3))
save()
if (runs('eval-retrieval'))
  report.eval_retrieval = await benchEvalRetrieval(
    repoRoot,
    resolve(repoRoot, '../shared/datasets/squad2-dev-cs224n'),
    reps ?? 1,
    quick ? 600 : undefined,
    option('eval-retrieval-reference'),
  )
save()
for (const goal of report.goals) {
  const range = goal.spread ? `, range ${goal.spread.map((v) => v.toPrecision(3)).join('-')}` : ''
  console.log(
    `goal ${goal.figure} <= ${goal.at_most}: ${goal.value === null ? 'not measured' : `${goal.value.toPrecision(3)}${range} (${goal.met ? 'met' : 'NOT met'})`}`,
  )
}
if (jsonPath) console.log(`wrote ${jsonPath}`)
console.log(`total ${((performance.now() - started) / 1000).toFixed(1)} s`)
