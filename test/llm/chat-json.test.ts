import { expect, test } from 'vitest'
import { z } from 'zod'
import { createModelClients } from '../../src/llm/index.ts'
import type { OpenAiTestServer } from '../helpers/openai-server.ts'
import { localProvider, testEnv, useServerFixture } from './support.ts'

let server: OpenAiTestServer
let dir: string
useServerFixture(
  (s) => (server = s),
  (d) => (dir = d),
)

const Verdict = z.object({ faithful: z.boolean(), score: z.number().min(0).max(1) })
const ask = {
  messages: [{ role: 'user' as const, content: 'Grade this answer.' }],
  maxTokens: 100,
  template: { id: 'judge', version: '1' },
}
const judge = () =>
  createModelClients(
    { generator: { chain: [localProvider(server.baseURL, { name: 'judge-provider' })] } },
    { cacheDir: dir, env: testEnv },
  ).generator!

test('a valid JSON verdict is parsed and validated on the first ask, with response_format json_object', async () => {
  server.setScript([{ text: '{"faithful": true, "score": 0.8}' }])
  const result = await judge().chatJson(ask, Verdict)
  expect(result).toMatchObject({ ok: true, value: { faithful: true, score: 0.8 } })
  expect(server.requests[0]!.body.response_format).toEqual({ type: 'json_object' })
})

test('a fenced JSON reply is accepted', async () => {
  server.setScript([{ text: '```json\n{"faithful": false, "score": 0}\n```' }])
  expect(await judge().chatJson(ask, Verdict)).toMatchObject({ ok: true, value: { faithful: false, score: 0 } })
})

test('an unparseable verdict is re-asked once with the error, and a valid second reply is used', async () => {
  server.setScript([{ text: 'I think it is faithful.' }, { text: '{"faithful": true, "score": 1}' }])
  const result = await judge().chatJson(ask, Verdict)
  expect(result).toMatchObject({ ok: true, value: { faithful: true, score: 1 } })
  expect(server.requests).toHaveLength(2)
  const repair = server.requests[1]!.body.messages as Array<{ role: string; content: string }>
  expect(repair).toHaveLength(3)
  expect(repair[1]).toEqual({ role: 'assistant', content: 'I think it is faithful.' })
  expect(repair[2]!.content).toMatch(/^Your reply was not valid: not JSON/)
})

test('a verdict that fails twice is returned as ok: false, not thrown and not a score', async () => {
  server.setScript([{ text: '{"faithful": "yes"}' }, { text: '{"faithful": true, "score": 7}' }])
  const result = await judge().chatJson(ask, Verdict)
  expect(result.ok).toBe(false)
  if (result.ok) return
  expect(result.error).toMatch(/^unparseable reply after one retry: /)
  expect(result.error).toContain('score')
  expect(result.result?.text).toBe('{"faithful": true, "score": 7}')
  expect(server.requests).toHaveLength(2)
})

test('a failed judgement replays from the cache exactly, without requests', async () => {
  server.setScript([{ text: 'nope' }, { text: 'still nope' }])
  const first = await judge().chatJson(ask, Verdict)
  const replay = await createModelClients(
    { generator: { chain: [localProvider(server.baseURL, { name: 'judge-provider' })] } },
    { cacheDir: dir, cacheMode: 'replay', env: testEnv },
  ).generator!.chatJson(ask, Verdict)
  expect(first.ok).toBe(false)
  expect(replay).toMatchObject({ ok: false, result: { cached: true, text: 'still nope' } })
  expect(server.requests).toHaveLength(2)
})
