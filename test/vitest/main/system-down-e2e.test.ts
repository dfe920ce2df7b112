/**
 * A system that is down stops the run early with one message (issue #24, item 5): real Vitest over a temporary
 * project whose HTTP adapter points at a 127.0.0.1 port nothing listens on, over the e2e fixture's golden file
 * (10 cases) and knowledge base.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { renderConsoleSummary } from '../../../src/report/scorecard/render-console.ts'
import { pluginUrl, repoRoot, runNode, tempDir } from '../../helpers/run-vitest.ts'

const vitestBin = join(repoRoot, 'node_modules/vitest/vitest.mjs')
const fixture = join(repoRoot, 'test/fixtures/e2e')

/** A port on 127.0.0.1 that was free a moment ago and now refuses connections. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const port = (server.address() as { port: number }).port
  await new Promise<void>((done) => server.close(() => done()))
  return port
}

function project(url: string, extra = ''): string {
  const dir = tempDir('vitest-rag-system-down-')
  mkdirSync(join(dir, 'golden'))
  copyFileSync(join(fixture, 'golden/a.golden.jsonl'), join(dir, 'golden/a.golden.jsonl'))
  const options = `{ corpus: { kind: 'kb', root: ${JSON.stringify(join(fixture, 'kb'))} }, adapter: { kind: 'http', url: ${JSON.stringify(url)} }, outDir: 'out'${extra} }`
  writeFileSync(
    join(dir, 'vitest.config.mjs'),
    `import { ragEval } from ${JSON.stringify(pluginUrl)}\nexport default { test: { projects: [{ plugins: [ragEval(${options})], test: { name: 'evals' } }] } }\n`,
  )
  return dir
}

describe('a system that is down', { timeout: 120_000 }, () => {
  test('stops the run after the first 3 failures with one message naming the URL and the cause, and no harness stack', async () => {
    const url = `http://127.0.0.1:${await closedPort()}/rag`
    const dir = project(url)
    const run = await runNode(vitestBin, ['run', '--root', dir], { cwd: dir })
    expect(run.code).toBe(1)
    expect(run.output).toMatch(
      new RegExp(
        `vitest-rag: the run stopped: the system under test failed on each of the first 3 cases, so every other case would fail the same way; the first:\\n  POST ${url.replace(/[.]/g, '\\.')} failed for case E2E-\\d+: connection refused\\n`,
      ),
    )
    expect(run.output.split('the run stopped:').length - 1).toBe(1)
    // Per-case errors carry no frames into the harness (node_modules/vitest-rag/src is not shipped).
    expect(run.output).toContain(
      `HttpAdapterError: vitest-rag: POST ${url} failed for case E2E-001: connection refused`,
    )
    expect(run.output).not.toMatch(/evaluate-case\.ts|golden-runtime\.ts|http-adapter\.ts/)
    const scorecard = JSON.parse(readFileSync(join(dir, 'out/scorecard.json'), 'utf8'))
    expect(scorecard.run.failures).toContain(
      'vitest-rag: the run was stopped because the system under test failed on every case it started with (the message above names the first failure); the gate fails closed.',
    )
    // The console summary does not say "no scored cases" beside a count of scored ones.
    expect(run.output).not.toMatch(/no scored cases \([1-9]\d* scored/)
    expect(renderConsoleSummary(scorecard)).not.toMatch(/no scored cases \([1-9]/)
  })

  test('stopAfterSystemFailures: 0 lets every case fail on its own', async () => {
    const dir = project(`http://127.0.0.1:${await closedPort()}/rag`, ', stopAfterSystemFailures: 0')
    const run = await runNode(vitestBin, ['run', '--root', dir], { cwd: dir })
    expect(run.code).toBe(1)
    expect(run.output).not.toContain('the run stopped')
    // All 10 cases ran and failed: 10 "failed for case" errors.
    expect(run.output).toMatch(/Tests\s+10 failed/)
  })
})
