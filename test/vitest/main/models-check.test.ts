/**
 * Model configuration problems are startup problems (issue #24, item 4): a key missing from the environment or
 * a model the client refuses is a line of the startup list, found before any case runs, not a failure per case.
 */
import { expect, test } from 'vitest'
import { resolveConfig } from '../../../src/config/resolve.ts'
import { modelConfigProblems } from '../../../src/vitest/main/models-check.ts'
import { formatProblems } from '../../../src/shared/problems/problems.ts'

const provider = (name: string, apiKeyEnv: string, model: string) => ({
  name,
  baseURL: 'http://127.0.0.1:9/v1',
  apiKeyEnv,
  model,
})
const prices = {
  'gen-x': { inputPerMillion: 1, outputPerMillion: 1 },
  'judge-y': { inputPerMillion: 1, outputPerMillion: 1 },
}

test('every provider of a chain the run calls needs its key: each missing variable is one line, named once', async () => {
  const config = resolveConfig(
    {
      judge: 'model',
      models: {
        generator: { chain: [provider('main', 'GEN_KEY', 'gen-x'), provider('backup', 'BACKUP_KEY', 'gen-x')] },
        judge: { chain: [provider('grader', 'GEN_KEY', 'judge-y')] },
        prices,
      },
    },
    '/p',
    {},
  )
  const problems = await modelConfigProblems(config, { BACKUP_KEY: 'sk-x' })
  // GEN_KEY is named twice (generator and judge) but reported once, where it is first named; BACKUP_KEY is set.
  expect(formatProblems(problems)).toBe(
    `ragEval options of project "evals": models.generator.chain[0].apiKeyEnv: GEN_KEY is not set, so provider "main" (gen-x) cannot be called (fix: set GEN_KEY in the environment of the run, or use models.cacheMode: 'replay' to answer from the cache)`,
  )
  expect(await modelConfigProblems(config, { GEN_KEY: 'a', BACKUP_KEY: 'b' })).toEqual([])
})

test('chains the run does not call need no key; replay mode and a dry run need none', async () => {
  const models = { judge: { chain: [provider('grader', 'JUDGE_KEY', 'judge-y')] }, prices }
  // The heuristic judge (default) and a module adapter: the judge chain is never called.
  const heuristic = resolveConfig({ adapter: { kind: 'module', path: 'bot.ts' }, models }, '/p', {})
  expect(await modelConfigProblems(heuristic, {})).toEqual([])
  const judged = { adapter: { kind: 'module' as const, path: 'bot.ts' }, judge: 'model' as const }
  expect(await modelConfigProblems(resolveConfig({ ...judged, models }, '/p', {}), {})).toHaveLength(1)
  const replay = resolveConfig({ ...judged, models: { ...models, cacheMode: 'replay' } }, '/p', {})
  expect(await modelConfigProblems(replay, {})).toEqual([])
  expect(await modelConfigProblems(resolveConfig({ ...judged, models, dryRun: true }, '/p', {}), {})).toEqual([])
})

test('a model the client refuses (no price) is a startup problem naming the models option', async () => {
  const config = resolveConfig(
    { judge: 'model', models: { generator: { chain: [provider('main', 'GEN_KEY', 'unpriced-z')] } } },
    '/p',
    {},
  )
  const problems = await modelConfigProblems(config, { GEN_KEY: 'a' })
  expect(problems.map((p) => [p.code, p.file, p.path])).toEqual([
    ['model_config', 'ragEval options of project "evals"', 'models'],
  ])
  expect(problems[0]?.message).toContain('unpriced-z')
})

test("responseRelevancy 'model' without models.judge or models.embedder is a startup problem naming each", async () => {
  const judgeOnly = { judge: { chain: [provider('grader', 'JUDGE_KEY', 'judge-y')] }, prices }
  const problems = await modelConfigProblems(
    resolveConfig({ responseRelevancy: 'model', models: judgeOnly }, '/p', {}),
    { JUDGE_KEY: 'k' },
  )
  expect(problems.map((p) => [p.code, p.path])).toEqual([['missing_model', 'models.embedder']])
  expect(problems[0]?.fix).toBe("add models.embedder (see docs/providers.md), or set responseRelevancy: 'off'")
  // No models at all: both are named; in retrieval mode nothing is scored, so nothing is needed.
  const none = await modelConfigProblems(resolveConfig({ responseRelevancy: 'model' }, '/p', {}), {})
  expect(none.map((p) => p.path)).toEqual(['models.judge', 'models.embedder'])
  // A dry run needs no key, but its estimate would leave the missing model's calls out: still a problem.
  const dry = resolveConfig({ responseRelevancy: 'model', models: judgeOnly, dryRun: true }, '/p', {})
  expect((await modelConfigProblems(dry, {})).map((p) => p.path)).toEqual(['models.embedder'])
  const retrieval = resolveConfig({ mode: 'retrieval', responseRelevancy: 'model' }, '/p', {})
  expect(await modelConfigProblems(retrieval, {})).toEqual([])
  // The embedder's key is needed too once it is configured.
  const both = { ...judgeOnly, embedder: { chain: [provider('emb', 'EMB_KEY', 'text-embedding-3-small')] } }
  const keys = await modelConfigProblems(resolveConfig({ responseRelevancy: 'model', models: both }, '/p', {}), {
    JUDGE_KEY: 'k',
  })
  expect(keys.map((p) => p.path)).toEqual(['models.embedder.chain[0].apiKeyEnv'])
})
