/**
 * BM25 beside bm25s (numba backend, its fastest; 1 thread), the library Python users pick: the same tokens
 * (ours, sent to bm25s as term lists; one query at a time, ours get the same lists, batched, our pool tokenizes
 * the query texts in its workers), corpora (Cranfield, Zipf 50k and 1M) and parameters (k1 1.2, b 0.75,
 * Lucene IDF). Batched means one call for all the queries on one thread on both sides: ours
 * `Bm25Index.searchTermsBatch` on the same term lists, bm25s one `retrieve` with `n_threads = 1`; our pool's batch
 * API (1 and 2 workers, query texts tokenized in the workers, hits cloned back) is printed beside it, not a goal.
 * Every repetition times ours and then bm25s, one query at a time and batched, so both see the same load; each ratio is the median of the per-repetition ratios, with their range. The top-10 is checked against
 * bm25s: bm25s scores omit the constant (k1 + 1) factor and sum in float32, so a rank agrees when our score /
 * (k1 + 1) equals its score to 1e-5 relative; a differing document there is a tie.
 */
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { loadBeir } from '../../src/corpus/load-beir.ts'
import { plainAnalyzerOptions } from '../../src/search/analyzer.ts'
import { type Bm25Index, buildBm25Index } from '../../src/search/bm25.ts'
import { createSearchIndex, defaultSearchConfig, tokenizerFor } from '../../src/search/index.ts'
import { SearchPool } from '../../src/search/pool/search-pool.ts'
import { fmt, printTable } from './measure.ts'
import { PeerProcess, type Spread, showSpread } from './peer.ts'
import { ratioSpread, spreadOf } from './spread.ts'
import { pythonMissing } from './python.ts'
import type { Bm25sFigures } from './report.ts'
import { zipfCorpus, zipfQueries } from './synthetic.ts'

interface Corpus {
  texts: string[]
  queries: string[]
  analyzer: typeof plainAnalyzerOptions
}

async function corpusOf(name: string, datasets: string, queryCount: number): Promise<Corpus | string> {
  if (name === 'cranfield') {
    const dataset = await loadBeir(resolve(datasets, 'cranfield'), { tenantId: 't' }).catch(() => undefined)
    if (!dataset) return `${resolve(datasets, 'cranfield')} is absent`
    const texts = dataset.corpus.documents.map((d) => d.text)
    return { texts, queries: dataset.queries.map((q) => q.text), analyzer: defaultSearchConfig.analyzer }
  }
  const texts = zipfCorpus(Number(name))
  return { texts, queries: zipfQueries(texts, queryCount), analyzer: plainAnalyzerOptions }
}

// Writes one line per item, in pieces (a 1M-document corpus is longer than the longest JS string).
function writeLines(path: string, items: readonly string[]): void {
  const fd = openSync(path, 'w')
  for (let i = 0; i < items.length; i += 10_000) writeSync(fd, `${items.slice(i, i + 10_000).join('\n')}\n`)
  closeSync(fd)
}

// Per query: identical ids, or the same scores rank by rank (a differing document is a tie), or different.
function exactness(bm25: Bm25Index, tokens: string[][], peer: Array<[number[], number[]]>): Record<string, number> {
  const scale = bm25.parts.params.k1 + 1
  const out = { same_ids: 0, ties_only: 0, different: 0 }
  tokens.forEach((q, i) => {
    const ours = bm25.searchTerms(q, 0, 10)
    const [ids, scores] = peer[i] as [number[], number[]]
    if (ours.length === ids.length && ours.every((h, r) => h.row === ids[r])) out.same_ids++
    else if (
      ours.length === ids.length &&
      ours.every((h, r) => Math.abs(h.score / scale - (scores[r] as number)) <= 1e-5 * (scores[r] as number))
    )
      out.ties_only++
    else out.different++
  })
  return out
}

