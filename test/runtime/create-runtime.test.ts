/**
 * The runtime a worker builds: the search index is cached on disk (a second runtime loads it), and with
 * `search.workers` the same cases rank identically through the tinypool workers.
 */
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { resolveConfig } from '../../src/config/resolve.ts'
import { createRagRuntime } from '../../src/runtime/create-runtime.ts'
import { repoRoot, tempDir } from '../helpers/run-vitest.ts'

const input = (query: string, tenantId: string) => ({ caseId: 'T-1', query, tenantId, history: [], mode: 'system' as const })

describe('createRagRuntime', () => {
  test('caches the built index on disk and ranks the same through worker threads as in-process', async () => {
    const outDir = tempDir()
    const inProcess = await createRagRuntime(resolveConfig({ outDir }, repoRoot, {}))
    const cached = readdirSync(join(outDir, 'index'))
    expect(cached.filter((f) => f.endsWith('.vragidx'))).toHaveLength(1)

    const pooled = await createRagRuntime(resolveConfig({ outDir, search: { workers: true } }, repoRoot, {}))
    try {
      for (const [query, tenant] of [
        ['What is the maximum number of seats on the Team plan?', 'quillfern'],
        ['What does BM-E422 mean?', 'brassmoth'],
        ['How do I set up SSO?', 'quillfern'],
      ] as const) {
        const a = await inProcess.adapter.run(input(query, tenant))
        const b = await pooled.adapter.run(input(query, tenant))
        expect(b.retrieved, query).toEqual(a.retrieved)
        expect(b.answer, query).toBe(a.answer)
        expect(b.retrieved.every((h) => h.tenantId === tenant)).toBe(true)
      }
    } finally {
      await inProcess.close()
      await pooled.close()
    }
    expect(existsSync(join(outDir, 'index'))).toBe(true)
  }, 60_000)
})
