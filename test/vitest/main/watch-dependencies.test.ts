/**
 * Watch mode reruns the cases when the adapter module, a module it imports, the sourceMap module or a module
 * that one imports changes (issue #24, item 6). Vitest reruns a test file when a changed file's module reaches
 * it through importers (its watcher's handleFileChanged walks `importers` up to a test file), so this checks that
 * graph as the plugin leaves it: a real Vite server (middleware mode, no watcher, no port) transforms a golden
 * file, then imports the adapter and the source map module as the worker does, and every one of the four files
 * must reach the golden file. The spine e2e test edits the adapter itself under `vitest watch`; this covers the
 * rest without a second watch process.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { EnvironmentModuleGraph } from 'vite'
import { afterAll, expect, test } from 'vitest'
import { repoRoot, tempDir } from '../../helpers/run-vitest.ts'
import { withRagEvalServer } from '../../helpers/vite-server.ts'

const root = tempDir('vitest-rag-watch-graph-')
afterAll(() => rmSync(root, { recursive: true, force: true }))

/** The files whose modules reach a `*.golden.jsonl` module through importers, as Vitest's watcher walks them. */
function goldenFilesReachedFrom(graph: EnvironmentModuleGraph, file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return []
  seen.add(file)
  if (file.endsWith('.golden.jsonl')) return [file]
  const importers = [...(graph.getModulesByFile(file) ?? [])].flatMap((m) => [...m.importers])
  return importers.flatMap((i) => (i.file ? goldenFilesReachedFrom(graph, i.file, seen) : []))
}

test("edits of the adapter, its imports, the sourceMap module and its imports all reach the golden file's cases", async () => {
  mkdirSync(join(root, 'golden'))
  const line = { case_id: 'c1', case_type: 'out_of_scope', tenant_id: 'north', query: 'What is the weather?' }
  writeFileSync(join(root, 'golden/a.golden.jsonl'), `${JSON.stringify(line)}\n`)
  writeFileSync(join(root, 'words.ts'), "export const word = 'amber'\n")
  writeFileSync(
    join(root, 'bot.ts'),
    "import { word } from './words.ts'\nexport default () => ({ retrieved: [], answer: word })\n",
  )
  writeFileSync(join(root, 'ids.ts'), "export const table: Record<string, string> = { a: 'north/doc/amber-n' }\n")
  writeFileSync(join(root, 'map.ts'), "import { table } from './ids.ts'\nexport default (ref: string) => table[ref]\n")
  const options = {
    corpus: { kind: 'kb', root: join(repoRoot, 'test/fixtures/e2e/kb') },
    adapter: { kind: 'module', path: 'bot.ts' },
    sourceMap: 'map.ts',
    outDir: join(root, 'out'),
  } as const
  await withRagEvalServer(root, options, async (server) => {
    const env = server.environments.ssr
    await env.transformRequest('/golden/a.golden.jsonl')
    // The worker imports the adapter and the source map module by path through the same server.
    await env.transformRequest(join(root, 'bot.ts'))
    await env.transformRequest(join(root, 'map.ts'))
    const golden = join(root, 'golden/a.golden.jsonl')
    for (const changed of ['bot.ts', 'words.ts', 'map.ts', 'ids.ts'])
      expect(goldenFilesReachedFrom(env.moduleGraph, join(root, changed)), changed).toEqual([golden])
    // A file nothing imports reruns nothing: the walk is not vacuous.
    writeFileSync(join(root, 'unrelated.ts'), 'export {}\n')
    expect(goldenFilesReachedFrom(env.moduleGraph, join(root, 'unrelated.ts'))).toEqual([])
  })
})
