/**
 * Test-wide network guard: every test runs with this installed (unit project `setupFiles`).
 *
 * Tests must pass with no network and no API key, so any connection to a non-loopback address fails
 * loudly here, at the socket, whichever client made it (global fetch/undici, node:http, the openai SDK).
 * API-key variables are removed so nothing can silently rely on a developer's key.
 */
import net from 'node:net'
import { installNetworkGuard } from '../helpers/network-guard.ts'

for (const name of Object.keys(process.env)) {
  if (/(^|_)API_KEY$/.test(name)) delete process.env[name]
}
installNetworkGuard(net)
