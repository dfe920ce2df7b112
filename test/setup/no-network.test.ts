import http from 'node:http'
import { describe, expect, test } from 'vitest'
import { isLoopbackHost } from '../helpers/network-guard.ts'

describe('the test network guard', () => {
  test('a fetch to a non-loopback address is refused before any packet leaves', async () => {
    // 192.0.2.1 is TEST-NET-1 (RFC 5737): never routed; the guard must refuse it at the socket.
    await expect(fetch('http://192.0.2.1/')).rejects.toThrow()
    const err = await fetch('http://192.0.2.1/').catch((e: unknown) => e as Error & { cause?: Error })
    expect(String((err as { cause?: Error }).cause?.message ?? err)).toMatch(/refused a connection to "192\.0\.2\.1"/)
  })

  test('node:http to a non-loopback host is refused', () => {
    expect(() => http.get('http://192.0.2.1/')).toThrow(/refused a connection/)
  })

  test('loopback connections are allowed', async () => {
    const server = http.createServer((_req, res) => res.end('ok'))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as { port: number }
    const body = await (await fetch(`http://127.0.0.1:${port}/`)).text()
    server.close()
    expect(body).toBe('ok')
  })

  test('API key variables are removed for every test', () => {
    expect(Object.keys(process.env).filter((k) => /API_KEY$/.test(k))).toEqual([])
  })

  test('isLoopbackHost accepts only the loopback range', () => {
    expect(['127.0.0.1', '127.3.4.5', 'localhost', '::1', '[::1]'].every(isLoopbackHost)).toBe(true)
    expect(['10.0.0.1', '192.168.1.1', 'api.openai.com', '8.8.8.8'].some(isLoopbackHost)).toBe(false)
  })
})
