/**
 * A real, local, OpenAI-compatible HTTP server for tests: `POST /v1/chat/completions` and `POST /v1/embeddings`
 * on 127.0.0.1, scriptable per request, recording every request it receives.
 *
 * Usage:
 * ```ts
 * const server = await startOpenAiServer([{ status: 429, retryAfter: '0' }, { text: 'hello' }])
 * const client = new OpenAI({ baseURL: server.baseURL, apiKey: 'sk-test' })
 * ...
 * expect(server.requests).toHaveLength(2)
 * await server.close()
 * ```
 * A script is either a list of replies (consumed one per request, in order; when exhausted, the default reply)
 * or a function from the recorded request to a reply (so a test can answer by content: a judge, a generator).
 */
import { createHash } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One request the server received (body parsed as JSON when it could be). */
export interface RecordedRequest {
  /** 0-based arrival order over the server's life. */
  index: number
  method: string
  /** e.g. `/v1/chat/completions`. */
  path: string
  headers: IncomingHttpHeaders
  /** Parsed JSON body, or `undefined` when the body was not JSON. */
  body: any
  rawBody: string
  /** `Date.now()` at arrival. */
  receivedAt: number
}

/** How to answer one request. Every field is optional; `{}` is the default reply. */
export interface ScriptedReply {
  /** Chat reply text. Default: `"ok"`. */
  text?: string
  /** Token usage to report. Default: prompt = ceil(request chars / 4), completion = ceil(text chars / 4). */
  usage?: { prompt_tokens: number; completion_tokens: number }
  /** HTTP status; anything but 200 sends an OpenAI-style error body. Default 200. */
  status?: number
  /** The error body's message for a non-200 status (e.g. one echoing the key, as some providers do). */
  errorMessage?: string
  /** `Retry-After` header value (seconds, or an HTTP date), sent with any status. */
  retryAfter?: string
  /** `retry-after-ms` header value. */
  retryAfterMs?: number
  /** Wait this long before answering (to trigger a client timeout). Default 0. */
  delayMs?: number
  /** `non-json`: a 200 with an unparseable JSON body; `no-choices`: valid JSON without `choices`/`data`. */
  malformed?: 'non-json' | 'no-choices'
  /** Embedding vectors to return (one per input). Default: a deterministic 8-dim vector per input text. */
  embeddings?: number[][]
  /** Model name to echo back. Default: the request's model. */
  model?: string
}

/** A script: a queue of replies, or a function deciding each reply. */
export type ServerScript = ScriptedReply[] | ((request: RecordedRequest) => ScriptedReply | Promise<ScriptedReply>)

/** A running test server. */
export interface OpenAiTestServer {
  /** `http://127.0.0.1:<port>/v1`: pass as the SDK's `baseURL`. */
  baseURL: string
  /** Every request received, in arrival order (live array). */
  requests: RecordedRequest[]
  /** Replaces the script (a list restarts from its first reply). */
  setScript(script: ServerScript | undefined): void
  /** How many received requests had exactly this body (compared as canonical JSON). */
  countRequestsWithBody(body: unknown): number
  /** Stops listening and drops open connections (pending delayed replies are abandoned). */
  close(): Promise<void>
}

/** Deterministic pseudo-embedding of a text: 8 numbers in [-1, 1] derived from its sha256. */
export function fakeEmbedding(text: string, dimensions = 8): number[] {
  const digest = createHash('sha256').update(text).digest()
  return Array.from({ length: dimensions }, (_, i) => ((digest[i % digest.length] ?? 0) / 255) * 2 - 1)
}

function sortedJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  )
}

function sendJson(res: ServerResponse, status: number, body: string, headers: Record<string, string>): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(body)
}

