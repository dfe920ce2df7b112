import { describe, expect, test } from 'vitest'
import { ConfigError, resolveConfig, SAMPLE_KB_ROOT, snapshotConfig } from '../../src/config/resolve.ts'

describe('resolveConfig', () => {
  test('applies defaults: the bundled sample corpus, system mode, heuristic judge, 5% gate', () => {
    const config = resolveConfig({}, '/project', {})
    expect(config.corpus).toEqual({ kind: 'kb', root: SAMPLE_KB_ROOT })
    expect(config.mode).toBe('system')
    expect(config.judge).toBe('heuristic')
    expect(config.gate.maxRelativeDrop).toBe(0.05)
    expect(config.baseline).toBe('/project/baselines/evals.baseline.json')
  })

  test('a named baseline is remembered as named (so a missing file fails); none turns the comparison off', () => {
    expect(resolveConfig({}, '/p', {}).baselineNamedBy).toBeUndefined()
    expect(resolveConfig({}, '/p', { VITEST_RAG_BASELINE: 'nope.json' })).toMatchObject({ baseline: '/p/nope.json', baselineNamedBy: 'VITEST_RAG_BASELINE' })
    expect(resolveConfig({ baseline: 'b.json' }, '/p', {})).toMatchObject({ baseline: '/p/b.json', baselineNamedBy: 'the baseline option of ragEval()' })
    expect(resolveConfig({}, '/p', { VITEST_RAG_BASELINE: 'none' })).toMatchObject({ noBaseline: true, baseline: '/p/baselines/evals.baseline.json' })
  })

  test('environment variables override options (mode, sample, resume)', () => {
    const config = resolveConfig({ mode: 'system' }, '/p', { VITEST_RAG_MODE: 'retrieval', VITEST_RAG_SAMPLE: '12', VITEST_RAG_RESUME: '1' })
    expect([config.mode, config.sample, config.resume]).toEqual(['retrieval', 12, true])
  })

  test('every bad option is reported at once with its path', () => {
    let error: unknown
    try {
      resolveConfig({ mode: 'full' as never, ks: [0], gate: { maxRelativeDrop: 5 } }, '/p', {})
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(ConfigError)
    const message = (error as Error).message
    expect(message).toContain('mode:')
    expect(message).toContain('ks.0:')
    expect(message).toContain('gate.maxRelativeDrop:')
  })

  test('a bad models config fails at resolution, naming every problem', () => {
    expect(() => resolveConfig({ models: { generator: { chain: [{ name: 'x', baseURL: 'nope', model: 'm' }] } } }, '/p', {})).toThrow(
      /models: .*Invalid URL.*generator\.chain\[0\]\.baseURL.*generator\.chain\[0\]\.apiKeyEnv/,
    )
  })

  test('a bad environment override names the variable and the allowed values', () => {
    expect(() => resolveConfig({}, '/p', { VITEST_RAG_SAMPLE: 'ten' })).toThrow(/VITEST_RAG_SAMPLE="ten" must be a positive whole number/)
  })

  test('the snapshot in reports has paths relative to the root and nothing that looks like a secret', () => {
    const config = resolveConfig({ corpus: { kind: 'kb', root: 'kb' } }, '/p', {})
    // A key pasted into the options by mistake never reaches a report (pipeline options are free-form).
    ;(config.pipeline as Record<string, unknown>).apiKey = 'sk-should-not-appear'
    const snapshot = JSON.stringify(snapshotConfig(config))
    expect(snapshot).toContain('"root":"kb"')
    expect(snapshot).not.toContain('sk-should-not-appear')
  })
})
