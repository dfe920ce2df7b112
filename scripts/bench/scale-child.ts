/**
 * One measurement of the scale section (`scale-bench.ts`), in its own process; prints its figures as one JSON
 * line. Modes: `bm25 N QUERIES REPS`, `vector-build N D FILE`, `vector-load N D FILE QUERIES REPS`.
 */
import { SearchPool } from '../../src/search/pool/search-pool.ts'
import { plainAnalyzerOptions } from '../../src/search/analyzer.ts'
import { buildBm25Index } from '../../src/search/bm25.ts'
import { readSearchIndexFile, writeSearchIndexFile } from '../../src/search/files/index-file.ts'
import { createSearchIndex, defaultSearchConfig, tokenizerFor } from '../../src/search/index.ts'
import { searchIndexFromSnapshot, snapshotSearchIndex } from '../../src/search/snapshot.ts'
import type { Embedder } from '../../src/search/embedder.ts'
import { timeBest } from './measure.ts'
import { fillGaussian, zipfCorpus, zipfQueries } from './synthetic.ts'
import { gaussianIndex } from './vector-bench.ts'

const [mode, ...rest] = process.argv.slice(2)
const mib = (bytes: number) => bytes / 2 ** 20
const rss = () => process.memoryUsage().rss
const gc = (globalThis as { gc?: () => void }).gc

async function bm25(n: number, queryCount: number, reps: number): Promise<Record<string, number>> {
  const config = { ...defaultSearchConfig, analyzer: plainAnalyzerOptions }
  const docs = zipfCorpus(n)
  const queries = zipfQueries(docs, queryCount)
  const chunks = docs.map((text, i) => ({ id: `d${String(i).padStart(7, '0')}`, tenantId: 't', text }))
  const tokenize = tokenizerFor(config.analyzer)
  let t0 = performance.now()
  for (const doc of docs) tokenize(doc)
  const analyzeMs = performance.now() - t0
  gc?.()
  const before = rss()
  const peakBefore = process.resourceUsage().maxRSS * 1024
  t0 = performance.now()
  const cpu0 = process.cpuUsage()
  const index = buildBm25Index(chunks, config.bm25, tokenize)
  const buildMs = performance.now() - t0
  const buildCpu = process.cpuUsage(cpu0)
  // Memory the build added at its peak (maxRSS only grows; the corpus was already resident before).
  const buildRss = Math.max(rss(), process.resourceUsage().maxRSS * 1024, peakBefore) - before
  const p = index.parts
  const indexBytes = [
    p.termStart,
    p.postingStart,
    p.postingRows,
    p.postingTfs,
    p.termIdf,
    p.termMaxImpact,
    p.docNorm,
    p.avgDocLength,
    p.layout.rowStart,
  ].reduce((s, a) => s + a.byteLength, 0)
  let postings = 0
  for (const q of queries) {
    for (const term of new Set(tokenize(q))) {
      const j = p.terms.indexOf(term)
      if (j >= 0) postings += (p.postingStart[j + 1] as number) - (p.postingStart[j] as number)
    }
  }
  index.stats.scoredPostings = 0
  const timing = await timeBest(reps, () => queries.forEach((q) => index.search(q, 't', 10)))
  return {
    docs: n,
    analyze_ms: analyzeMs,
    index_ms: buildMs - analyzeMs,
    build_ms: buildMs,
    /** CPU time of the build, all threads (GC included): what a loaded machine does not inflate. */
    build_cpu_ms: (buildCpu.user + buildCpu.system) / 1000,
    build_us_per_doc: (buildMs / n) * 1000,
    build_rss_mib: mib(buildRss),
    index_mib: mib(indexBytes),
    ms_per_query: timing.wall / queryCount,
    cpu_ms_per_query: timing.cpu / queryCount,
    postings_per_query: postings / queryCount,
    scored_per_query: index.stats.scoredPostings / (queryCount * (reps + 1)),
  }
}