/** Starts the server on an ephemeral loopback port. */
export async function startOpenAiServer(script?: ServerScript): Promise<OpenAiTestServer> {
  let current: ServerScript | undefined = script
  let queuePosition = 0
  const requests: RecordedRequest[] = []

  async function replyFor(request: RecordedRequest): Promise<ScriptedReply> {
    if (current === undefined) return {}
    if (typeof current === 'function') return await current(request)
    const reply = current[queuePosition]
    queuePosition += 1
    return reply ?? {}
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8')
      let body: any
      try {
        body = JSON.parse(rawBody)
      } catch {
        body = undefined
      }
      const recorded: RecordedRequest = {
        index: requests.length,
        method: req.method ?? '',
        path: (req.url ?? '').split('?')[0] ?? '',
        headers: req.headers,
        body,
        rawBody,
        receivedAt: Date.now(),
      }
      requests.push(recorded)
      void handle(recorded, res).catch((error: unknown) => {
        if (!res.headersSent) sendJson(res, 500, JSON.stringify({ error: { message: String(error) } }), {})
      })
    })
  })

  async function handle(request: RecordedRequest, res: ServerResponse): Promise<void> {
    const isChat = request.path.endsWith('/chat/completions')
    const isEmbeddings = request.path.endsWith('/embeddings')
    if (request.method !== 'POST' || (!isChat && !isEmbeddings)) {
      sendJson(res, 404, JSON.stringify({ error: { message: `no route ${request.method} ${request.path}` } }), {})
      return
    }
    const reply = await replyFor(request)
    if (reply.delayMs !== undefined && reply.delayMs > 0) {
      await new Promise((resolve) => setTimeout(resolve, reply.delayMs))
      if (res.destroyed || res.socket?.destroyed) return // the client gave up (timeout): nothing to answer
    }
    const headers: Record<string, string> = {}
    if (reply.retryAfter !== undefined) headers['retry-after'] = reply.retryAfter
    if (reply.retryAfterMs !== undefined) headers['retry-after-ms'] = String(reply.retryAfterMs)
    const status = reply.status ?? 200
    if (status !== 200) {
      const message =
        reply.errorMessage ?? (status === 429 ? 'Rate limit reached (scripted)' : `Scripted error ${status}`)
      sendJson(res, status, JSON.stringify({ error: { message, type: 'scripted', code: String(status) } }), headers)
      return
    }
    if (reply.malformed === 'non-json') {
      sendJson(res, 200, '{"id": "chatcmpl-broken", "choices": [', headers)
      return
    }
    if (reply.malformed === 'no-choices') {
      sendJson(res, 200, JSON.stringify({ id: 'broken', object: isChat ? 'chat.completion' : 'list' }), headers)
      return
    }
    const model = reply.model ?? String(request.body?.model ?? 'unknown-model')
    const promptTokens = Math.ceil(request.rawBody.length / 4)
    if (isChat) {
      const text = reply.text ?? 'ok'
      const usage = reply.usage ?? { prompt_tokens: promptTokens, completion_tokens: Math.ceil(text.length / 4) }
      const body = {
        id: `chatcmpl-test-${request.index}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model,
        choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop', logprobs: null }],
        usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
      }
      sendJson(res, 200, JSON.stringify(body), headers)
      return
    }
    const input: unknown = request.body?.input
    const texts = Array.isArray(input) ? input.map(String) : [String(input ?? '')]
    const vectors = reply.embeddings ?? texts.map((t) => fakeEmbedding(t, Number(request.body?.dimensions ?? 8)))
    const usage = reply.usage ?? { prompt_tokens: promptTokens, completion_tokens: 0 }
    const body = {
      object: 'list',
      model,
      data: vectors.map((embedding, index) => ({ object: 'embedding', index, embedding })),
      usage: { prompt_tokens: usage.prompt_tokens, total_tokens: usage.prompt_tokens },
    }
    sendJson(res, 200, JSON.stringify(body), headers)
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo

  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    setScript(next) {
      current = next
      queuePosition = 0
    },
    countRequestsWithBody(body) {
      const wanted = sortedJson(body)
      return requests.filter((r) => r.body !== undefined && sortedJson(r.body) === wanted).length
    },
    close() {
      return new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
    },
  }
}
