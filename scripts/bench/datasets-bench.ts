/**
 * The real corpora in `../shared/datasets` (BEIR layout, via `loadBeir`): index build time and, per arm,
 * ms/query, queries/s and nDCG@10 (whole documents as chunks; vector and hybrid use the offline hash embedder).
 */
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { loadBeir } from '../../src/corpus/load-beir.ts'
import { ndcgAtK } from '../../src/grading/metrics/retrieval.ts'
import { SearchPool } from '../../src/search/pool/search-pool.ts'
import { plainAnalyzerOptions } from '../../src/search/analyzer.ts'
import { buildSearchIndex } from '../../src/search/index.ts'
import { searchArms } from '../../src/search/types.ts'
import { fmt, peakRssMiB, printTable, timeBestWall } from './measure.ts'

/** Benchmarks each dataset folder under `root` that exists; figures as `dataset -> "analyzer/arm" -> name -> value`. */
export async function benchDatasets(
  root: string,
  names: string[],
  reps: number,
): Promise<Record<string, Record<string, Record<string, number>>>> {
  console.log('## Real corpora (../shared/datasets), top 10, one chunk per document\n')
  const rows: string[][] = []
  const figures: Record<string, Record<string, Record<string, number>>> = {}
  for (const name of names) {
    const dir = resolve(root, name)
    if (!existsSync(dir)) {
      console.log(`  (skipped ${name}: ${dir} is absent)`)
      continue
    }
    const dataset = await loadBeir(dir, { tenantId: 't' })
    const chunks = dataset.corpus.documents.map((doc) => ({ id: doc.key, tenantId: 't', text: doc.text }))
    const queries = dataset.queries.filter((q) => dataset.qrels.has(q.id))
    for (const [analyzerName, analyzer] of [
      ['default', undefined],
      ['plain', plainAnalyzerOptions],
    ] as const) {
      const t0 = performance.now()
      const bm25Only = await buildSearchIndex(chunks, { arm: 'bm25', ...(analyzer ? { analyzer } : {}) })
      const bm25Build = performance.now() - t0
      const t1 = performance.now()
      const index = await buildSearchIndex(chunks, { arm: 'hybrid', ...(analyzer ? { analyzer } : {}) })
      const fullBuild = performance.now() - t1
      void bm25Only
      for (const arm of searchArms) {
        const ms =
          (await timeBestWall(reps, () =>
            queries.forEach((q) => index.search(q.text, { tenantId: 't', k: 10, arm })),
          )) / queries.length
        let ndcg = 0
        for (const q of queries)
          ndcg += ndcgAtK(
            index.search(q.text, { tenantId: 't', k: 10, arm }).map((h) => h.chunkId),
            dataset.qrels.get(q.id)!,
            10,
          )
        let pooled = '-'
        let pooledMs: number | undefined
        if (arm === 'bm25') {
          const pool = new SearchPool({ index }, { threads: 2 })
          const batch = queries.map((q) => ({ query: q.text, tenantId: 't', k: 10, arm }))
          pooledMs = (await timeBestWall(reps, () => pool.searchBatch(batch), 3)) / queries.length
          pooled = fmt(pooledMs)
          await pool.destroy()
        }
        const perArm = (figures[name] ??= {})
        perArm[`${analyzerName}/${arm}`] = {
          docs: chunks.length,
          queries: queries.length,
          build_ms: arm === 'bm25' ? bm25Build : fullBuild,
          ms_per_query: ms,
          ...(pooledMs !== undefined ? { pool2_ms_per_query: pooledMs } : {}),
          ndcg_at_10: ndcg / queries.length,
        }
        rows.push([
          name,
          String(chunks.length),
          String(queries.length),
          analyzerName,
          arm,
          arm === 'bm25' ? fmt(bm25Build) : fmt(fullBuild),
          fmt(ms),
          fmt(1000 / ms),
          pooled,
          (ndcg / queries.length).toFixed(4),
          fmt(peakRssMiB()),
        ])
      }
    }
  }
  printTable(
    [
      'dataset',
      'docs',
      'queries',
      'analyzer',
      'arm',
      'build ms',
      'ms/query',
      'q/s',
      'ms/query pool 2w',
      'nDCG@10',
      'peak RSS MiB',
    ],
    rows,
  )
  console.log(
    'build ms: bm25 row = BM25 only; other rows = BM25 + hash embeddings (the hybrid index). flexsearch is built on first use, inside its first timed pass (warm-up).\n',
  )
  return figures
}
