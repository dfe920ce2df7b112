/** Shared setup for the model-client tests: a temp dir, a local provider, the per-file server fixture. */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { resetProviderLimiters, type Provider } from '../../src/llm/index.ts'
import { startOpenAiServer, type OpenAiTestServer } from '../helpers/openai-server.ts'

/** The env var name our tests put their sentinel key in (the network guard removes real *_API_KEY vars). */
export const keyEnv = 'TEST_LLM_KEY'
/** A fake key; any file or message containing it is a leak. */
export const sentinelKey = 'sk-sentinel-XYZ-0123456789'
/** An env holding only the sentinel key. */
export const testEnv = { [keyEnv]: sentinelKey }

/** A fresh temp directory. */
export function tempDir(prefix = 'vitest-rag-llm-'): string {
  return mkdtempSync(join(tmpdir(), prefix))
}

/** A provider pointing at the local test server. */
export function localProvider(baseURL: string, overrides: Partial<Provider> = {}): Provider {
  return { name: 'local', baseURL, apiKeyEnv: keyEnv, model: 'gpt-4o-mini', ...overrides }
}

/** Retry settings with tiny, seeded delays so retry tests take milliseconds. */
export const fastRetry = { maxRetries: 3, baseDelayMs: 2, maxDelayMs: 10, seed: 7 }

/**
 * Registers the hooks every model-client test file needs: one local server for the file, and before each test
 * a clean request log, no script, fresh provider limiters and a new temp dir (removed after the test). The
 * callbacks hand the file its current server and dir.
 */
export function useServerFixture(onServer: (server: OpenAiTestServer) => void, onDir: (dir: string) => void): void {
  let server: OpenAiTestServer | undefined
  let dir: string | undefined
  beforeAll(async () => {
    server = await startOpenAiServer()
    onServer(server)
  })
  afterAll(() => server?.close())
  beforeEach(() => {
    dir = tempDir()
    onDir(dir)
    server!.requests.length = 0
    server!.setScript(undefined)
    resetProviderLimiters()
  })
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true })
  })
}
