/**
 * BM25 on the seeded Zipf corpus: build time (linearity across N), ms/query in one thread and through the
 * pool with 1 and 2 workers, and the ratio to an exact scipy.sparse implementation of the same formula timed in
 * the same run, with a check that both return the same top 10 (ids and scores).
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SearchPool } from '../../src/search/pool/search-pool.ts'
import { buildBm25Index } from '../../src/search/bm25.ts'
import { plainAnalyzerOptions } from '../../src/search/analyzer.ts'
import { createSearchIndex, defaultSearchConfig, tokenizerFor } from '../../src/search/index.ts'
import { fmt, peakRssMiB, printTable, timeBest, timeBestWall } from './measure.ts'
import { runPython } from './python.ts'
import type { Bm25Figures } from './report.ts'
import { zipfCorpus, zipfQueries } from './synthetic.ts'

// The plain analyzer (letter/digit runs) tokenises the pseudo-words exactly like split(' '), in this thread
// and in the workers (which rebuild the tokenizer from the config).
const config = { ...defaultSearchConfig, analyzer: plainAnalyzerOptions }

interface ScipyResult {
  build_ms: number
  ms_per_query: number
  cpu_per_query: number
  results: Array<[number[], number[]]>
}

/** Runs the BM25 section for each corpus size (the scipy comparison on `scipySize` only); figures keyed by size. */
export async function benchBm25(
  sizes: number[],
  scipySize: number,
  queryCount: number,
  reps: number,
): Promise<Record<string, Bm25Figures>> {
  const figures: Record<string, Bm25Figures> = {}
  console.log(`## BM25, seeded Zipf corpus (s = 1.07, 100k words, 100-200 tokens/doc), ${queryCount} queries, top 10\n`)
  const rows: string[][] = []
  for (const n of sizes) {
    const docs = zipfCorpus(n)
    const queries = zipfQueries(docs, queryCount)
    const chunks = docs.map((text, i) => ({ id: `d${String(i).padStart(7, '0')}`, tenantId: 't', text }))
    const t0 = performance.now()
    const bm25 = buildBm25Index(chunks, config.bm25, tokenizerFor(config.analyzer))
    const buildMs = performance.now() - t0
    const oneTiming = await timeBest(reps, () => queries.forEach((q) => bm25.search(q, 't', 10)))
    const oneThread = oneTiming.wall / queries.length
    const oneThreadCpu = oneTiming.cpu / queries.length
    const index = createSearchIndex(config, { bm25, vector: undefined, texts: [], embedder: undefined })
    const batch = queries.map((query) => ({ query, tenantId: 't', k: 10 }))
    const pooled: number[] = []
    for (const threads of [1, 2]) {
      const pool = new SearchPool({ index }, { threads })
      pooled.push((await timeBestWall(reps, () => pool.searchBatch(batch), 3)) / queries.length)
      await pool.destroy()
    }
    let scipy: ScipyResult | undefined
    let exact = '-'
    let exactShare: number | undefined
    if (n === scipySize) {
      const dir = mkdtempSync(join(tmpdir(), 'vitest-rag-bench-'))
      writeFileSync(join(dir, 'docs.txt'), docs.join('\n') + '\n')
      writeFileSync(join(dir, 'queries.txt'), queries.join('\n') + '\n')
      scipy = runPython<ScipyResult>('scipy_bm25.py', [
        join(dir, 'docs.txt'),
        join(dir, 'queries.txt'),
        1.2,
        0.75,
        10,
        reps,
      ])
      if (scipy) {
        // rank_exact@10 (tie-aware): share of ranks where our score equals scipy's to 1e-9 relative; "same doc"
        // also needs the same document (it can differ only between documents whose scores tie to ~1e-15).
        let sameScore = 0
        let sameDoc = 0
        let total = 0
        queries.forEach((q, qi) => {
          const [ids, scores] = scipy!.results[qi] as [number[], number[]]
          const ours = bm25.search(q, 't', 10)
          total += Math.max(ids.length, ours.length)
          ids.forEach((id, r) => {
            const hit = ours[r]
            if (hit && Math.abs(hit.score - (scores[r] as number)) <= 1e-9 * Math.abs(scores[r] as number)) {
              sameScore++
              if (hit.row === id) sameDoc++
            }
          })
        })
        exactShare = sameScore / total
        exact = `${fmt(exactShare)} (same doc ${sameDoc}/${total})`
      }
    }
    figures[String(n)] = {
      build_ms: buildMs,
      build_us_per_doc: (buildMs / n) * 1000,
      ms_per_query: oneThread,
      cpu_ms_per_query: oneThreadCpu,
      pool1_ms_per_query: pooled[0] as number,
      pool2_ms_per_query: pooled[1] as number,
      ...(scipy
        ? {
            scipy_ms_per_query: scipy.ms_per_query,
            ratio_to_scipy: oneThread / scipy.ms_per_query,
            cpu_ratio_to_scipy: oneThreadCpu / scipy.cpu_per_query,
          }
        : {}),
      ...(exactShare !== undefined ? { rank_exact_vs_scipy: exactShare } : {}),
      peak_rss_mib: peakRssMiB(),
    }
    rows.push([
      String(n),
      fmt(buildMs),
      fmt((buildMs / n) * 1000),
      fmt(oneThread),
      fmt(1000 / oneThread),
      fmt(pooled[0]),
      fmt(pooled[1]),
      fmt(1000 / (pooled[1] as number)),
      scipy ? fmt(scipy.ms_per_query) : '-',
      scipy ? `${fmt(oneThread / scipy.ms_per_query)}x` : '-',
      scipy ? `${fmt(oneThreadCpu / scipy.cpu_per_query)}x` : '-',
      exact,
      fmt(peakRssMiB()),
    ])
  }
  printTable(
    [
      'docs',
      'build ms',
      'build us/doc',
      'ms/query 1 thread',
      'q/s 1 thread',
      'ms/query pool 1w',
      'ms/query pool 2w',
      'q/s pool 2w',
      'scipy ms/query',
      'ours / scipy (1 thread)',
      'same, CPU time',
      'rank_exact@10 vs scipy',
      'peak RSS MiB',
    ],
    rows,
  )
  return figures
}
