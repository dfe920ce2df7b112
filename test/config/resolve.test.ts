import { describe, expect, test } from 'vitest'
import {
  baselineAcceptCommand,
  ConfigError,
  projectDefaults,
  resolveConfig,
  SAMPLE_KB_ROOT,
  snapshotConfig,
} from '../../src/config/resolve.ts'
import type { RagEvalOptions } from '../../src/config/schema.ts'

describe('resolveConfig', () => {
  test('applies defaults: the bundled sample corpus, system mode, heuristic judge, 5% gate', () => {
    const config = resolveConfig({}, '/project', {})
    expect(config.corpus).toEqual({ kind: 'kb', root: SAMPLE_KB_ROOT })
    expect(config.mode).toBe('system')
    expect(config.judge).toBe('heuristic')
    expect(config.gate.maxRelativeDrop).toBe(0.05)
    expect(config.baseline).toBe('/project/baselines/evals.baseline.json')
    expect(config.outDir).toBe('/project/.vitest-rag/evals')
    expect(config.project).toBe('evals')
  })

  test('the baseline and output folder default per Vitest project; explicit paths win', () => {
    const squad = resolveConfig({}, '/project', {}, 'squad')
    expect([squad.baseline, squad.outDir]).toEqual([
      '/project/baselines/squad.baseline.json',
      '/project/.vitest-rag/squad',
    ])
    // A name with spaces or slashes stays one file-name part.
    expect(projectDefaults('evals (squad/v2)')).toEqual({
      baseline: 'baselines/evals-squad-v2-.baseline.json',
      outDir: '.vitest-rag/evals-squad-v2-',
    })
    const own = resolveConfig({ baseline: 'b.json', outDir: 'out' }, '/project', {}, 'squad')
    expect([own.baseline, own.outDir]).toEqual(['/project/b.json', '/project/out'])
  })

  test('the feedback queue sits in the output folder by default, follows a moved one, and can be placed or turned off', () => {
    expect(resolveConfig({}, '/project', {}, 'squad').feedbackQueue).toBe(
      '/project/.vitest-rag/squad/feedback-queue.jsonl',
    )
    expect(resolveConfig({ outDir: 'out' }, '/project', {}).feedbackQueue).toBe('/project/out/feedback-queue.jsonl')
    const placed = resolveConfig({ feedbackQueue: 'golden/feedback.jsonl' }, '/project', {})
    expect(placed.feedbackQueue).toBe('/project/golden/feedback.jsonl')
    expect(snapshotConfig(placed).feedbackQueue).toBe('golden/feedback.jsonl') // no absolute path in reports
    expect(resolveConfig({ feedbackQueue: false }, '/project', {}).feedbackQueue).toBe(false)
  })

  test('the accept command the gate prints names the project and any moved path, so it works as printed', () => {
    const accept = (options: RagEvalOptions, project?: string) =>
      baselineAcceptCommand(resolveConfig(options, '/p', {}, project))
    expect(accept({})).toBe('npx vitest-rag baseline accept')
    expect(accept({}, 'squad')).toBe('npx vitest-rag baseline accept --project squad')
    expect(accept({ outDir: 'out/rag', baseline: 'gates/main.json' }, 'squad')).toBe(
      'npx vitest-rag baseline accept --project squad --scorecard out/rag/scorecard.json --baseline gates/main.json',
    )
    // A name the shell would split is quoted.
    expect(accept({}, "my suite's")).toBe("npx vitest-rag baseline accept --project 'my suite'\\''s'")
  })

  test('a named baseline is remembered as named (so a missing file fails); none turns the comparison off', () => {
    expect(resolveConfig({}, '/p', {}).baselineNamedBy).toBeUndefined()
    expect(resolveConfig({}, '/p', { VITEST_RAG_BASELINE: 'nope.json' })).toMatchObject({
      baseline: '/p/nope.json',
      baselineNamedBy: 'VITEST_RAG_BASELINE',
    })
    expect(resolveConfig({ baseline: 'b.json' }, '/p', {})).toMatchObject({
      baseline: '/p/b.json',
      baselineNamedBy: 'the baseline option of ragEval()',
    })
    expect(resolveConfig({}, '/p', { VITEST_RAG_BASELINE: 'none' })).toMatchObject({
      noBaseline: true,
      baseline: '/p/baselines/evals.baseline.json',
    })
  })

  test('environment variables override options (mode, sample, resume)', () => {
    const config = resolveConfig({ mode: 'system' }, '/p', {
      VITEST_RAG_MODE: 'retrieval',
      VITEST_RAG_SAMPLE: '12',
      VITEST_RAG_RESUME: '1',
    })
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
    expect(message.split('\n')).toEqual([
      'vitest-rag: 3 problems in the ragEval options of project "evals" (root /p):',
      'ragEval options of project "evals": mode: "full" is not allowed (fix: one of "retrieval", "system")',
      'ragEval options of project "evals": ks[0]: 0 is out of range (fix: Too small: expected number to be >0)',
      'ragEval options of project "evals": gate.maxRelativeDrop: 5 is out of range (fix: Too big: expected number to be <=1)',
    ])
  })

  test('an HTTP adapter URL must use the http or https scheme (file and ftp are refused at resolution)', () => {
    expect(
      resolveConfig({ adapter: { kind: 'http', url: 'https://bot.example/rag' } }, '/p', {}).adapter,
    ).toMatchObject({ url: 'https://bot.example/rag' })
    for (const url of ['file:///etc/passwd', 'ftp://bot.example/rag']) {
      expect(() => resolveConfig({ adapter: { kind: 'http', url } }, '/p', {}), url).toThrow(
        /adapter\.url: .* is malformed \(fix: must be an http:\/\/ or https:\/\/ URL\)/,
      )
    }
  })

  test('a bad models config fails at resolution, naming every problem', () => {
    // Deliberately wrong for the type too (no apiKeyEnv): a JavaScript config has no type checker.
    const models = {
      generator: { chain: [{ name: 'x', baseURL: 'nope', model: 'm' }] },
    } as unknown as RagEvalOptions['models']
    expect(() => resolveConfig({ models }, '/p', {})).toThrow(
      /models\.generator\.chain\[0\]\.baseURL: .*Invalid URL[\s\S]*models\.generator\.chain\[0\]\.apiKeyEnv: /,
    )
  })

  test('an unknown option gets the closest known name, a missing field says what to add, a bad chunker the spelling meant', () => {
    // Before, these read "(options): Unrecognized key", "Invalid input: expected string, received undefined",
    // and the chunker passed resolution to fail in every worker.
    expect(() =>
      resolveConfig(
        { adaptor: { kind: 'reference' }, corpus: { kind: 'kb' }, chunker: 'structural-1500' } as never,
        '/p',
        {},
        'squad',
      ),
    ).toThrow(
      [
        'vitest-rag: 3 problems in the ragEval options of project "squad" (root /p):',
        'ragEval options of project "squad": corpus.root: is missing (fix: add "root": <string>)',
        'ragEval options of project "squad": adaptor: unknown field "adaptor" (fix: did you mean "adapter"?)',
        'ragEval options of project "squad": chunker: "structural-1500" is invalid: unknown chunker "structural-1500" (fix: did you mean "structural:1500"?)',
      ].join('\n'),
    )
  })

  test('a bad environment override names the variable and the allowed values', () => {
    expect(() => resolveConfig({}, '/p', { VITEST_RAG_SAMPLE: 'ten' })).toThrow(
      /VITEST_RAG_SAMPLE="ten" must be a positive whole number/,
    )
    // Tenancy is strict unless asked; a tenantPattern that does not compile is refused at the edge.
    expect(resolveConfig({}, '/p', {}).tenancy).toBe('strict')
    expect(() => resolveConfig({ tenantPattern: 'tenants/([^/]+' }, '/p', {})).toThrow(
      /tenantPattern: .*not a valid regular expression/,
    )
  })

  test('the snapshot in reports has paths relative to the root and nothing that looks like a secret', () => {
    // A key pasted into the options by mistake never reaches a report (a module adapter's options are free-form JSON).
    const config = resolveConfig(
      {
        corpus: { kind: 'kb', root: 'kb' },
        adapter: { kind: 'module', path: 'a.ts', options: { apiKey: 'sk-should-not-appear' } },
      },
      '/p',
      {},
    )
    const snapshot = JSON.stringify(snapshotConfig(config))
    expect(snapshot).toContain('"root":"kb"')
    expect(snapshot).not.toContain('sk-should-not-appear')
  })
})
