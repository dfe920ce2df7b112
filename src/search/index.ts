/**
 * The search facade: one call builds every arm over a corpus's chunks, and `search` ranks ONE tenant's chunks
 * for a query with the configured (or a per-call) arm. Tenant isolation is structural: each arm keeps per-tenant
 * postings / rows / indexes and scores only the asked tenant's (see `tenant-layout.ts`); nothing is filtered
 * after scoring. Ranking is deterministic: score desc, then chunk id asc.
 */
import type { Chunk } from '../corpus/types.ts'
import { type AnalyzerOptions, analyze, defaultAnalyzerOptions } from './analyzer.ts'
import { type Bm25Index, type Bm25Params, type Tokenizer, buildBm25Index, defaultBm25Params } from './bm25.ts'
import type { Embedder } from './embedder.ts'
import { createHashEmbedder } from './embedder-hash.ts'
import { SearchError } from './errors.ts'
import { FlexsearchArm } from './flexsearch-arm.ts'
import { type FusionConfig, defaultFusionConfig, reciprocalRankFusion, weightedScoreFusion } from './fusion.ts'
import { type IndexableChunk, tenantNumber } from './tenant-layout.ts'
import type { RankedRow, SearchArm, SearchHit } from './types.ts'
import { type RowSlice, type VectorIndex, type VectorQuery, buildVectorIndex } from './vector.ts'

/** Re-exported so callers import the facade's types from the facade. */
export type { SearchArm, SearchHit } from './types.ts'

/** Search configuration: which arm answers by default, and each arm's parameters. Part of the index cache key. */
export interface SearchConfig {
  /** Default arm of `search` when the call names none. */
  arm: SearchArm
  bm25?: Bm25Params
  fusion?: FusionConfig
  analyzer?: AnalyzerOptions
}

/** {@link SearchConfig} with every field filled. */
export interface ResolvedSearchConfig {
  arm: SearchArm
  bm25: Bm25Params
  fusion: FusionConfig
  analyzer: AnalyzerOptions
}

/**
 * Default: the BM25 arm, Lucene BM25 parameters, RRF k = 60 over depth 100, the default analyzer. BM25 because it
 * is exact, needs no embedder, and measured best: nDCG@10 on Cranfield bm25 0.346 vs hybrid (with the offline hash
 * embedder) 0.329 and vector 0.271; on SQuAD2 paragraphs 0.895 vs 0.803 and 0.682 (`npm run bench`). With a real
 * embedding model, measure hybrid again on your KB before switching.
 */
export const defaultSearchConfig: ResolvedSearchConfig = Object.freeze({
  arm: 'bm25',
  bm25: defaultBm25Params,
  fusion: defaultFusionConfig,
  analyzer: defaultAnalyzerOptions,
})

/** Fills a partial config from {@link defaultSearchConfig}. */
export function resolveSearchConfig(config: Partial<SearchConfig> = {}): ResolvedSearchConfig {
  return {
    arm: config.arm ?? defaultSearchConfig.arm,
    bm25: { ...defaultSearchConfig.bm25, ...config.bm25 },
    fusion: config.fusion ?? defaultSearchConfig.fusion,
    analyzer: { ...defaultSearchConfig.analyzer, ...config.analyzer },
  }
}

/** Per-call search options. */
export interface SearchOptions {
  /** Only this tenant's chunks are scored. */
  tenantId: string
  /** How many hits at most (>= 0). */
  k: number
  /** Overrides the configured arm for this call. */
  arm?: SearchArm
}

/** The built index. */
export interface SearchIndex {
  readonly config: ResolvedSearchConfig
  /** Arms this index can answer (vector and hybrid need embeddings). */
  readonly arms: readonly SearchArm[]
  /** The embedder's id, when the vector arm is built. */
  readonly embedderId: string | undefined
  readonly chunkCount: number
  /**
   * Ranks the tenant's chunks. Synchronous; for the vector and hybrid arms the embedder must embed synchronously
   * (the hash embedder does), else use {@link SearchIndex.searchAsync}.
   */
  search(query: string, options: SearchOptions): SearchHit[]
  /** Like `search`, awaiting the embedder for the query embedding. */
  searchAsync(query: string, options: SearchOptions): Promise<SearchHit[]>
  /** Like `search` with the query's embedding already computed (a worker pool embeds queries up front). */
  searchWithEmbedding(query: string, embedding: Float32Array | undefined, options: SearchOptions): SearchHit[]
  /**
   * Vector-arm search of many embedded queries at once (queries of one tenant share passes over its rows). With
   * `slice`, only that part of each tenant's rows is scored (merge the parts' hits by score desc, chunk id asc).
   */
  searchVectorBatch(queries: readonly VectorQuery[], slice?: RowSlice): SearchHit[][]
  /** Embeds query texts with the index's embedder (for pools and batch runs). */
  embedQueries(queries: string[]): Promise<Float32Array[]>
  /** The underlying arms, for the pool and persistence. */
  readonly internals: SearchInternals
}

