/**
 * `npm run bench` (`node --import tsx scripts/bench.ts [--quick]`): prints the exact-search core's figures, no
 * asserts. Sections: BM25 on a seeded Zipf corpus against scipy.sparse, exact vector search against numpy
 * (both timed in this same run, so ratios compare like with like on a noisy machine), and the real corpora in
 * ../shared/datasets. `--quick` shrinks every size for a CI-sized run (well under a minute).
 */
import { availableParallelism, cpus } from 'node:os'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { benchBm25 } from './bench/bm25-bench.ts'
import { benchDatasets } from './bench/datasets-bench.ts'
import { benchVector } from './bench/vector-bench.ts'

const quick = process.argv.includes('--quick')
const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7)
const repoRoot = resolve(fileURLToPath(import.meta.url), '../..')
const started = performance.now()

console.log(`# vitest-rag exact-search bench${quick ? ' (--quick)' : ''}`)
console.log(`Node ${process.version}, ${availableParallelism()} CPUs (${cpus()[0]?.model ?? 'unknown'}), ${new Date().toISOString()}\n`)

if (!only || only === 'bm25') {
  if (quick) await benchBm25([10_000], 10_000, 100, 3)
  else await benchBm25([10_000, 50_000, 100_000], 50_000, 200, 5)
}
if (!only || only === 'vector') {
  if (quick) await benchVector([[20_000, 384]], 100, 3, true)
  else await benchVector([[20_000, 384], [100_000, 384], [100_000, 1536]], 200, 5, true)
}
if (!only || only === 'datasets') {
  await benchDatasets(resolve(repoRoot, '../shared/datasets'), ['cranfield', 'squad2-dev-cs224n'], quick ? 1 : 3)
}
console.log(`total ${((performance.now() - started) / 1000).toFixed(1)} s`)
