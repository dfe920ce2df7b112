/**
 * BM25 on the seeded Zipf corpus: build time (linearity across N), ms/query in one thread and through the
 * pool with 1 and 2 workers, and the ratio to an exact scipy.sparse implementation of the same formula, its
 * passes interleaved with ours in every repetition (median and range), with a check that both return the same
 * top 10 (ids and scores).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SearchPool } from '../../src/search/pool/search-pool.ts'
import { buildBm25Index, type Bm25Index } from '../../src/search/bm25.ts'
import { plainAnalyzerOptions } from '../../src/search/analyzer.ts'
import { createSearchIndex, defaultSearchConfig, tokenizerFor } from '../../src/search/index.ts'
import { fmt, peakRssMiB, printTable } from './measure.ts'
import { PeerProcess, showSpread } from './peer.ts'
import type { Bm25Figures } from './report.ts'
import { ratioSpread, spreadOf } from './spread.ts'
import { zipfCorpus, zipfQueries } from './synthetic.ts'

// The plain analyzer (letter/digit runs) tokenises the pseudo-words exactly like split(' '), in this thread
// and in the workers (which rebuild the tokenizer from the config).
const config = { ...defaultSearchConfig, analyzer: plainAnalyzerOptions }

/** The scipy peer, alive for the interleaved passes, and its top 10 per query. */
interface ScipyPeer {
  process: PeerProcess
  results: Array<[number[], number[]]>
}

