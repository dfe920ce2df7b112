import http from 'node:http'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { loadModuleAdapter } from '../../../src/system/adapter/function-adapter.ts'
import { httpAdapter, missingHeaderEnv, redactDeep, transportCause } from '../../../src/system/adapter/http-adapter.ts'
import { validateSystemOutput } from '../../../src/system/adapter/validate-output.ts'
import { repoRoot } from '../../helpers/run-vitest.ts'

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
        res.end(
          JSON.stringify({
            retrieved: [{ chunkId: 'c1', tenantId: input.tenantId, score: 1 }],
            answer: 'ok [1]',
            sources: [{ marker: 1, chunkId: 'c1', tenantId: input.tenantId }],
          }),
        )
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}/rag`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  test('posts the SystemInput as JSON with headers taken from env vars by name', async () => {
    const adapter = httpAdapter({
      url,
      headersFromEnv: { Authorization: 'BOT_TOKEN_FOR_TEST' },
      env: { BOT_TOKEN_FOR_TEST: 'Bearer t0k' },
    })
    const output = await adapter.run({ caseId: 'GC-1', query: 'q', tenantId: 'acme', history: [], mode: 'system' })
    expect(output.answer).toBe('ok [1]')
    expect(seen.at(-1)).toEqual({
      body: { caseId: 'GC-1', query: 'q', tenantId: 'acme', history: [], mode: 'system' },
      auth: 'Bearer t0k',
    })
  })

  test('a non-2xx answer fails with the status, the case id and the body size, never the body', async () => {
    const adapter = httpAdapter({ url })
    const run = adapter.run({ caseId: 'boom', query: 'q', tenantId: 'acme', history: [], mode: 'system' })
    // "overloaded" is 10 bytes; Node's http server sends no content-type unless told.
    await expect(run).rejects.toThrow(
      `vitest-rag: POST ${url} answered 503 for case boom (10 byte body, content-type "none"; the body is not shown)`,
    )
  })

  test('a transport failure names the URL (without its query) and the cause', async () => {
    const closed = http.createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as { port: number }).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const adapter = httpAdapter({ url: `http://127.0.0.1:${port}/rag?key=abc` })
    await expect(
      adapter.run({ caseId: 'GC-9', query: 'q', tenantId: 'acme', history: [], mode: 'system' }),
    ).rejects.toThrow(`vitest-rag: POST http://127.0.0.1:${port}/rag failed for case GC-9: connection refused`)
  })

  test('a fetch error with no underlying cause names the URL and what is known, never the rejected header value', async () => {
    // A line break in a header value: fetch throws a TypeError (no cause) whose message quotes the value.
    const adapter = httpAdapter({
      url: `${url}?key=abc`,
      headersFromEnv: { Authorization: 'BROKEN_TOKEN' },
      env: { BROKEN_TOKEN: 'Bearer s3cret-token\nx' },
    })
    const error = await adapter
      .run({ caseId: 'GC-3', query: 'q', tenantId: 'acme', history: [], mode: 'system' })
      .catch((e: Error) => e)
    expect((error as Error).message).toBe(
      `vitest-rag: POST ${url} failed for case GC-3: the request was not sent (TypeError with no underlying cause: fetch refused it, e.g. an invalid header value or URL; check headersFromEnv values for line breaks)`,
    )
    expect((error as Error).message).not.toContain('s3cret')
    // A cause without a code: its class and system call, not its text.
    const cause = Object.assign(new Error('read ECONNRESET s3cret'), { syscall: 'read' })
    expect(transportCause(new TypeError('fetch failed', { cause }))).toBe(
      'network error (TypeError caused by Error in read, with no error code)',
    )
  })

  test('a request that outlives timeoutMs says how long it waited', async () => {
    const silent = http.createServer(() => {}) // accepts the request and never answers
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const port = (silent.address() as { port: number }).port
    try {
      const adapter = httpAdapter({ url: `http://127.0.0.1:${port}/rag`, timeoutMs: 50 })
      await expect(
        adapter.run({ caseId: 'GC-4', query: 'q', tenantId: 'acme', history: [], mode: 'system' }),
      ).rejects.toThrow(`vitest-rag: POST http://127.0.0.1:${port}/rag failed for case GC-4: timed out after 50 ms`)
    } finally {
      silent.closeAllConnections()
      await new Promise<void>((resolve) => silent.close(() => resolve()))
    }
  })

  test('every env-derived header value is redacted from what the endpoint returns, the bare token of "Bearer <token>" too', () => {
    const secrets = ['Bearer t0ken-abcdefgh', 't0ken-abcdefgh']
    expect(
      redactDeep({ answer: 'you sent Bearer t0ken-abcdefgh', retrieved: [{ text: 'x t0ken-abcdefgh y' }] }, secrets),
    ).toEqual({
      answer: 'you sent [redacted]',
      retrieved: [{ text: 'x [redacted] y' }],
    })
    expect(missingHeaderEnv({ Authorization: 'A_TOKEN', 'X-Key': 'B_KEY' }, { A_TOKEN: 'set' })).toBe(
      "vitest-rag: the HTTP adapter's headersFromEnv names environment variable(s) that are not set: B_KEY (for header X-Key); set them before the run",
    )
    expect(missingHeaderEnv({ Authorization: 'A_TOKEN' }, { A_TOKEN: 'set' })).toBeUndefined()
  })

  test('a missing env var for a header is named before any request', async () => {
    const before = seen.length
    const adapter = httpAdapter({ url, headersFromEnv: { Authorization: 'UNSET_VAR_X' }, env: {} })
    await expect(
      adapter.run({ caseId: 'GC-2', query: 'q', tenantId: 'acme', history: [], mode: 'system' }),
    ).rejects.toThrow(/UNSET_VAR_X/)
    expect(seen.length).toBe(before)
  })
})

describe('module adapters and output validation', () => {
  test('a module exporting a function becomes an adapter', async () => {
    const adapter = await loadModuleAdapter(join(repoRoot, 'test/fixtures/e2e/adapter.ts'))
    const output = await adapter.run({
      caseId: 'E2E-001',
      query: 'Which settings does the amber module use?',
      tenantId: 'north',
      history: [],
      mode: 'system',
    })
    expect(output.answer).toContain('amber module uses core, four and six')
  })

  test('an invalid output names every bad field and the adapter', () => {
    expect(() =>
      validateSystemOutput({ retrieved: [{ chunkId: '', score: 'high' }], confidence: 2 }, 'my-bot'),
    ).toThrow(
      /adapter "my-bot" returned an invalid output:[\s\S]*retrieved\.0\.chunkId[\s\S]*retrieved\.0\.score[\s\S]*confidence/,
    )
  })

  test('an item that names no source because a field is misspelt gets the field it meant (#24: doc_id)', () => {
    expect(() => validateSystemOutput({ retrieved: [{ doc_id: 'billing/seats', score: 1 }] }, 'my-bot')).toThrow(
      '  retrieved.0: names no source: set one of chunkId, docId, url, path, locator or text ("doc_id" is not a field: did you mean "docId"?)\n',
    )
  })
})
