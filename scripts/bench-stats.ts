/**
 * Timing of the statistics the gate runs: BCa bootstrap with 10,000 resamples over 1,000 paired cases, the
 * sign-flip permutation test (Monte Carlo at n = 1,000, exact at n = 20), and compareRuns end to end.
 * Prints figures only. Run: node --import tsx scripts/bench-stats.ts
 */
import { pairedBootstrapBca } from '../src/shared/stats/bootstrap.ts'
import { compareRuns } from '../src/shared/stats/compare.ts'
import { pairedPermutationTest } from '../src/shared/stats/permutation.ts'
import { mulberry32 } from '../src/shared/stats/prng.ts'

const random = mulberry32(2024)
const cases = 1000
const a: Record<string, number> = {}
const b: Record<string, number> = {}
for (let i = 0; i < cases; i++) {
  a[`case-${i}`] = random()
  b[`case-${i}`] = Math.min(1, Math.max(0, a[`case-${i}`]! + (random() - 0.48) * 0.3))
}
const diffs = Object.keys(a).map((id) => b[id]! - a[id]!)

function time<T>(label: string, fn: () => T, repeats = 5): T {
  fn() // warm-up (JIT)
  const times: number[] = []
  let result!: T
  for (let r = 0; r < repeats; r++) {
    const start = performance.now()
    result = fn()
    times.push(performance.now() - start)
  }
  times.sort((x, y) => x - y)
  console.log(
    `${label.padEnd(58)} median ${times[Math.floor(repeats / 2)]!.toFixed(1).padStart(7)} ms  (min ${times[0]!.toFixed(1)}, max ${times[repeats - 1]!.toFixed(1)})`,
  )
  return result
}

console.log(
  `node ${process.version}, ${cases} paired cases, mean diff ${(diffs.reduce((s, d) => s + d, 0) / cases).toFixed(4)}`,
)
const ci = time('pairedBootstrapBca, 10,000 resamples, n = 1,000', () =>
  pairedBootstrapBca(diffs, { resamples: 10_000, seed: 1 }),
)
const perm = time('pairedPermutationTest, Monte Carlo 10,000, n = 1,000', () =>
  pairedPermutationTest(diffs, { resamples: 10_000, seed: 1 }),
)
time('pairedPermutationTest, exact 2^20 patterns, n = 20', () => pairedPermutationTest(diffs.slice(0, 20)))
const cmp = time('compareRuns (bootstrap + permutation), n = 1,000', () => compareRuns(a, b))
console.log(
  `  CI [${ci.lo.toFixed(4)}, ${ci.hi.toFixed(4)}], p = ${perm.pValue.toFixed(4)}, significant = ${cmp.significant}`,
)
