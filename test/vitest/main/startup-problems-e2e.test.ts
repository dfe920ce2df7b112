/**
 * Startup problems are found before any case runs and printed once, together (issue #24, item 4): real Vitest
 * over temporary projects with bad options (a misspelt key, a missing corpus root, a chunker spec that does not
 * parse) and with a wrong adapter path beside a golden-file problem; a bad option in one of two projects stops
 * only that project.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { pluginUrl, repoRoot, runNode, tempDir } from '../../helpers/run-vitest.ts'

const vitestBin = join(repoRoot, 'node_modules/vitest/vitest.mjs')
const kb = join(repoRoot, 'test/fixtures/e2e/kb')
const goodCase = {
  case_id: 'S-1',
  case_type: 'normal',
  tenant_id: 'north',
  query: 'Which settings does the amber module use?',
  expected_sources: [{ locator: { kind: 'doc', slug: 'amber-n' } }],
}

/**
 * A project whose eval project calls `ragEval(<options>)` (source text) over golden/a.golden.jsonl, after the
 * `before` projects (source text) when given.
 */
function project(options: string, golden: object[] = [goodCase], before = ''): string {
  const dir = tempDir('vitest-rag-startup-')
  mkdirSync(join(dir, 'golden'))
  writeFileSync(join(dir, 'golden/a.golden.jsonl'), golden.map((c) => JSON.stringify(c)).join('\n') + '\n')
  writeFileSync(
    join(dir, 'vitest.config.mjs'),
    `import { ragEval } from ${JSON.stringify(pluginUrl)}\nexport default { test: { projects: [${before}{ plugins: [ragEval(${options})], test: { name: 'evals' } }] } }\n`,
  )
  return dir
}

function run(dir: string, args: string[] = []) {
  return runNode(vitestBin, ['run', '--root', dir, ...args], {
    cwd: dir,
    env: { VITEST_RAG_OUT_DIR: join(dir, 'out') },
  })
}

