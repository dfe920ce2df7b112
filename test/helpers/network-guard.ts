/**
 * Refuses sockets to any host outside the loopback range. Installed by `test/setup/no-network.ts`.
 */
import type netModule from 'node:net'

/** True for 127.0.0.0/8, ::1, `localhost` and Unix socket paths. */
export function isLoopbackHost(host: string | undefined): boolean {
  if (host === undefined || host === '') return true // Node defaults to localhost
  const h = host.replace(/^\[|\]$/g, '').toLowerCase()
  return (
    h === 'localhost' ||
    h === '::1' ||
    h === '0:0:0:0:0:0:0:1' ||
    /^127\.\d+\.\d+\.\d+$/.test(h) ||
    h === '::ffff:127.0.0.1'
  )
}

/** The error a refused connection throws. */
export class NetworkRefusedError extends Error {
  readonly code = 'VITEST_RAG_NETWORK_REFUSED'
  constructor(host: string) {
    super(
      `vitest-rag tests: refused a connection to "${host}": tests may only reach loopback (127.0.0.1, ::1, localhost)`,
    )
  }
}

const installed = Symbol.for('vitest-rag.networkGuard')

/** Patches `net.Socket.prototype.connect` (used by fetch/undici, http, https and the openai SDK). */
export function installNetworkGuard(net: typeof netModule): void {
  const proto = net.Socket.prototype as unknown as Record<symbol | string, unknown>
  if (proto[installed]) return
  const original = net.Socket.prototype.connect
  const guarded = function (this: netModule.Socket, ...args: unknown[]) {
    const first = args[0]
    let host: string | undefined
    let path: string | null | undefined
    if (Array.isArray(first)) {
      // internal call form: connect([options, cb])
      const opts = first[0] as { host?: string; path?: string | null } | undefined
      host = opts?.host
      path = opts?.path
    } else if (typeof first === 'object' && first !== null) {
      host = (first as { host?: string }).host
      path = (first as { path?: string | null }).path
    } else if (typeof first === 'number') {
      host = typeof args[1] === 'string' ? args[1] : undefined
    } else if (typeof first === 'string') {
      path = first
    }
    if (typeof path !== 'string' && !isLoopbackHost(host)) {
      throw new NetworkRefusedError(String(host))
    }
    return (original as (...a: unknown[]) => netModule.Socket).apply(this, args)
  }
  net.Socket.prototype.connect = guarded as typeof original
  proto[installed] = true
}
