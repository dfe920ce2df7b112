/**
 * The million-chunk section: how build, query and merge time grow from 10k to 1M chunks. Each measurement runs
 * in a child process (`scale-child.ts`) so its memory figures are its own: BM25 over the Zipf corpus (build
 * split into analysis and indexing, memory the build added, ms/query in one thread), and N x 384 vectors built,
 * saved to an index file, then loaded from that file in a fresh process (load time, memory the load added
 * against the index's bytes: no second copy means a ratio near 1) and queried (one query, the batch, and the
 * 2-worker split with its merge overhead).
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { fmt, printTable } from './measure.ts'

type Figures = Record<string, number>

function child(args: Array<string | number>): Figures | undefined {
  const script = fileURLToPath(new URL('./scale-child.ts', import.meta.url))
  const result = spawnSync(
    process.execPath,
    ['--max-old-space-size=6144', '--import', 'tsx', script, ...args.map(String)],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  )
  const last = result.stdout.trim().split('\n').pop() ?? ''
  if (result.status !== 0 || !last.startsWith('{')) {
    console.log(
      `  (scale ${args.join(' ')} failed: ${(result.stderr || result.error?.message || '').trim().split('\n').slice(-3).join(' | ')})`,
    )
    return undefined
  }
  return JSON.parse(last) as Figures
}

/** Runs BM25 and N x 384 vectors at each size; figures keyed by size. */
export async function benchScale(
  sizes: number[],
  queryCount: number,
  reps: number,
): Promise<{ bm25: Record<string, Figures>; vector: Record<string, Figures> }> {
  console.log('## Scale: 10k -> 1M chunks (each size in its own process)\n')
  const bm25: Record<string, Figures> = {}
  const vector: Record<string, Figures> = {}
  for (const n of sizes) {
    const figures = child(['bm25', n, queryCount, reps])
    if (figures) bm25[String(n)] = figures
    console.log(`  bm25 ${n} done`)
  }
  printTable(
    [
      'docs',
      'analyze ms',
      'index ms',
      'build ms',
      'build CPU ms',
      'build us/doc',
      'build RSS MiB',
      'index MiB',
      'ms/query 1 thread',
      'postings/query',
      'scored/query',
    ],
    Object.entries(bm25).map(([n, f]) => [
      n,
      fmt(f.analyze_ms),
      fmt(f.index_ms),
      fmt(f.build_ms),
      fmt(f.build_cpu_ms),
      fmt(f.build_us_per_doc),
      fmt(f.build_rss_mib),
      fmt(f.index_mib),
      fmt(f.ms_per_query),
      fmt(f.postings_per_query),
      fmt(f.scored_per_query),
    ]),
  )
  const d = 384
  for (const n of sizes) {
    const dir = mkdtempSync(join(tmpdir(), 'vitest-rag-scale-'))
    const file = join(dir, 'index.vragidx')
    const built = child(['vector-build', n, d, file])
    const loaded = built ? child(['vector-load', n, d, file, queryCount, reps]) : undefined
    rmSync(dir, { recursive: true, force: true })
    if (built && loaded) vector[`${n}x${d}`] = { ...built, ...loaded }
    console.log(`  vector ${n} x ${d} done`)
  }
  printTable(
    [
      'N x d',
      'build ms',
      'save ms',
      'file MiB',
      'load ms',
      'load RSS MiB',
      'load RSS / index bytes',
      'ms/query 1 thread',
      'float32 ms/query',
      'batch ms/query',
      'pool 2w ms/query',
      'pool worker busy ms',
      'pool dispatch+merge ms',
      'rescored/query',
    ],
    Object.entries(vector).map(([k, f]) => [
      k,
      fmt(f.build_ms),
      fmt(f.save_ms),
      fmt(f.file_mib),
      fmt(f.load_ms),
      fmt(f.load_rss_mib),
      fmt(f.load_rss_ratio),
      fmt(f.ms_per_query),
      fmt(f.float32_ms_per_query),
      fmt(f.batch_ms_per_query),
      fmt(f.pool2_ms_per_query),
      fmt(f.pool2_busy_ms),
      fmt(f.pool2_overhead_ms),
      fmt(f.rescored_per_query),
    ]),
  )
  return { bm25, vector }
}
