/**
 * The dry-run estimate covers every call a run can pay for: the generator's answers, the judge's verdicts and
 * its one re-ask, the sources the pipeline shows (maxSources), and the embedder (corpus, queries, probe).
 */
import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { parseGoldenText } from '../../src/cases/parse-golden.ts'
import { resolveConfig } from '../../src/config/resolve.ts'
import { BUNDLED_PROMPTS_DIR } from '../../src/llm/prompts/load.ts'
import { estimateEvalCost, planModelCalls } from '../../src/evaluation/estimate.ts'
import type { GoldenSet } from '../../src/evaluation/golden-set/golden-set.ts'
import type { PreparedCorpus } from '../../src/corpus/prepare-corpus.ts'

const provider = (name: string, model: string) => ({
  name,
  baseURL: 'http://127.0.0.1:9/v1',
  apiKeyEnv: 'NO_KEY',
  model,
})
const models = {
  generator: { chain: [provider('gen', 'gen-small')] },
  judge: { chain: [provider('judge', 'judge-large')] },
  embedder: { chain: [provider('emb', 'text-embedding-3-small')] },
  prices: {
    'gen-small': { inputPerMillion: 1, outputPerMillion: 2 },
    'judge-large': { inputPerMillion: 10, outputPerMillion: 20 },
  },
}
const line = JSON.stringify({
  case_id: 'E-1',
  case_type: 'normal',
  tenant_id: 't',
  query: 'q'.repeat(40),
  answerable: true,
  question_type: 'simple',
  popularity: 'head',
  dynamism: 'static',
  expected_sources: [{ locator: { kind: 'doc', slug: 'a' } }],
})
const parsed = parseGoldenText(line, 'golden/e.golden.jsonl')
const set = {
  files: [{ file: 'golden/e.golden.jsonl', absolutePath: '/p/golden/e.golden.jsonl', parsed }],
  hash: parsed.hash,
  selected: new Set(['E-1']),
  expectedCases: 1,
  problems: [],
} as GoldenSet
// Two chunks of 400 characters: mean chunk 400.
const prepared = { chunks: [{ text: 'a'.repeat(400) }, { text: 'b'.repeat(400) }] } as unknown as PreparedCorpus
const chars = (name: string) => readFileSync(`${BUNDLED_PROMPTS_DIR}/${name}`, 'utf8').length

describe('the worst-case estimate', () => {
  test('a retrieval run on the vector arm still pays the embedder: corpus, queries and the dimension probe', () => {
    const config = resolveConfig({ mode: 'retrieval', search: { arm: 'vector' }, models }, '/p', {})
    // 800 corpus + 40 query + 15 ("dimension probe") = 855 chars -> ceil(855 / 4) = 214 tokens x $0.02/M.
    expect(planModelCalls(config, set, prepared)).toEqual([
      { model: 'text-embedding-3-small', promptChars: 855, maxTokens: 0 },
    ])
    expect(estimateEvalCost(config, set, prepared)?.totalUsd).toBeCloseTo((214 * 0.02) / 1e6, 15)
  })

  test("a system run counts the answer with maxSources sources, the verdict and the judge's re-ask", () => {
    const config = resolveConfig({ judge: 'model', pipeline: { maxSources: 5, maxTokens: 100 }, models }, '/p', {})
    const calls = planModelCalls(config, set, prepared)!
    // Answer: answer.md + 5 sources x 400 + 40 query; 100 output tokens.
    const answer = chars('answer.md') + 5 * 400 + 40
    // Verdict: judge.md + sources + the answer (100 tokens x 4 chars) + query; re-ask adds the bad reply (800 x 4).
    const verdict = chars('judge.md') + 5 * 400 + 100 * 4 + 0 + 40
    expect(calls).toEqual([
      { model: 'gen-small', promptChars: answer, maxTokens: 100 },
      { model: 'judge-large', promptChars: verdict, maxTokens: 800 },
      { model: 'judge-large', promptChars: verdict + 800 * 4, maxTokens: 800 },
    ])
    const usd = (tokensIn: number, tokensOut: number, price: { inputPerMillion: number; outputPerMillion: number }) =>
      (tokensIn * price.inputPerMillion + tokensOut * price.outputPerMillion) / 1e6
    const expected =
      usd(Math.ceil(answer / 4), 100, models.prices['gen-small']) +
      usd(Math.ceil(verdict / 4), 800, models.prices['judge-large']) +
      usd(Math.ceil((verdict + 3200) / 4), 800, models.prices['judge-large'])
    expect(estimateEvalCost(config, set, prepared)?.totalUsd).toBeCloseTo(expected, 15)
  })

  test("a system of your own (no generator) is still judged: the judge's verdict and re-ask are planned, no answer call", () => {
    const { generator: _, ...own } = models
    const config = resolveConfig({ judge: 'model', pipeline: { maxSources: 5, maxTokens: 100 }, models: own }, '/p', {})
    // The same verdict as above (its answer bounded at 100 tokens x 4 chars), without the gen-small answer call.
    const verdict = chars('judge.md') + 5 * 400 + 100 * 4 + 0 + 40
    expect(planModelCalls(config, set, prepared)).toEqual([
      { model: 'judge-large', promptChars: verdict, maxTokens: 800 },
      { model: 'judge-large', promptChars: verdict + 800 * 4, maxTokens: 800 },
    ])
  })

  test("responseRelevancy 'model' adds a question-writing call on the judge and an embeddings call per case", () => {
    const base = { judge: 'off' as const, pipeline: { maxTokens: 100 }, models }
    const off = planModelCalls(resolveConfig(base, '/p', {}), set, prepared)!
    const on = planModelCalls(resolveConfig({ ...base, responseRelevancy: 'model' }, '/p', {}), set, prepared)!
    // Questions: response-relevancy.md + the answer (100 tokens x 4 chars); room for 3 questions: 60 + 80 x 3.
    // Embeddings: the 40-char query and 3 generated questions of about 200 chars each.
    expect(on).toEqual([
      ...off,
      { model: 'judge-large', promptChars: chars('response-relevancy.md') + 400, maxTokens: 300 },
      { model: 'text-embedding-3-small', promptChars: 40 + 3 * 200, maxTokens: 0 },
    ])
    // A system of your own (no generator configured): the two calls are still planned.
    const { generator: _, ...own } = models
    const ownSystem = resolveConfig({ ...base, models: own, responseRelevancy: 'model' }, '/p', {})
    expect(planModelCalls(ownSystem, set, prepared)!.map((c) => c.model)).toEqual([
      'judge-large',
      'text-embedding-3-small',
    ])
  })

  test('an offline run plans no call', () => {
    expect(planModelCalls(resolveConfig({}, '/p', {}), set, prepared)).toBeUndefined()
  })
})