async function oneCorpus(name: string, corpus: Corpus, reps: number, dir: string): Promise<Bm25sFigures> {
  const tokenize = tokenizerFor(corpus.analyzer)
  const chunks = corpus.texts.map((text, i) => ({ id: `d${String(i).padStart(7, '0')}`, tenantId: 't', text }))
  const t0 = performance.now()
  const bm25 = buildBm25Index(chunks, defaultSearchConfig.bm25, tokenize)
  const buildMs = performance.now() - t0
  // Only queries with a term in the corpus (bm25s cannot take an empty query); both sides get the same ones.
  const vocab = new Set(bm25.parts.terms)
  const queries = corpus.queries.filter((q) => tokenize(q).some((t) => vocab.has(t)))
  const tokens = queries.map((q) => tokenize(q).filter((t) => vocab.has(t)))
  writeLines(join(dir, 'docs.txt'), name === 'cranfield' ? chunks.map((c) => tokenize(c.text).join(' ')) : corpus.texts)
  writeLines(
    join(dir, 'queries.txt'),
    tokens.map((q) => q.join(' ')),
  )
  const peer = new PeerProcess('bm25s_peer.py', [join(dir, 'docs.txt'), join(dir, 'queries.txt'), 1.2, 0.75, 10], {
    NUMBA_NUM_THREADS: '1',
  })
  try {
    const ready = await peer.next<{ build_ms: number; results: Array<[number[], number[]]> }>()
    const config = { ...defaultSearchConfig, analyzer: corpus.analyzer }
    const index = createSearchIndex(config, { bm25, vector: undefined, texts: [], embedder: undefined })
    const batch = queries.map((query) => ({ query, tenantId: 't', k: 10 }))
    const pools = [1, 2].map((threads) => new SearchPool({ index }, { threads }))
    const series: Record<string, number[]> = { one: [], peerOne: [], batch: [], batch1: [], batch2: [], peerBatch: [] }
    // A pass over Cranfield's queries takes a few ms, less than one scheduler time slice on a loaded machine: each
    // timing repeats its pass `passes` times (both sides alike), enough for ~200 ms, sized on the warm-up.
    let passes = 1
    const time = async (fn: () => unknown) => {
      const s = performance.now()
      for (let i = 0; i < passes; i++) await fn()
      return (performance.now() - s) / queries.length / passes
    }
    const peerTime = async (command: string) =>
      (await peer.ask(`${command} ${passes}`)).wall_ms / queries.length / passes
    for (let rep = -1; rep < reps; rep++) {
      // rep -1 warms up both sides (JIT, workers); its times are dropped.
      const one = await time(() => tokens.forEach((q) => bm25.searchTerms(q, 0, 10)))
      const peerOne = await peerTime('one')
      const batched = await time(() => bm25.searchTermsBatch(tokens, 0, 10))
      const peerBatch = await peerTime('batch')
      const batched1 = await time(() => pools[0]!.searchBatch(batch))
      const batched2 = await time(() => pools[1]!.searchBatch(batch))
      if (rep < 0) {
        passes = Math.max(1, Math.min(50, Math.ceil(200 / (Math.min(one, batched) * queries.length))))
        continue
      }
      Object.entries({ one, peerOne, batch: batched, batch1: batched1, batch2: batched2, peerBatch }).forEach(
        ([k, v]) => series[k]!.push(v),
      )
    }
    await Promise.all(pools.map((p) => p.destroy()))
    return {
      docs: chunks.length,
      queries: queries.length,
      build_ms: buildMs,
      bm25s_build_ms: ready.build_ms,
      ms_per_query: spreadOf(series.one!),
      bm25s_ms_per_query: spreadOf(series.peerOne!),
      ratio_one: ratioSpread(series.one!, series.peerOne!),
      batch_ms_per_query: spreadOf(series.batch!),
      batch_pool1_ms_per_query: spreadOf(series.batch1!),
      batch_pool2_ms_per_query: spreadOf(series.batch2!),
      bm25s_batch_ms_per_query: spreadOf(series.peerBatch!),
      ratio_batch: ratioSpread(series.batch!, series.peerBatch!),
      ratio_batch_pool2: ratioSpread(series.batch2!, series.peerBatch!),
      exactness: exactness(bm25, tokens, ready.results),
    }
  } finally {
    await peer.close()
  }
}

/** Runs each corpus (`cranfield` or a Zipf size) against bm25s; figures keyed by corpus, {} when bm25s is absent. */
export async function benchBm25s(
  names: string[],
  datasets: string,
  queryCount: number,
  reps: number,
): Promise<Record<string, Bm25sFigures>> {
  console.log(`## BM25 beside bm25s 0.3 (numba, 1 thread), same tokens, k1 1.2, b 0.75, Lucene IDF, top 10\n`)
  const missing = pythonMissing(['bm25s', 'numba'])
  if (missing) {
    console.log(`  (bm25s not measured: ${missing})\n`)
    return {}
  }
  const figures: Record<string, Bm25sFigures> = {}
  for (const name of names) {
    const corpus = await corpusOf(name, datasets, queryCount)
    if (typeof corpus === 'string') {
      console.log(`  (skipped ${name}: ${corpus})`)
      continue
    }
    const dir = mkdtempSync(join(tmpdir(), 'vitest-rag-bm25s-'))
    try {
      figures[name] = await oneCorpus(name, corpus, reps, dir)
    } catch (error) {
      console.log(`  (bm25s ${name} not measured: ${(error as Error).message})`)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
    console.log(`  done ${name}`)
  }
  printBm25sTable(figures)
  return figures
}

function printBm25sTable(figures: Record<string, Bm25sFigures>): void {
  const s = (v: Spread) => showSpread(v)
  printTable(
    [
      'corpus',
      'docs',
      'queries',
      'build ms ours (tokenizing incl.) / bm25s',
      'ms/query one at a time: ours / bm25s',
      'ratio',
      'batched ms/query (1 thread): ours / bm25s',
      'ratio',
      'ours pool 1w ms/query',
      'ours pool 2w ms/query',
      'ratio pool 2w',
      'top-10 same ids / ties only / different',
    ],
    Object.entries(figures).map(([name, f]) => [
      name,
      String(f.docs),
      String(f.queries),
      `${fmt(f.build_ms)} / ${fmt(f.bm25s_build_ms)}`,
      `${s(f.ms_per_query)} / ${s(f.bm25s_ms_per_query)}`,
      s(f.ratio_one),
      `${s(f.batch_ms_per_query)} / ${s(f.bm25s_batch_ms_per_query)}`,
      s(f.ratio_batch),
      f.batch_pool1_ms_per_query ? s(f.batch_pool1_ms_per_query) : '-',
      s(f.batch_pool2_ms_per_query),
      s(f.ratio_batch_pool2),
      `${f.exactness.same_ids} / ${f.exactness.ties_only} / ${f.exactness.different}`,
    ]),
  )
  console.log('(median of the interleaved repetitions, range in brackets; ratios are ours / bm25s per repetition)\n')
}
