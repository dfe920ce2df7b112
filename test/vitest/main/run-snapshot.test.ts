import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { resolveConfig } from '../../../src/config/resolve.ts'
import { BUNDLED_PROMPTS_DIR } from '../../../src/llm/prompts/load.ts'
import { defaultGatePolicy } from '../../../src/report/gate/policy.ts'
import { PACKAGE_INFO } from '../../../src/shared/util/package-info.ts'
import { runConfigSnapshot } from '../../../src/vitest/main/run-snapshot.ts'
import { repoRoot } from '../../helpers/run-vitest.ts'

const identity = { packageVersion: PACKAGE_INFO.version, corpusFingerprint: 'corpus-1', goldenSetHash: 'golden-1' }

describe('the configuration snapshot of a scorecard', () => {
  test('records every default in force, not the options as written', () => {
    const snapshot = runConfigSnapshot(resolveConfig({}, repoRoot, {}), identity) as any
    // `pipeline: {}` as written; the pipeline runs with its confidence gate at 0.55 and 3 sources.
    expect(snapshot.pipeline).toEqual({
      name: 'reference-extractive',
      maxSources: 3,
      maxTokens: 400,
      gate: { minTopScore: 0.55, minMargin: 0, lookahead: 5 },
      extractive: {
        maxSentences: 2,
        minSentenceScore: 0.4,
        relativeFloor: 0.75,
        headingCredit: 0.5,
        minConflictScore: 0.3,
      },
    })
    expect(snapshot.gate.gatedMetrics).toEqual([...defaultGatePolicy.gatedMetrics])
    expect(snapshot.gate).toMatchObject({ gamingTolerance: 0.1, onGaming: 'warn' })
    expect(snapshot.tenantPattern).toBe('(?:^|/)tenants/([^/]+)/')
  })

  test('names what produced it: package, judge, claim checker, every prompt template, corpus and golden set', () => {
    const snapshot = runConfigSnapshot(resolveConfig({}, repoRoot, {}), identity) as any
    expect(snapshot.producedBy).toEqual({
      package: `vitest-rag@${PACKAGE_INFO.version}`,
      judge: 'heuristic-6',
      claimChecker: 'heuristic-claims-2@0.6',
      prompts: {
        'answer.md': 'answer@1',
        'rewrite.md': 'rewrite@1',
        'judge.md': 'judge@1',
        'judge-relevance.md': 'judge-relevance@1',
        'claims-extract.md': 'claims-extract@1',
        'claims-verify.md': 'claims-verify@2',
        'response-relevancy.md': 'response-relevancy@1',
        'synthesize-question.md': 'synthesize-question@1',
      },
      copyMinTokens: 5,
      corpusFingerprint: 'corpus-1',
      goldenSetHash: 'golden-1',
    })
  })

  test("the model judge's version is its prompt template's, from the project's own copy; the judge off is 'off'", () => {
    const prompts = mkdtempSync(join(tmpdir(), 'vitest-rag-prompts-'))
    const bundled = readFileSync(join(BUNDLED_PROMPTS_DIR, 'judge.md'), 'utf8')
    writeFileSync(join(prompts, 'judge.md'), bundled.replace(/^version: 1$/m, 'version: 2'))
    const models = { judge: { chain: [{ name: 'p', baseURL: 'http://127.0.0.1:9/v1', apiKeyEnv: 'K', model: 'm' }] } }
    const config = resolveConfig({ judge: 'model', claimMetrics: 'model', prompts, models }, repoRoot, {})
    const producedBy = (runConfigSnapshot(config, identity) as any).producedBy
    expect(producedBy).toMatchObject({ judge: 'judge@2', claimChecker: 'claims-extract@1+claims-verify@2' })
    expect(producedBy.prompts['judge.md']).toBe('judge@2')
    const off = resolveConfig({ judge: 'off' }, repoRoot, {})
    expect((runConfigSnapshot(off, identity) as any).producedBy).toMatchObject({ judge: 'off', claimChecker: 'off' })
  })

  test("response relevancy's producer is recorded only when it is on: template, judge and embedding models", () => {
    const provider = (model: string) => ({ name: 'p', baseURL: 'http://127.0.0.1:9/v1', apiKeyEnv: 'K', model })
    const models = { judge: { chain: [provider('judge-m')] }, embedder: { chain: [provider('emb-m')] } }
    const on = resolveConfig({ responseRelevancy: 'model', models }, repoRoot, {})
    expect((runConfigSnapshot(on, identity) as any).producedBy.responseRelevancy).toBe(
      'response-relevancy@1 judge-m+emb-m',
    )
    expect((runConfigSnapshot(resolveConfig({ models }, repoRoot, {}), identity) as any).producedBy).not.toHaveProperty(
      'responseRelevancy',
    )
  })

  test('never holds an API key: the key variable is named, its value never read; a pasted key is redacted', () => {
    const key = 'sk-live-0123456789abcdef'
    const models = {
      generator: {
        chain: [
          {
            name: 'p',
            baseURL: 'http://127.0.0.1:9/v1',
            apiKeyEnv: 'VITEST_RAG_TEST_KEY',
            model: 'gen',
            headers: { Authorization: `Bearer ${key}-header` },
          },
        ],
      },
    }
    const config = resolveConfig(
      { models, adapter: { kind: 'module', path: 'a.ts', options: { api_key: `${key}-option` } } },
      repoRoot,
      { VITEST_RAG_TEST_KEY: key },
    )
    process.env.VITEST_RAG_TEST_KEY = key
    try {
      const text = JSON.stringify(runConfigSnapshot(config, identity))
      expect(text).toContain('"apiKeyEnv":"VITEST_RAG_TEST_KEY"')
      expect(text).not.toContain('sk-live')
      expect(text).toContain('[redacted]')
    } finally {
      delete process.env.VITEST_RAG_TEST_KEY
    }
  })
})
