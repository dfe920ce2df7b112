import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'
import { loadBeir } from '../../src/corpus/load-beir.ts'
import { ndcgAtK } from '../../src/grading/metrics/retrieval.ts'
import { plainAnalyzerOptions } from '../../src/search/analyzer.ts'
import { buildSearchIndex } from '../../src/search/index.ts'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const dir = path.resolve(repoRoot, '../shared/datasets/cranfield')

test.skipIf(!existsSync(dir))(
  'BM25 on Cranfield reproduces the Lucene-formula reference nDCG@10 of 0.3340 (needs ../shared/datasets/cranfield)',
  async () => {
    const dataset = await loadBeir(dir, { tenantId: 'cran' })
    const chunks = dataset.corpus.documents.map((d) => ({ id: d.key, tenantId: 'cran', text: d.text }))
    // The reference (dataset README): k1 1.2, b 0.75, tokenizer [a-z0-9]+, no stemming or stop words.
    const index = await buildSearchIndex(chunks, { arm: 'bm25', analyzer: plainAnalyzerOptions })
    let sum = 0
    let count = 0
    for (const query of dataset.queries) {
      const judged = dataset.qrels.get(query.id)
      if (!judged) continue
      const ranked = index.search(query.text, { tenantId: 'cran', k: 10 }).map((h) => h.chunkId)
      sum += ndcgAtK(ranked, judged, 10)
      count++
    }
    expect(count).toBe(225)
    expect(sum / count).toBeCloseTo(0.334, 3)
  },
)
