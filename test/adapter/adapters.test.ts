import http from 'node:http'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { loadModuleAdapter } from '../../src/adapter/function-adapter.ts'
import { httpAdapter } from '../../src/adapter/http-adapter.ts'
import { validateSystemOutput } from '../../src/adapter/validate-output.ts'
import { repoRoot } from '../helpers/run-vitest.ts'

describe('the HTTP adapter', () => {
  let server: http.Server
  let url: string
  const seen: Array<{ body: unknown; auth: string | undefined }> = []
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = ''
      req.on('data', (d: Buffer) => (body += d.toString()))
      req.on('end', () => {
        const input = JSON.parse(body) as { caseId: string; tenantId: string }
        seen.push({ body: input, auth: req.headers.authorization })
        if (input.caseId === 'boom') {
          res.writeHead(503).end('overloaded')
          return
        }
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ retrieved: [{ chunkId: 'c1', tenantId: input.tenantId, score: 1 }], answer: 'ok [1]', sources: [{ marker: 1, chunkId: 'c1', tenantId: input.tenantId }] }))
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}/rag`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  test('posts the SystemInput as JSON with headers taken from env vars by name', async () => {
    const adapter = httpAdapter({ url, headersFromEnv: { Authorization: 'BOT_TOKEN_FOR_TEST' }, env: { BOT_TOKEN_FOR_TEST: 'Bearer t0k' } })
    const output = await adapter.run({ caseId: 'GC-1', query: 'q', tenantId: 'acme', history: [], mode: 'system' })
    expect(output.answer).toBe('ok [1]')
    expect(seen.at(-1)).toEqual({ body: { caseId: 'GC-1', query: 'q', tenantId: 'acme', history: [], mode: 'system' }, auth: 'Bearer t0k' })
  })

  test('a non-2xx answer fails with the status and the case id', async () => {
    const adapter = httpAdapter({ url })
    await expect(adapter.run({ caseId: 'boom', query: 'q', tenantId: 'acme', history: [], mode: 'system' })).rejects.toThrow(/answered 503 for case boom/)
  })

  test('a missing env var for a header is named before any request', async () => {
    const before = seen.length
    const adapter = httpAdapter({ url, headersFromEnv: { Authorization: 'UNSET_VAR_X' }, env: {} })
    await expect(adapter.run({ caseId: 'GC-2', query: 'q', tenantId: 'acme', history: [], mode: 'system' })).rejects.toThrow(/UNSET_VAR_X/)
    expect(seen.length).toBe(before)
  })
})

describe('module adapters and output validation', () => {
  test('a module exporting a function becomes an adapter', async () => {
    const adapter = await loadModuleAdapter(join(repoRoot, 'test/fixtures/e2e/adapter.ts'))
    const output = await adapter.run({ caseId: 'E2E-001', query: 'Which settings does the amber module use?', tenantId: 'north', history: [], mode: 'system' })
    expect(output.answer).toContain('amber module uses core, four and six')
  })

  test('an invalid output names every bad field and the adapter', () => {
    expect(() => validateSystemOutput({ retrieved: [{ chunkId: '', score: 'high' }], confidence: 2 }, 'my-bot')).toThrow(
      /adapter "my-bot" returned an invalid output:[\s\S]*retrieved\.0\.chunkId[\s\S]*retrieved\.0\.score[\s\S]*confidence/,
    )
  })
})
