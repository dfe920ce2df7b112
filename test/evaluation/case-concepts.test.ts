/**
 * A case's concept metrics over a real (tiny) corpus: the retrieved context is the top 5 items' texts (the
 * corpus text a reference resolves to, or the item's own text), the answer is the answer.
 */
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { GoldenCaseSchema } from '../../src/cases/schema.ts'
import { prepareCorpus } from '../../src/corpus/prepare-corpus.ts'
import { caseConceptMetrics, retrievedContext } from '../../src/evaluation/case-concepts.ts'
import { createSourceResolver } from '../../src/system/sources/resolve-source.ts'
import { resolveOutput } from '../../src/system/resolved-output.ts'
import type { SystemOutput } from '../../src/system/adapter/types.ts'
import { repoRoot } from '../helpers/run-vitest.ts'

const prepared = await prepareCorpus({ kind: 'kb', root: join(repoRoot, 'test/fixtures/kb-mini') }, 'structural')
const resolver = createSourceResolver(prepared.corpus.documents, prepared.chunks)
// The acme seats doc's "Limits" section: "Starter allows 5 seats. Team allows 50 seats. Enterprise has no seat limit."
const SEATS = 'acme/doc/billing/seats#30a5cf6cd914381e'

const moduleCase = {
  case: GoldenCaseSchema.parse({
    case_id: 'GC-1',
    case_type: 'normal',
    tenant_id: 'acme',
    query: 'How many seats does Team allow?',
    expected_sources: [{ locator: { kind: 'doc', slug: 'billing/seats' } }],
    concepts: [
      { id: 'Team', grade: 'required' },
      { id: 'seat limit', grade: 'required', aliases: ['seats'] },
      { id: 'Globex', grade: 'irrelevant' },
      { id: 'Enterprise', grade: 'irrelevant' },
    ],
  }),
  line: 1,
  caseHash: 'h',
  expected: [],
  spans: [],
}

describe('caseConceptMetrics', () => {
  test('context from the corpus text, answer from the answer: recall and intrusion per side, hand-counted', () => {
    const output: SystemOutput = {
      retrieved: [{ chunkId: SEATS, tenantId: 'acme' }, { text: 'Globex support portal' }],
      answer: 'The Team plan allows 50 seats.',
    }
    const resolved = resolveOutput(resolver, output, 'acme')
    expect(retrievedContext(prepared, resolved)).toContain('Team allows 50 seats')
    // Context: Team and seats (alias) found -> recall 2/2 = 1; Enterprise (corpus text) and Globex (item text)
    // both found -> intrusion 2/2 = 1. Answer: Team, seats -> 1; neither irrelevant concept -> 0.
    expect(caseConceptMetrics(prepared, resolved, moduleCase)).toEqual({
      context: { concept_recall_context: 1, concept_intrusion_context: 1 },
      answer: { concept_recall_answer: 1, concept_intrusion_answer: 0 },
    })
  })

  test('only the top 5 retrieved items are context; no answer gives no answer metrics', () => {
    const filler = Array.from({ length: 5 }, (_, i) => ({ text: `filler passage ${i}` }))
    const resolved = resolveOutput(resolver, { retrieved: [...filler, { chunkId: SEATS }] }, 'acme')
    // The seats chunk is 6th: nothing found -> recall 0/2 = 0, intrusion 0/2 = 0.
    expect(caseConceptMetrics(prepared, resolved, moduleCase)).toEqual({
      context: { concept_recall_context: 0, concept_intrusion_context: 0 },
      answer: {},
    })
  })
})
