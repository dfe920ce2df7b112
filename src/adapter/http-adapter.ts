/**
 * Evaluates a chatbot behind an HTTP endpoint: POSTs the {@link SystemInput} as JSON, expects a
 * {@link SystemOutput} back. Header values come from environment variables named in config, and no value
 * taken from the environment, and no raw response body, ever appears in an error, a log line, a scorecard or
 * an annotation: errors name the URL, the case, the status or the transport cause, and the body's size only;
 * every string of a returned output has the header values replaced by `[redacted]` (an endpoint may echo them).
 */
import { HttpAdapterError } from './errors.ts'
import type { RagAdapter, SystemOutput } from './types.ts'

/** Options of {@link httpAdapter}. */
export interface HttpAdapterOptions {
  url: string
  /** Header name to env var NAME. */
  headersFromEnv?: Record<string, string>
  timeoutMs?: number
  env?: NodeJS.ProcessEnv
}

/** What replaces a secret value wherever it would appear. */
export const REDACTED = '[redacted]'

/**
 * The env var names in `headersFromEnv` that are not set, as one message (or undefined when all are set):
 * checked once at startup, so a missing token stops the run instead of failing every case.
 */
export function missingHeaderEnv(headersFromEnv: Record<string, string> | undefined, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const missing = Object.entries(headersFromEnv ?? {}).filter(([, name]) => env[name] === undefined || env[name] === '')
  if (missing.length === 0) return undefined
  return `vitest-rag: the HTTP adapter's headersFromEnv names environment variable(s) that are not set: ${missing.map(([header, name]) => `${name} (for header ${header})`).join(', ')}; set them before the run`
}

/** The transport cause of a failed fetch, by its code (`ECONNREFUSED` -> `connection refused`), never its text. */
export function transportCause(error: unknown): string {
  const err = error as { name?: string; cause?: { code?: string } }
  if (err?.name === 'TimeoutError' || err?.name === 'AbortError') return 'timed out'
  const code = err?.cause?.code
  const known: Record<string, string> = {
    ECONNREFUSED: 'connection refused',
    ECONNRESET: 'connection reset',
    ENOTFOUND: 'host not found',
    EAI_AGAIN: 'host lookup failed',
    ETIMEDOUT: 'connection timed out',
    EHOSTUNREACH: 'host unreachable',
    UND_ERR_SOCKET: 'socket closed',
    UND_ERR_HEADERS_TIMEOUT: 'no response headers in time',
  }
  return code === undefined ? 'network error' : (known[code] ?? code.toLowerCase().replace(/_/g, ' '))
}

/** Replaces every secret in every string of `value` (deeply), so an echoing endpoint leaks nothing. */
export function redactDeep<T>(value: T, secrets: readonly string[]): T {
  if (secrets.length === 0) return value
  if (typeof value === 'string') return secrets.reduce<string>((text, secret) => text.split(secret).join(REDACTED), value) as T
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, secrets)) as T
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactDeep(v, secrets)])) as T
  }
  return value
}

/** A {@link RagAdapter} that calls `options.url`. */
export function httpAdapter(options: HttpAdapterOptions): RagAdapter {
  const env = options.env ?? process.env
  const url = new URL(options.url)
  // The URL is printed without credentials or query (either may hold a token).
  const shownUrl = `${url.origin}${url.pathname}`
  return {
    name: `http ${url.host}`,
    async run(input) {
      const missing = missingHeaderEnv(options.headersFromEnv, env)
      if (missing) throw new HttpAdapterError(missing)
      const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' }
      const secrets: string[] = []
      for (const [header, envName] of Object.entries(options.headersFromEnv ?? {})) {
        const value = env[envName] as string
        headers[header] = value
        // The whole value and its long parts (the token of `Bearer <token>`); very short values would redact noise.
        secrets.push(...(value.length >= 4 ? [value] : []), ...value.split(/\s+/).filter((part) => part.length >= 8))
      }
      let response: Response
      try {
        response = await fetch(options.url, {
          method: 'POST',
          headers,
          body: JSON.stringify(input),
          signal: AbortSignal.timeout(options.timeoutMs ?? 60_000),
        })
      } catch (error) {
        throw new HttpAdapterError(`vitest-rag: POST ${shownUrl} failed for case ${input.caseId}: ${transportCause(error)}`)
      }
      const text = await response.text()
      const size = `${Buffer.byteLength(text)} byte body, content-type ${JSON.stringify(response.headers.get('content-type') ?? 'none')}`
      if (!response.ok) throw new HttpAdapterError(`vitest-rag: POST ${shownUrl} answered ${response.status} for case ${input.caseId} (${size}; the body is not shown)`)
      let parsed: unknown
      try {
        parsed = JSON.parse(text)
      } catch {
        throw new HttpAdapterError(`vitest-rag: POST ${shownUrl} returned non-JSON for case ${input.caseId} (${size}; the body is not shown)`)
      }
      return redactDeep(parsed, [...new Set(secrets)].sort((a, b) => b.length - a.length)) as SystemOutput
    },
  }
}