/** The plain pieces of a built index. */
export interface SearchInternals {
  bm25: Bm25Index
  vector: VectorIndex | undefined
  /** Chunk texts in row order (the flexsearch arm is built from them on first use). */
  texts: string[]
  embedder: Embedder | undefined
}

// How many chunk texts go to the embedder per call.
const embedBatchSize = 256

/**
 * Builds the index. BM25 always; vectors when an embedder is given or the configured arm needs them (then the
 * offline hash embedder is used); flexsearch lazily on first use.
 */
export async function buildSearchIndex(
  chunks: readonly Chunk[] | readonly IndexableChunk[],
  config: Partial<SearchConfig> = defaultSearchConfig,
  embedder?: Embedder,
): Promise<SearchIndex> {
  const resolved = resolveSearchConfig(config)
  const tokenize = tokenizerFor(resolved.analyzer)
  const bm25 = buildBm25Index(chunks, resolved.bm25, tokenize)
  const layout = bm25.parts.layout
  const byId = new Map<string, IndexableChunk>(chunks.map((c) => [c.id, c]))
  const texts = layout.chunkIds.map((id) => (byId.get(id) as IndexableChunk).text)
  const needsVectors = resolved.arm === 'vector' || resolved.arm === 'hybrid'
  const vectorEmbedder = embedder ?? (needsVectors ? createHashEmbedder() : undefined)
  let vector: VectorIndex | undefined
  if (vectorEmbedder) {
    const vectors: Float32Array[] = []
    for (let i = 0; i < texts.length; i += embedBatchSize)
      vectors.push(...(await vectorEmbedder.embed(texts.slice(i, i + embedBatchSize))))
    vector = buildVectorIndex(layout, vectors)
  }
  return createSearchIndex(resolved, { bm25, vector, texts, embedder: vectorEmbedder })
}

/** The analyzer as a tokenizer. */
export function tokenizerFor(analyzer: AnalyzerOptions): Tokenizer {
  const tokenize: Tokenizer = (text) => analyze(text, analyzer)
  // The plain analyzer's terms can be scanned by the build itself on ASCII text (`bm25-parts.ts`).
  tokenize.plainAscii = !analyzer.identifiers && !analyzer.stopWords && analyzer.stemmer === 'none'
  return tokenize
}

/** The best `k` rows as hits of `tenantId`, rows mapped to chunk ids. */
function hitsOf(chunkIds: readonly string[], rows: readonly RankedRow[], tenantId: string, k: number): SearchHit[] {
  return rows.slice(0, k).map(({ row, score }) => ({ chunkId: chunkIds[row] as string, tenantId, score }))
}

function requireVectorArm(vector: VectorIndex | undefined, arm: SearchArm): VectorIndex {
  if (!vector) {
    throw new SearchError(
      'VITEST_RAG_SEARCH_ARM_UNAVAILABLE',
      `the "${arm}" arm needs embeddings, but this index was built without them (pass an embedder to buildSearchIndex or configure arm "${arm}")`,
    )
  }
  return vector
}

function embedQuerySync(embedder: Embedder | undefined, query: string): Float32Array {
  if (!embedder?.embedSync) {
    throw new SearchError(
      'VITEST_RAG_SEARCH_ASYNC_EMBEDDER',
      `embedder "${embedder?.id}" embeds asynchronously; use searchAsync() for the vector and hybrid arms`,
    )
  }
  return embedder.embedSync([query])[0] as Float32Array
}

/** The hybrid arm: the BM25 rows and the vector rows (each to the fusion depth) fused by RRF or by weighted scores, best first. */
function fuseHybrid(
  fusion: FusionConfig,
  lexicalRows: readonly RankedRow[],
  vectorRows: readonly RankedRow[],
): RankedRow[] {
  const lexical = lexicalRows.map((r) => ({ key: r.row, score: r.score }))
  const semantic = vectorRows.map((r) => ({ key: r.row, score: r.score }))
  const fused =
    fusion.method === 'rrf'
      ? reciprocalRankFusion([lexical, semantic], fusion.k)
      : weightedScoreFusion([lexical, semantic], [fusion.weights.bm25, fusion.weights.vector])
  return fused.map((f) => ({ row: f.key, score: f.score }))
}

