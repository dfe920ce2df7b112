import { spawn } from 'node:child_process'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { expect, test } from 'vitest'
import { CheckpointStore, createModelClients } from '../../src/llm/index.ts'
import type { OpenAiTestServer } from '../helpers/openai-server.ts'
import { keyEnv, localProvider, sentinelKey, testEnv, useServerFixture } from './support.ts'

const repoRoot = resolve(import.meta.dirname, '../..')
const fixture = join(repoRoot, 'test/llm/fixtures/resume-run.ts')

let server: OpenAiTestServer
let dir: string
useServerFixture(
  (s) => (server = s),
  (d) => (dir = d),
)

/** Runs the fixture; resolves with its exit signal/code and stdout. `onSpawn` gets the pid. */
function runFixture(
  args: string[],
  onSpawn?: (pid: number) => void,
): Promise<{ code: number | null; signal: string | null; stdout: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fixture, '--base-url', server.baseURL, '--dir', dir, ...args],
      {
        cwd: repoRoot,
        env: { PATH: process.env.PATH, [keyEnv]: sentinelKey },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    )
    let stdout = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.on('error', reject)
    child.on('spawn', () => onSpawn?.(child.pid!))
    child.on('exit', (code, signal) => resolvePromise({ code, signal, stdout }))
  })
}

test('a run killed mid-way resumes with zero repeated requests for the completed cases', async () => {
  const cases = 6
  const killAt = 4 // the 4th request arrives: cases 1-3 are answered and checkpointed, case 4 is in flight
  let pid = 0
  server.setScript((request) => {
    if (request.index + 1 === killAt) {
      process.kill(pid, 'SIGKILL')
      return { delayMs: 2000 } // never delivered: the client is dead
    }
    return { text: `answer ${request.index}` }
  })
  const first = await runFixture(['--cases', String(cases)], (p) => (pid = p))
  expect(first.signal).toBe('SIGKILL')
  expect(server.requests).toHaveLength(killAt)
  const completedBodies = server.requests.slice(0, killAt - 1).map((r) => r.body)

  server.setScript(undefined)
  const second = await runFixture(['--cases', String(cases), '--resume'])
  expect(second.code).toBe(0)
  expect(JSON.parse(second.stdout)).toEqual({
    skipped: ['case-1', 'case-2', 'case-3'],
    processed: ['case-4', 'case-5', 'case-6'],
  })
  // the resumed run sent only cases 4-6 (case 4 again, since its answer never arrived)
  expect(server.requests).toHaveLength(killAt + (cases - (killAt - 1)))
  for (const body of completedBodies) expect(server.countRequestsWithBody(body)).toBe(1)
  const resumedCases = server.requests.slice(killAt).map((r) => r.body.messages[0].content)
  expect(resumedCases).toEqual([
    'Answer the question of case-4.',
    'Answer the question of case-5.',
    'Answer the question of case-6.',
  ])
}, 20_000)

test('no file the model client writes contains the API key', async () => {
  server.setScript((request) =>
    request.index === 0
      ? { status: 429, retryAfterMs: 1 }
      : { text: `echo ${String(request.headers.authorization).length}` },
  )
  const clients = createModelClients(
    {
      generator: { chain: [localProvider(server.baseURL)] },
      embedder: { chain: [localProvider(server.baseURL, { name: 'emb', model: 'text-embedding-3-small' })] },
      retry: { baseDelayMs: 1, seed: 1 },
    },
    { cacheDir: join(dir, 'cache'), env: testEnv },
  )
  const result = await clients.generator!.chat({
    messages: [{ role: 'user', content: 'q' }],
    maxTokens: 5,
    caseId: 'c1',
  })
  await clients.embedder!.embed(['alpha', 'beta'])
  const store = new CheckpointStore(join(dir, 'run'), 'fp')
  await store.save('c1', {
    result,
    stats: clients.stats(),
    spend: clients.ledger.snapshot(),
    client: clients.generator,
  })
  // the key did reach the server, so a leak would be visible
  expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${sentinelKey}`)
  const files = readdirSync(dir, { recursive: true })
    .map((f) => join(dir, String(f)))
    .filter((f) => statSync(f).isFile())
  expect(files.length).toBeGreaterThanOrEqual(4) // 1 chat entry + 2 embedding entries + 1 checkpoint
  for (const file of files) expect(readFileSync(file, 'utf8')).not.toContain(sentinelKey)
  expect(JSON.stringify(clients)).not.toContain(sentinelKey)
})
