/**
 * The runtime a worker builds: the search index is cached on disk (a second runtime loads it), and with
 * `search.workers` the same cases rank identically through the tinypool workers.
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { resolveConfig } from '../../src/config/resolve.ts'
import { createRagRuntime, stageRagRuntime } from '../../src/evaluation/create-runtime.ts'
import { createRetrievalRuntime } from '../../src/lab/experiments/run-cases.ts'
import { prepareCorpus } from '../../src/corpus/prepare-corpus.ts'
import { startOpenAiServer } from '../helpers/openai-server.ts'
import { repoRoot, tempDir } from '../helpers/run-vitest.ts'

const input = (query: string, tenantId: string) => ({
  caseId: 'T-1',
  query,
  tenantId,
  history: [],
  mode: 'system' as const,
})

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

describe('the one runtime builder serves the experiments', () => {
  test("an experiment's retrieval-only arm retrieves what a Vitest run in retrieval mode retrieves, in memory and under its arm's name", async () => {
    const outDir = tempDir()
    const config = resolveConfig({ outDir, mode: 'retrieval' }, repoRoot, {})
    const run = await createRagRuntime(config)
    const arm = await createRetrievalRuntime(config, await prepareCorpus(config.corpus, config.chunker), {
      arm: 'bm25',
    })
    try {
      expect(arm.adapter.name).toBe('retrieval-bm25')
      expect(arm.config.mode).toBe('retrieval')
      expect(arm.judge).toBeUndefined()
      const query = input('What is the maximum number of seats on the Team plan?', 'quillfern')
      expect((await arm.adapter.run({ ...query, mode: 'retrieval' })).retrieved).toEqual(
        (await run.adapter.run({ ...query, mode: 'retrieval' })).retrieved,
      )
    } finally {
      await run.close()
      await arm.close()
    }
  }, 60_000)
})

describe('createRagRuntime with an embedding model', () => {
  test('the vector arm embeds through the model client, and a second run embeds no chunk again', async () => {
    const server = await startOpenAiServer()
    const outDir = tempDir()
    const models = {
      embedder: {
        chain: [
          {
            name: 'local-embed',
            baseURL: server.baseURL,
            apiKeyEnv: 'EMBED_TEST_KEY',
            model: 'text-embedding-3-small',
          },
        ],
      },
    }
    process.env.EMBED_TEST_KEY = 'sk-test-embed'
    try {
      const options = { outDir, mode: 'retrieval' as const, search: { arm: 'vector' as const }, models }
      const first = await createRagRuntime(resolveConfig(options, repoRoot, {}))
      const out = await first.adapter.run({
        ...input('What is the maximum number of seats on the Team plan?', 'quillfern'),
        mode: 'retrieval',
      })
      await first.close()
      // The local server returns deterministic 8-dimensional vectors; every chunk and the query went through it.
      const embedded = server.requests
        .filter((r) => r.path.endsWith('/embeddings'))
        .flatMap((r) => r.body.input as string[])
      expect(embedded.length).toBeGreaterThan(first.prepared.chunks.length)
      expect(out.retrieved.length).toBeGreaterThan(0)
      expect(out.retrieved.every((h) => h.tenantId === 'quillfern')).toBe(true)

      // Second runtime: the index comes from the on-disk cache and the query from the response cache.
      const before = server.requests.length
      const second = await createRagRuntime(resolveConfig(options, repoRoot, {}))
      const again = await second.adapter.run({
        ...input('What is the maximum number of seats on the Team plan?', 'quillfern'),
        mode: 'retrieval',
      })
      await second.close()
      expect(server.requests.length).toBe(before)
      expect(again.retrieved).toEqual(out.retrieved)
    } finally {
      delete process.env.EMBED_TEST_KEY
      await server.close()
    }
  }, 60_000)

  test('the tenancy and tenantPattern options reach the source resolver', async () => {
    const outDir = tempDir()
    // billing/plans is a document of both sample tenants: strict leaves a bare key ambiguous, label takes the label.
    const strict = await createRagRuntime(resolveConfig({ outDir }, repoRoot, {}))
    const label = await createRagRuntime(
      resolveConfig({ outDir, tenancy: 'label', tenantPattern: '^([a-z]+)\\.kb\\.example\\.com/' }, repoRoot, {}),
    )
    try {
      const ref = { docId: 'billing/plans', tenantId: 'brassmoth' }
      expect(strict.resolveSource?.(ref, 'quillfern')).toMatchObject({
        resolved: false,
        ambiguous: { tenants: ['brassmoth', 'quillfern'] },
      })
      expect(label.resolveSource?.(ref, 'quillfern')).toMatchObject({
        resolved: true,
        docId: 'brassmoth/doc/billing/plans',
        tieBrokenBy: 'label',
      })
      expect(
        label.resolveSource?.({ url: 'https://quillfern.kb.example.com/billing/plans' }, 'brassmoth'),
      ).toMatchObject({ resolved: true, docId: 'quillfern/doc/billing/plans' })
    } finally {
      await strict.close()
      await label.close()
    }
  })
})

describe('stageRagRuntime', () => {
  test('a module adapter answers before the corpus is read, and the whole runtime grades with that same adapter', async () => {
    const dir = tempDir()
    writeFileSync(
      join(dir, 'adapter.mjs'),
      'export default (input) => ({ retrieved: [], answer: `echo ${input.query}` })\n',
    )
    const config = resolveConfig(
      {
        corpus: { kind: 'kb', root: 'kb' },
        adapter: { kind: 'module', path: 'adapter.mjs' },
        outDir: join(dir, 'out'),
      },
      dir,
      {},
    )
    const staged = stageRagRuntime(config)
    try {
      const system = await staged.system()
      expect((await system.adapter.run(input('hello', 't1'))).answer).toBe('echo hello')
      // The knowledge base is written only now: had the system stage prepared the corpus, it would not hold it.
      mkdirSync(join(dir, 'kb/tenants/t1/docs'), { recursive: true })
      writeFileSync(join(dir, 'kb/tenants/t1/docs/plans.md'), '# Plans\n\nThe Team plan has 10 seats.\n')
      const runtime = await staged.runtime()
      expect(runtime.adapter).toBe(system.adapter)
      expect(runtime.prepared.corpus.documents.map((d) => d.id)).toEqual(['t1/doc/plans'])
      expect(runtime.resolveSource).toBeDefined()
      expect(runtime.judge).toBeDefined()
    } finally {
      await staged.close()
    }
  })
})
