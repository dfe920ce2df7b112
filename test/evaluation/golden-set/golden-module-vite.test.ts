/**
 * The golden module as Vite serves it to a worker: the ragEval plugin's transform run by a real Vite server
 * (middleware mode, no port) over the e2e fixture project.
 */
import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { repoRoot, tempDir } from '../../helpers/run-vitest.ts'
import { withRagEvalServer } from '../../helpers/vite-server.ts'

const fixtureDir = join(repoRoot, 'test/fixtures/e2e')
const out = tempDir('vitest-rag-golden-module-')
afterAll(() => rmSync(out, { recursive: true, force: true }))

describe('the golden module through Vite', () => {
  test('its source map carries the golden text only up to the first case line, not the whole file', async () => {
    const options = {
      corpus: { kind: 'kb', root: 'kb' },
      adapter: { kind: 'module', path: 'adapter.ts' },
      prompts: 'prompts',
      outDir: out,
    } as const
    await withRagEvalServer(fixtureDir, options, async (server) => {
      const result = await server.environments.ssr.transformRequest('/golden/a.golden.jsonl')
      const golden = readFileSync(join(fixtureDir, 'golden/a.golden.jsonl'), 'utf8')
      // The fixture's first case is on line 1, so the map holds that line alone (with its newline); without the
      // plugin's sourcesContent Vite reads the whole file into the map (10 cases here, 8.7 MB at 20,000).
      const firstLine = golden.slice(0, golden.indexOf('\n') + 1)
      expect(result?.map && 'sourcesContent' in result.map ? result.map.sourcesContent : undefined).toEqual([firstLine])
      expect(result?.code).toContain('registerGoldenFile)(')
      expect(result?.code).not.toContain(golden.slice(0, 40))
    })
  })
})
