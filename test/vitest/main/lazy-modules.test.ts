import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { repoRoot, runNode, tempDir } from '../../helpers/run-vitest.ts'

/** The package (or our built module, by its path under dist/) a module URL belongs to. */
function owner(url: string): string {
  const pkg = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1]
  if (pkg) return pkg
  return /\/dist\/(.+)\.js$/.exec(url)?.[1] ?? url
}

let logged: Promise<string> | undefined

/** The fixture's module log, from one run shared by both tests (each run loads every entry module again). */
function moduleLog(): Promise<string> {
  logged ??= (async () => {
    const dir = tempDir('vitest-rag-lazy-')
    const log = join(dir, 'modules.log')
    const run = await runNode(join(repoRoot, 'test/fixtures/lazy-modules/load-entries.ts'), [log, join(dir, 'out')], {
      nodeArgs: ['--import', 'tsx'],
    })
    expect(run.output).toBe('')
    expect(run.code).toBe(0)
    return readFileSync(log, 'utf8')
  })()
  return logged
}

test('an offline run never loads the openai SDK, tinypool, flexsearch, the model judge or the search index; the report modules wait for the first case result; the first model call loads the SDK', async () => {
  const [toCall = '', rest = ''] = (await moduleLog()).split('--- worker ready to call\n')
  const [offline = '', modelCall = ''] = rest.split('--- model call\n')
  const loaded = new Set([...toCall.split('\n'), ...offline.split('\n')].filter(Boolean).map(owner))
  // What an offline run with a module adapter and the heuristic judge uses is loaded...
  for (const used of [
    'vitest/main/plugin',
    'vitest/main/global-setup',
    'evaluation/create-runtime',
    'system/adapter/function-adapter',
    'grading/judge/heuristic-judge',
    'zod',
  ])
    expect(loaded).toContain(used)
  // ...and what it does not use is not.
  for (const unused of [
    'openai',
    'tinypool',
    'flexsearch',
    'llm/chat-client',
    'llm/chain',
    'grading/judge/model-judge',
    'search/index',
    'search/pool/search-pool',
    'system/reference/pipeline',
    'system/adapter/http-adapter',
    'evaluation/estimate',
  ]) {
    expect(loaded).not.toContain(unused)
  }
  // The report's modules (scorecard, gate, report files) load once the first case result arrives, not before
  // the first case can start (the plugin loads the reporter at startup).
  for (const later of [
    'vitest/main/run-report',
    'vitest/main/run-scorecard',
    'report/scorecard/aggregate',
    'report/scorecard/render-html',
    'report/gate/evaluate',
  ])
    expect(loaded).not.toContain(later)
  expect(new Set(modelCall.split('\n').filter(Boolean).map(owner))).toContain('openai')
}, 60_000)

test("a worker's first system call waits for no grading module, corpus or zod: they load while the first calls run", async () => {
  const [toCall = ''] = (await moduleLog()).split('--- worker ready to call\n')
  const beforeCall = new Set(toCall.split('\n').filter(Boolean).map(owner))
  for (const used of ['vitest/worker/golden-runtime', 'evaluation/case-system', 'evaluation/base-record'])
    expect(beforeCall).toContain(used)
  for (const later of [
    'zod',
    'evaluation/evaluate-case',
    'corpus/prepare-corpus',
    'cases/schema',
    'system/sources/resolve-source',
    'grading/checks/hard-checks',
    'grading/judge/heuristic-judge',
    'report/scorecard/case-order',
  ])
    expect(beforeCall).not.toContain(later)
}, 60_000)
