/**
 * The bundled golden set resolves 100% of its locators under both chunkers: ground truth names sources, so
 * re-chunking must never strand a case.
 */
import { describe, expect, test } from 'vitest'
import { resolveLocators } from '../../src/cases/resolve-locators.ts'
import { resolveConfig } from '../../src/config/resolve.ts'
import { chunkDocuments, parseChunkerSpec } from '../../src/corpus/chunk.ts'
import { loadKnowledgeBase } from '../../src/corpus/load-kb.ts'
import { readGoldenSet } from '../../src/evaluation/golden-set/golden-set.ts'
import { repoRoot } from '../helpers/run-vitest.ts'

describe('the sample golden set', () => {
  const config = resolveConfig({}, repoRoot, {})
  const set = readGoldenSet(config)
  const cases = set.files.flatMap((f) => f.parsed.cases.map((c) => c.case))

  test('parses with no problems', () => {
    expect(set.problems).toEqual([])
    expect(cases.length).toBeGreaterThanOrEqual(65)
  })

  test.each(['structural', 'fixed:800/100', 'fixed:300/50'])(
    'every locator resolves to at least one chunk under the %s chunker',
    async (spec) => {
      const corpus = await loadKnowledgeBase(config.corpus.root)
      const chunks = chunkDocuments(corpus.documents, parseChunkerSpec(spec))
      const resolved = resolveLocators(cases, corpus.documents, chunks)
      expect(resolved.problems).toEqual([])
      for (const c of cases) {
        const locators = c.expected_sources.length
        const hits = resolved.expected.get(c.case_id) ?? []
        // Every expected source maps to at least one chunk (hits are tagged with the locator they came from).
        if (locators > 0) expect(hits.length, c.case_id).toBeGreaterThanOrEqual(1)
        for (const source of c.expected_sources) {
          expect(
            hits.some((h) => JSON.stringify(h.locator) === JSON.stringify(source.locator)),
            `${c.case_id} ${JSON.stringify(source.locator)}`,
          ).toBe(true)
        }
      }
    },
  )
})
