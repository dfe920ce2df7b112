/**
 * `npm run bench:scale`: vitest-rag over 1k, 10k and 20k synthetic golden cases, and, at 6k cases, side by side
 * with a minimal Vitest eval runner on the same cases, all passing and half failing. Prints per run: wall time
 * per case, where it goes (Vitest's transform = golden-module generation, import = loading the generated
 * module, tests = per-case work; the reporter's own collect, scorecard, gate and file writing) and peak memory:
 * of the largest single process (the kernel's high-water mark, what `/usr/bin/time` reports and peers publish),
 * of the whole process tree, and, apart, of Vitest's main process and of its workers (their peaks need not
 * coincide).
 *
 * It measures the package as a team installs it: it builds dist/ first (skip with `--no-build`) and runs the
 * compiled JavaScript from the synthetic project's node_modules.
 *
 *   npm run bench:scale [-- --sizes 1000,10000,20000] [-- --peer 6000] [-- --repeat 5] [-- --no-build]
 */
import { spawnSync } from 'node:child_process'
import { cpus } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { fmt, printTable } from './bench/measure.ts'
import { reporterBreakdown, type Row, runScale, vitestBreakdown } from './bench/harness-runs.ts'
import { writeScaleProject } from './bench/scale-project.ts'

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const vitestBin = join(repoRoot, 'node_modules/vitest/vitest.mjs')
// Inside the repo (ignored by git), so the project's config resolves vitest from the repo's node_modules.
const projectDir = join(repoRoot, '.vitest-rag/bench-scale')

function flag(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`)
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback
}
const sizes = flag('sizes', '1000,10000,20000').split(',').map(Number)
const peerSize = Number(flag('peer', '6000'))
// Each side-by-side run is repeated, alternating the two runners, and the median run is reported: one run of a
// few seconds moves by +-20% on a shared 2-core machine.
const repeat = Number(flag('repeat', '5'))

async function runRag(cases: number, halfFailing: boolean): Promise<Row> {
  return runScale('vitest-rag', projectDir, vitestBin, repoRoot, cases, halfFailing)
}

async function runPeer(cases: number, halfFailing: boolean): Promise<Row> {
  const row = await runScale('minimal', projectDir, vitestBin, repoRoot, cases, halfFailing)
  return { ...row, what: `minimal Vitest runner${halfFailing ? ', half failing' : ''}` }
}

function table(rows: Row[]): void {
  printTable(
    [
      'run',
      'cases',
      'wall s',
      'ms/case',
      'transform s',
      'import s',
      'tests s',
      'report s',
      'largest process MiB',
      'tree MiB',
      'main / workers MiB',
    ],
    rows.map(({ what, cases, run }) => {
      const v = vitestBreakdown(run.output)
      const r = reporterBreakdown(run.output)
      const report = Object.values(r).reduce((a, b) => a + b, 0)
      return [
        what,
        String(cases),
        fmt(run.wallMs / 1000),
        fmt(run.wallMs / cases),
        fmt((v.transform ?? Number.NaN) / 1000),
        fmt((v.import ?? Number.NaN) / 1000),
        fmt((v.tests ?? Number.NaN) / 1000),
        report > 0 ? fmt(report / 1000) : '-',
        fmt(run.largestPeakMiB),
        fmt(run.peakMiB),
        `${fmt(run.mainPeakMiB)} / ${fmt(run.workersPeakMiB)}`,
      ]
    }),
  )
}

console.log(
  `bench:scale on ${cpus().length} x ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}\n`,
)
if (!process.argv.includes('--no-build')) {
  const built = spawnSync(process.execPath, [join(repoRoot, 'scripts/build.mjs')], { stdio: 'inherit' })
  if (built.status !== 0) throw new Error('npm run build failed: bench:scale measures the built package')
}
writeScaleProject(projectDir, repoRoot)
const scale: Row[] = []
for (const n of sizes) scale.push(await runRag(n, false))
console.log('vitest-rag over synthetic golden sets (all cases passing):\n')
table(scale)
for (const { cases, run } of scale) {
  const r = reporterBreakdown(run.output)
  console.log(
    `  ${cases} cases, reporter: ${
      Object.entries(r)
        .map(([k, v]) => `${k} ${fmt(v)} ms`)
        .join(', ') || 'no timings'
    }`,
  )
}
console.log('')
if (peerSize > 0) {
  const median = (rows: Row[]): Row =>
    [...rows].sort((a, b) => a.run.wallMs - b.run.wallMs)[Math.floor(rows.length / 2)]!
  const side: Row[] = []
  for (const halfFailing of [false, true]) {
    const rag: Row[] = []
    const peer: Row[] = []
    for (let i = 0; i < repeat; i++) {
      rag.push(await runRag(peerSize, halfFailing))
      peer.push(await runPeer(peerSize, halfFailing))
    }
    side.push(median(rag), median(peer))
    const walls = (rows: Row[]) => rows.map((r) => fmt(r.run.wallMs / 1000)).join(', ')
    console.log(
      `  ${halfFailing ? 'half failing' : 'all passing'}, ${repeat} runs each (s): vitest-rag ${walls(rag)}; minimal runner ${walls(peer)}`,
    )
  }
  console.log(
    `\nSide by side at ${peerSize} cases (the same golden file, a constant-answer system, offline; the median of ${repeat} runs):\n`,
  )
  table(side)
  const ratio = (a: Row, b: Row) => (a.run.wallMs / b.run.wallMs).toFixed(2)
  console.log(
    `wall time vitest-rag / minimal runner: all passing ${ratio(side[0]!, side[1]!)}x, half failing ${ratio(side[2]!, side[3]!)}x`,
  )
}