/** What one facade's searches share: its config, its arms, and the FlexSearch arm, built on first use. */
interface FacadeState {
  config: ResolvedSearchConfig
  internals: SearchInternals
  flex?: FlexsearchArm
}

/** Runs one search on `options.arm` (default: the configured arm), embedding the query when none is given. */
function searchOnArm(
  state: FacadeState,
  query: string,
  embedding: Float32Array | undefined,
  options: SearchOptions,
): SearchHit[] {
  const { config, internals } = state
  const { bm25, vector, texts, embedder } = internals
  const layout = bm25.parts.layout
  const toHits = (rows: readonly RankedRow[], tenantId: string, k: number): SearchHit[] =>
    hitsOf(layout.chunkIds, rows, tenantId, k)
  const requireVector = (arm: SearchArm): VectorIndex => requireVectorArm(vector, arm)
  const embedSync = (query: string): Float32Array => embedQuerySync(embedder, query)
  const arm = options.arm ?? config.arm
  const { tenantId, k } = options
  if (!(k > 0)) return []
  switch (arm) {
    case 'bm25':
      return toHits(bm25.search(query, tenantId, k), tenantId, k)
    case 'flexsearch':
      state.flex ??= new FlexsearchArm(layout, texts, bm25.tokenize)
      return toHits(state.flex.search(query, tenantId, k), tenantId, k)
    case 'vector':
      return toHits(requireVector(arm).search(embedding ?? embedSync(query), tenantId, k), tenantId, k)
    case 'hybrid': {
      const vec = requireVector(arm)
      if (tenantNumber(layout, tenantId) < 0) return []
      const depth = Math.max(k, config.fusion.depth)
      const semantic = vec.search(embedding ?? embedSync(query), tenantId, depth)
      return toHits(fuseHybrid(config.fusion, bm25.search(query, tenantId, depth), semantic), tenantId, k)
    }
    default:
      throw new SearchError(
        'VITEST_RAG_SEARCH_BAD_ARGUMENT',
        `unknown search arm "${String(arm)}" (expected one of bm25, vector, hybrid, flexsearch)`,
      )
  }
}

/** Embeds queries with the index's embedder, or fails when the index was built without one. */
async function embedQueriesWith(embedder: SearchInternals['embedder'], queries: string[]): Promise<Float32Array[]> {
  if (embedder) return embedder.embed(queries)
  throw new SearchError(
    'VITEST_RAG_SEARCH_ARM_UNAVAILABLE',
    'this index has no embedder (build it with one to embed queries)',
  )
}

/** Wraps built (or loaded, or shared) arms in the facade. */
export function createSearchIndex(
  config: ResolvedSearchConfig,
  internals: SearchInternals,
  embedderId = internals.embedder?.id,
): SearchIndex {
  const { bm25, vector } = internals
  const layout = bm25.parts.layout
  const state: FacadeState = { config, internals }
  const arms: SearchArm[] = vector ? ['bm25', 'vector', 'hybrid', 'flexsearch'] : ['bm25', 'flexsearch']
  const searchWithEmbedding = (
    query: string,
    embedding: Float32Array | undefined,
    options: SearchOptions,
  ): SearchHit[] => searchOnArm(state, query, embedding, options)
  const embedQueries = (queries: string[]): Promise<Float32Array[]> => embedQueriesWith(internals.embedder, queries)

  return {
    config,
    arms,
    embedderId: vector ? embedderId : undefined,
    chunkCount: layout.chunkIds.length,
    internals,
    search: (query, options) => searchWithEmbedding(query, undefined, options),
    searchAsync: async (query, options) => {
      const arm = options.arm ?? config.arm
      const embedding =
        (arm === 'vector' || arm === 'hybrid') && vector && options.k > 0 ? (await embedQueries([query]))[0] : undefined
      return searchWithEmbedding(query, embedding, options)
    },
    searchWithEmbedding,
    searchVectorBatch: (queries, slice) =>
      requireVectorArm(vector, 'vector')
        .searchBatch(queries, slice)
        .map((rows, i) =>
          hitsOf(layout.chunkIds, rows, (queries[i] as VectorQuery).tenantId, (queries[i] as VectorQuery).k),
        ),
    embedQueries,
  }
}
