/**
 * Retrieval mode runs the same query rewrite as system mode, so with a generator configured its cost estimate
 * plans exactly the rewrites: one per case with history, nothing else.
 */
import { describe, expect, test } from 'vitest'
import { resolveConfig } from '../../src/config/resolve.ts'
import { planModelCalls } from '../../src/evaluation/estimate.ts'
import { readGoldenSet } from '../../src/evaluation/golden-set/golden-set.ts'
import { prepareCorpus } from '../../src/corpus/prepare-corpus.ts'
import { repoRoot } from '../helpers/run-vitest.ts'

const models = {
  generator: {
    chain: [{ name: 'local', baseURL: 'http://127.0.0.1:9/v1', apiKeyEnv: 'NO_SUCH_KEY', model: 'gen-small' }],
  },
}

describe('the cost estimate per mode', () => {
  test('retrieval mode plans one rewrite per multi-turn case; system mode adds an answer per case', async () => {
    const retrieval = resolveConfig({ models, mode: 'retrieval' }, repoRoot, {})
    const set = readGoldenSet(retrieval)
    const prepared = await prepareCorpus(retrieval.corpus, retrieval.chunker)
    const withHistory = set.files.flatMap((f) => f.parsed.cases).filter(({ case: c }) => c.history.length > 0).length
    expect(withHistory).toBe(10) // the sample's 10 multi_turn cases
    expect(planModelCalls(retrieval, set, prepared)).toHaveLength(10)
    // System mode: 10 rewrites + 85 answers (the heuristic judge calls no model).
    expect(planModelCalls(resolveConfig({ models, mode: 'system' }, repoRoot, {}), set, prepared)).toHaveLength(95)
  })
})
