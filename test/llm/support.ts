/** Shared setup for the model-client tests: a temp dir, a local provider, and client construction. */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Provider } from '../../src/llm/index.ts'

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