describe('startup problems, once and together', { timeout: 120_000 }, () => {
  test('bad options: every one listed with its project, field, and the closest name or the spelling meant', async () => {
    const result = await run(
      project(`{ adaptor: { kind: 'reference' }, corpus: { kind: 'kb' }, chunker: 'fixed-800' }`),
    )
    expect(result.code).toBe(1)
    expect(result.output).toContain(
      [
        `vitest-rag: 3 problems in the ragEval options of project "evals" (root ${result.output.match(/\(root ([^)]+)\)/)?.[1]}):`,
        'ragEval options of project "evals": corpus.root: is missing (fix: add "root": <string>)',
        'ragEval options of project "evals": adaptor: unknown field "adaptor" (fix: did you mean "adapter"?)',
        'ragEval options of project "evals": chunker: "fixed-800" is invalid: unknown chunker "fixed-800" (fix: did you mean "fixed:800"?)',
      ].join('\n'),
    )
    // The config file that holds them, and why nothing else ran.
    expect(result.output).toContain(
      '(the options are in vitest.config.mjs: fix it and run again)\n\nvitest-rag: stopped before any case ran (exit code 1).',
    )
    expect(result.output.split('problems in the ragEval options').length - 1).toBe(1)
    expect(result.output).not.toMatch(/Unhandled Error|No test files found|Serialized Error|    at /)
  })

  test('a bad option in one project stops that project only: the unit tests run, the problem is printed once, exit 1', async () => {
    const unit = `{ test: { name: 'unit', include: ['unit/**/*.test.mjs'] } }, `
    const dir = project(
      `{ adaptor: { kind: 'reference' }, corpus: { kind: 'kb', root: ${JSON.stringify(kb)} } }`,
      [goodCase],
      unit,
    )
    mkdirSync(join(dir, 'unit'))
    writeFileSync(
      join(dir, 'unit/sum.test.mjs'),
      "import { expect, test } from 'vitest'\ntest('adds two numbers', () => expect(1 + 1).toBe(2))\n",
    )
    const problem = [
      'ragEval options of project "evals": adaptor: unknown field "adaptor" (fix: did you mean "adapter"?)',
      '(the options are in vitest.config.mjs; project "evals" does not run, the other projects do, and the run fails at the end: fix it and run again)',
    ].join('\n')
    // --reporter=verbose names each test that ran; the plugin's own reporter is added beside it.
    const all = await run(dir, ['--reporter=verbose'])
    expect(all.code, all.output).toBe(1)
    expect(all.output).toMatch(/✓ \|?unit\|? unit\/sum\.test\.mjs > adds two numbers/)
    expect(all.output).toMatch(/Tests\s+1 passed \(1\)/)
    expect(all.output.split(problem).length - 1).toBe(1)
    // On stderr (the test results are on stdout, so the two streams' order is not seen here); the closing line
    // comes last and says why the run failed.
    expect(all.stderr).toContain('adaptor: unknown field "adaptor"')
    expect(all.stderr.trimEnd().split('\n').at(-1)).toBe(
      'vitest-rag: project "evals" did not run (bad ragEval options, listed at the start) and counts as failed: exit code 1.',
    )
    expect(all.output).not.toMatch(/No test files found|Unhandled Error|stopped before any case ran|    at /)

    // The broken project alone: nothing else would run, so the run stops at startup as before.
    const alone = await run(dir, ['--project', 'evals'])
    expect(alone.code, alone.output).toBe(1)
    expect(alone.output).toContain(
      'adaptor: unknown field "adaptor" (fix: did you mean "adapter"?)\n(the options are in vitest.config.mjs: fix it and run again)\n\nvitest-rag: stopped before any case ran (exit code 1).',
    )
    expect(alone.output).not.toContain('sum.test.mjs')

    // The unit project alone: the broken project is not selected, so it does not stop the run (it used to).
    const unitOnly = await run(dir, ['--project', 'unit'])
    expect(unitOnly.code, unitOnly.output).toBe(0)
    expect(unitOnly.output).not.toContain('ragEval options')
  })

  test('a wrong adapter path and a missing model key are lines of the same list as a golden problem', async () => {
    // The model judge's provider names an API key variable the environment lacks (checked at startup since #24).
    const models = `models: { judge: { chain: [{ name: 'j', baseURL: 'http://127.0.0.1:9/v1', apiKeyEnv: 'VITEST_RAG_TEST_ABSENT_KEY', model: 'gpt-4o-mini' }] } }, judge: 'model'`
    const dir = project(
      `{ corpus: { kind: 'kb', root: ${JSON.stringify(kb)} }, adapter: { kind: 'module', path: 'evals/mybot.ts' }, ${models} }`,
      [goodCase, { ...goodCase, case_id: 'S-2', tenant_id: 'nort' }],
    )
    mkdirSync(join(dir, 'evals'))
    writeFileSync(
      join(dir, 'evals/my-bot.ts'),
      'export default (input: { query: string }) => ({ answer: input.query, retrieved: [] })\n',
    )
    const result = await run(dir)
    expect(result.code).toBe(1)
    expect(result.output).toContain('vitest-rag: found 3 problems; no case was run:')
    expect(result.output).toContain(
      'ragEval options of project "evals": models.judge.chain[0].apiKeyEnv: VITEST_RAG_TEST_ABSENT_KEY is not set, so provider "j" (gpt-4o-mini) cannot be called',
    )
    expect(result.output).toMatch(/golden\/a\.golden\.jsonl:2: tenant_id: .*"nort"/)
    expect(result.output).toContain(
      `ragEval options of project "evals": adapter.path: "evals/mybot.ts" does not exist (looked at ${join(dir, 'evals/mybot.ts')}) (fix: did you mean "evals/my-bot.ts"?)`,
    )
    expect(result.output).not.toMatch(/Cannot find module|Unhandled Error|No test files found|    at /)
  })

  test('a schema problem and a tenant typo in another line are listed together (the typo used to wait for the fix)', async () => {
    const dir = project(`{ corpus: { kind: 'kb', root: ${JSON.stringify(kb)} } }`, [
      { ...goodCase, case_type: 'faq' },
      { ...goodCase, case_id: 'S-2', tenant_id: 'nort' },
    ])
    const result = await run(dir)
    expect(result.code).toBe(1)
    expect(result.output).toContain('vitest-rag: the golden set has 2 problems; no case was run:')
    expect(result.output).toContain('golden/a.golden.jsonl:1: case_type: "faq" is not allowed')
    expect(result.output).toMatch(/golden\/a\.golden\.jsonl:2: tenant_id: .*"nort"/)
  })

  test('an adapter module that exports no adapter is reported at startup, imported through Vite (TypeScript)', async () => {
    const dir = project(
      `{ corpus: { kind: 'kb', root: ${JSON.stringify(kb)} }, adapter: { kind: 'module', path: 'bot.ts' } }`,
    )
    writeFileSync(join(dir, 'bot.ts'), 'export const answer: string = "no default export"\n')
    const result = await run(dir)
    expect(result.code).toBe(1)
    expect(result.output).toContain(
      'ragEval options of project "evals": adapter.path: bot.ts exports no adapter (fix: export default a RagAdapter ({ name, run(input) }) or a function (input) => output, or export createAdapter(options))',
    )
    expect(result.output).not.toMatch(/Tests\s+\d+ (passed|failed)/)
  })
})