/** Starts `scipy_bm25.py` on the corpus; undefined (figures "not measured") when Python or scipy is missing. */
async function startScipy(docs: string[], queries: string[]): Promise<ScipyPeer | undefined> {
  const dir = mkdtempSync(join(tmpdir(), 'vitest-rag-bench-'))
  writeFileSync(join(dir, 'docs.txt'), docs.join('\n') + '\n')
  writeFileSync(join(dir, 'queries.txt'), queries.join('\n') + '\n')
  const process = new PeerProcess('scipy_bm25.py', [join(dir, 'docs.txt'), join(dir, 'queries.txt'), 1.2, 0.75, 10])
  try {
    const ready = await process.next<{ results: Array<[number[], number[]]> }>()
    return { process, results: ready.results }
  } catch (error) {
    console.log(`scipy peer not measured: ${(error as Error).message}`)
    await process.close()
    return undefined
  } finally {
    // The peer has read both files before its ready line (or failed): the copies of the corpus can go.
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * rank_exact@10 (tie-aware): ranks where our score equals scipy's to 1e-9 relative; "same doc" also needs the
 * same document (it can differ only between documents whose scores tie to ~1e-15).
 */
function rankExact(bm25: Bm25Index, queries: string[], results: Array<[number[], number[]]>) {
  let sameScore = 0
  let sameDoc = 0
  let total = 0
  queries.forEach((q, qi) => {
    const [ids, scores] = results[qi] as [number[], number[]]
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
  return { sameScore, sameDoc, total }
}

/** Per-repetition ms/query of each side (CPU: this process's user + system; scipy's its own). */
interface Series {
  one: number[]
  oneCpu: number[]
  pool1: number[]
  pool2: number[]
  scipy: number[]
  scipyCpu: number[]
}

/**
 * Times `reps` repetitions after one dropped warm-up: in each, our single-thread pass, scipy's pass, then the
 * pool with 1 and 2 workers, so a load spike hits both sides of a ratio.
 */
async function interleaved(bm25: Bm25Index, queries: string[], reps: number, peer?: ScipyPeer): Promise<Series> {
  const index = createSearchIndex(config, { bm25, vector: undefined, texts: [], embedder: undefined })
  const batch = queries.map((query) => ({ query, tenantId: 't', k: 10 }))
  const pools = [1, 2].map((threads) => new SearchPool({ index }, { threads }))
  const series: Series = { one: [], oneCpu: [], pool1: [], pool2: [], scipy: [], scipyCpu: [] }
  for (let rep = -1; rep < reps; rep++) {
    const c0 = process.cpuUsage()
    const t0 = performance.now()
    queries.forEach((q) => bm25.search(q, 't', 10))
    const one = (performance.now() - t0) / queries.length
    const cpu = process.cpuUsage(c0)
    const scipyPass = peer ? await peer.process.ask('one 1') : undefined
    const pooled: number[] = []
    for (const pool of pools) {
      const p0 = performance.now()
      await pool.searchBatch(batch)
      pooled.push((performance.now() - p0) / queries.length)
    }
    if (rep < 0) continue
    series.one.push(one)
    series.oneCpu.push((cpu.user + cpu.system) / 1000 / queries.length)
    series.pool1.push(pooled[0] as number)
    series.pool2.push(pooled[1] as number)
    if (scipyPass) {
      series.scipy.push(scipyPass.wall_ms / queries.length)
      series.scipyCpu.push(scipyPass.cpu_ms / queries.length)
    }
  }
  await Promise.all(pools.map((p) => p.destroy()))
  return series
}

/** One corpus size's figures: every timing the median of its repetitions, the spreads kept beside. */
async function oneSize(n: number, scipySize: number, queryCount: number, reps: number): Promise<Bm25Figures> {
  const docs = zipfCorpus(n)
  const queries = zipfQueries(docs, queryCount)
  const chunks = docs.map((text, i) => ({ id: `d${String(i).padStart(7, '0')}`, tenantId: 't', text }))
  const t0 = performance.now()
  const bm25 = buildBm25Index(chunks, config.bm25, tokenizerFor(config.analyzer))
  const buildMs = performance.now() - t0
  const peer = n === scipySize ? await startScipy(docs, queries) : undefined
  try {
    const s = await interleaved(bm25, queries, reps, peer)
    const measured = peer !== undefined && s.scipy.length > 0
    const tally = peer ? rankExact(bm25, queries, peer.results) : undefined
    return {
      build_ms: buildMs,
      build_us_per_doc: (buildMs / n) * 1000,
      ms_per_query: spreadOf(s.one).median,
      cpu_ms_per_query: spreadOf(s.oneCpu).median,
      pool1_ms_per_query: spreadOf(s.pool1).median,
      pool2_ms_per_query: spreadOf(s.pool2).median,
      spreads: {
        one: spreadOf(s.one),
        pool2: spreadOf(s.pool2),
        ...(measured ? { scipy: spreadOf(s.scipy), ratio: ratioSpread(s.one, s.scipy) } : {}),
      },
      ...(measured
        ? {
            scipy_ms_per_query: spreadOf(s.scipy).median,
            ratio_to_scipy: ratioSpread(s.one, s.scipy).median,
            cpu_ratio_to_scipy: ratioSpread(s.oneCpu, s.scipyCpu).median,
          }
        : {}),
      ...(tally
        ? {
            rank_exact_vs_scipy: tally.sameScore / tally.total,
            same_doc_vs_scipy: tally.sameDoc,
            ranks_vs_scipy: tally.total,
          }
        : {}),
      peak_rss_mib: peakRssMiB(),
    }
  } finally {
    await peer?.process.close()
  }
}

/** Runs the BM25 section for each corpus size (the scipy comparison on `scipySize` only); figures keyed by size. */
export async function benchBm25(
  sizes: number[],
  scipySize: number,
  queryCount: number,
  reps: number,
): Promise<Record<string, Bm25Figures>> {
  const figures: Record<string, Bm25Figures> = {}
  console.log(
    `## BM25, seeded Zipf corpus (s = 1.07, 100k words, 100-200 tokens/doc), ${queryCount} queries, top 10, median (range) of ${reps} interleaved repetitions\n`,
  )
  for (const n of sizes) figures[String(n)] = await oneSize(n, scipySize, queryCount, reps)
  printTable(
    [
      'docs',
      'build ms',
      'build us/doc',
      'ms/query 1 thread',
      'ms/query pool 1w',
      'ms/query pool 2w',
      'scipy ms/query',
      'ours / scipy (1 thread)',
      'same, CPU time',
      'rank_exact@10 vs scipy',
      'peak RSS MiB',
    ],
    Object.entries(figures).map(([n, f]) => [
      n,
      fmt(f.build_ms),
      fmt(f.build_us_per_doc),
      showSpread(f.spreads?.one),
      fmt(f.pool1_ms_per_query),
      showSpread(f.spreads?.pool2),
      showSpread(f.spreads?.scipy),
      f.spreads?.ratio ? `${showSpread(f.spreads.ratio)}x` : '-',
      f.cpu_ratio_to_scipy !== undefined ? `${fmt(f.cpu_ratio_to_scipy)}x` : '-',
      f.rank_exact_vs_scipy !== undefined
        ? `${fmt(f.rank_exact_vs_scipy)} (same doc ${f.same_doc_vs_scipy}/${f.ranks_vs_scipy})`
        : '-',
      fmt(f.peak_rss_mib),
    ]),
  )
  return figures
}