async function vectorBuild(n: number, d: number, file: string): Promise<Record<string, number>> {
  const { vector, buildMs, chunks } = gaussianIndex(n, d)
  const bm25 = buildBm25Index(chunks)
  const index = createSearchIndex(
    { ...defaultSearchConfig, arm: 'vector' },
    { bm25, vector, texts: chunks.map(() => ''), embedder: undefined },
  )
  const t0 = performance.now()
  await writeSearchIndexFile(file, snapshotSearchIndex(index), 'scale')
  const saveMs = performance.now() - t0
  const { statSync } = await import('node:fs')
  return { build_ms: buildMs, save_ms: saveMs, file_mib: mib(statSync(file).size) }
}

async function vectorLoad(
  n: number,
  d: number,
  file: string,
  queryCount: number,
  reps: number,
): Promise<Record<string, number>> {
  gc?.()
  const before = rss()
  let t0 = performance.now()
  const snapshot = readSearchIndexFile(file, 'scale')
  if (!snapshot?.vector) throw new Error(`no vector index in ${file}`)
  const loadMs = performance.now() - t0
  const loadRss = rss() - before
  const index = searchIndexFromSnapshot(snapshot)
  const vector = index.internals.vector!
  const { memory, quantized, matrix } = vector.parts
  const indexBytes = (memory ? memory.buffer.byteLength : matrix.byteLength) + (quantized?.rowStats.byteLength ?? 0)
  const queries = new Float32Array(queryCount * d)
  fillGaussian(queries, 99)
  const qv = Array.from({ length: queryCount }, (_, i) => queries.subarray(i * d, (i + 1) * d))
  vector.boundedStats.rescoredRows = 0
  const single = await timeBest(reps, () => qv.forEach((v) => vector.search(v, 't', 10)))
  const rescored = vector.boundedStats.rescoredRows / (queryCount * (reps + 1))
  const float = searchIndexFromSnapshot(snapshot, { kernel: 'float32' }).internals.vector!
  const singleFloat = await timeBest(1, () => qv.slice(0, 20).forEach((v) => float.search(v, 't', 10)))
  const batch = await timeBest(reps, () => vector.searchBatch(qv.map((v) => ({ vector: v, tenantId: 't', k: 10 }))))
  const lookup: Embedder = {
    id: 'bench-lookup',
    dimensions: d,
    embed: async (texts) => texts.map((t) => qv[Number(t)] as Float32Array),
  }
  const pool = new SearchPool(
    { index: createSearchIndex(index.config, { ...index.internals, embedder: lookup }) },
    { threads: 2, minQueriesPerTask: 1 },
  )
  await pool.searchBatch([{ query: '0', tenantId: 't', k: 10, arm: 'vector' }])
  let busy = 0
  t0 = performance.now()
  const some = qv.slice(0, Math.min(50, queryCount))
  for (let i = 0; i < some.length; i++) {
    await pool.searchBatch([{ query: String(i), tenantId: 't', k: 10, arm: 'vector' }])
    busy += Math.max(...pool.lastBusyMs)
  }
  const poolMs = (performance.now() - t0) / some.length
  await pool.destroy()
  return {
    load_ms: loadMs,
    load_rss_mib: mib(loadRss),
    index_mib: mib(indexBytes),
    load_rss_ratio: loadRss / indexBytes,
    ms_per_query: single.wall / queryCount,
    cpu_ms_per_query: single.cpu / queryCount,
    float32_ms_per_query: singleFloat.wall / 20,
    batch_ms_per_query: batch.wall / queryCount,
    pool2_ms_per_query: poolMs,
    pool2_busy_ms: busy / some.length,
    pool2_overhead_ms: poolMs - busy / some.length,
    rescored_per_query: rescored,
  }
}

const numbers = rest.map(Number)
const figures =
  mode === 'bm25'
    ? await bm25(numbers[0] as number, numbers[1] as number, numbers[2] as number)
    : mode === 'vector-build'
      ? await vectorBuild(numbers[0] as number, numbers[1] as number, rest[2] as string)
      : mode === 'vector-load'
        ? await vectorLoad(
            numbers[0] as number,
            numbers[1] as number,
            rest[2] as string,
            numbers[3] as number,
            numbers[4] as number,
          )
        : undefined
if (!figures) throw new Error(`scale-child: unknown mode ${mode}`)
console.log(JSON.stringify(figures))
