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
export function missingHeaderEnv(
  headersFromEnv: Record<string, string> | undefined,
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  const missing = Object.entries(headersFromEnv ?? {}).filter(([, name]) => env[name] === undefined || env[name] === '')
  if (missing.length === 0) return undefined
  return `vitest-rag: the HTTP adapter's headersFromEnv names environment variable(s) that are not set: ${missing.map(([header, name]) => `${name} (for header ${header})`).join(', ')}; set them before the run`
}

/** An error's class name (`TypeError`, undici's `SocketError`), or `an error` when it has none. */
function errorName(error: unknown): string {
  const named = error as { name?: unknown; constructor?: { name?: unknown } } | null
  const name = typeof named?.name === 'string' && named.name !== '' ? named.name : named?.constructor?.name
  return typeof name === 'string' && name !== '' && name !== 'Object' ? name : 'an error'
}

/**
 * What is known of a failed fetch with no recognised code, from class names and the system call only (the
 * message text may quote a header value): `TypeError` with no cause is fetch refusing the request before
 * sending it (an invalid header value or URL); otherwise the cause's class and system call.
 * Example: `TypeError` without a cause -> "the request was not sent (TypeError with no underlying cause: ...)".
 */
function unknownTransportCause(error: unknown): string {
  const cause = (error as { cause?: unknown } | null)?.cause as { syscall?: unknown } | undefined
  if (cause === undefined || cause === null) {
    return errorName(error) === 'TypeError'
      ? 'the request was not sent (TypeError with no underlying cause: fetch refused it, e.g. an invalid header value or URL; check headersFromEnv values for line breaks)'
      : `network error (${errorName(error)} with no underlying cause)`
  }
  const syscall = typeof cause.syscall === 'string' ? ` in ${cause.syscall}` : ''
  return `network error (${errorName(error)} caused by ${errorName(cause)}${syscall}, with no error code)`
}

/**
 * The transport cause of a failed fetch, by its code (`ECONNREFUSED` -> `connection refused`) or, without one,
 * by what is known (see {@link unknownTransportCause}), never its message text. `timeoutMs`, when given, is
 * named in a timeout: "timed out after 60000 ms".
 */
export function transportCause(error: unknown, timeoutMs?: number): string {
  const err = error as { name?: string; cause?: { code?: string } }
  if (err?.name === 'TimeoutError' || err?.name === 'AbortError')
    return timeoutMs === undefined ? 'timed out' : `timed out after ${timeoutMs} ms`
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
  return code === undefined ? unknownTransportCause(error) : (known[code] ?? code.toLowerCase().replace(/_/g, ' '))
}

/** Replaces every secret in every string of `value` (deeply), so an echoing endpoint leaks nothing. */
export function redactDeep<T>(value: T, secrets: readonly string[]): T {
  if (secrets.length === 0) return value
  if (typeof value === 'string')
    return secrets.reduce<string>((text, secret) => text.split(secret).join(REDACTED), value) as T
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
      const timeoutMs = options.timeoutMs ?? 60_000
      try {
        response = await fetch(options.url, {
          method: 'POST',
          headers,
          body: JSON.stringify(input),
          signal: AbortSignal.timeout(timeoutMs),
        })
      } catch (error) {
        throw new HttpAdapterError(
          `POST ${shownUrl} failed for case ${input.caseId}: ${transportCause(error, timeoutMs)}`,
        )
      }
      const text = await response.text()
      const size = `${Buffer.byteLength(text)} byte body, content-type ${JSON.stringify(response.headers.get('content-type') ?? 'none')}`
      if (!response.ok)
        throw new HttpAdapterError(
          `POST ${shownUrl} answered ${response.status} for case ${input.caseId} (${size}; the body is not shown)`,
        )
      let parsed: unknown
      try {
        parsed = JSON.parse(text)
      } catch {
        throw new HttpAdapterError(
          `POST ${shownUrl} returned non-JSON for case ${input.caseId} (${size}; the body is not shown)`,
        )
      }
      return redactDeep(
        parsed,
        [...new Set(secrets)].sort((a, b) => b.length - a.length),
      ) as SystemOutput
    },
  }
}
