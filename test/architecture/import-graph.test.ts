import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { fileEdges, folderCycles, folderEdges, folderOf, forbiddenReaches, readImportGraph } from './import-graph.ts'

const root = join(import.meta.dirname, '..', '..')
const graph = readImportGraph(root)
const edges = folderEdges(graph)

/**
 * The floors as docs/design.md writes them: rows `| 3 | \`src/cases/\` ... |` of its floor table. A folder may
 * import folders on its own floor or lower; the design doc is the one place they are written down.
 */
function readFloors(): Map<string, number> {
  const floors = new Map<string, number>()
  const design = readFileSync(join(root, 'docs', 'design.md'), 'utf8')
  for (const row of design.matchAll(/^\|\s*(\d+)\s*\|([^|]+)\|/gm)) {
    for (const folder of row[2]!.matchAll(/`src\/([a-z-]+)\/`/g)) floors.set(folder[1]!, Number(row[1]))
  }
  return floors
}

const floors = readFloors()
const PURE_CORES = ['search', 'metrics', 'stats', 'scorecard', 'gate']
/** Bare modules a pure core may not reach: file, thread and network I/O, and Vitest. */
const IMPURE = /^(?:node:)?(?:fs|fs\/promises|worker_threads|child_process|net|http|https)$|^vitest(?:\/|$)|^tinypool$/

/** Reads of thread identity that start no thread: `file imports spec`, with the reason. */
const THREAD_IDENTITY_ONLY = new Set([
  // The shared spend file names a reservation holder `pid:threadId`; it starts and talks to no thread.
  'src/llm/spend-file.ts imports node:worker_threads',
])

describe('the import graph of src/', () => {
  test('every folder under src/ has a floor in docs/design.md', () => {
    const folders = [...new Set(graph.map((f) => folderOf(f.file)))].sort()
    expect(folders.filter((f) => !floors.has(f))).toEqual([])
    // The parse found the table at all (a renamed heading must not make every check vacuous).
    expect(floors.get('util')).toBe(0)
  })

  test('every relative import names a file that exists', () => {
    const missing = graph.flatMap((f) => f.local.filter((t) => !existsSync(join(root, t))).map((t) => `${f.file} imports ${t}`))
    expect(missing).toEqual([])
  })

  test('no folder imports a folder on a higher floor', () => {
    const upward = [...edges].flatMap(([key, why]) => {
      const [from, to] = key.split(' -> ') as [string, string]
      return (floors.get(to) ?? Infinity) > (floors.get(from) ?? -Infinity) ? why : []
    })
    expect(upward).toEqual([])
  })

  test('no two folders import each other, directly or round a loop', () => {
    expect(folderCycles(edges)).toEqual([])
  })

  test('no file imports itself round a loop (type-only and dynamic imports count too)', () => {
    // A file cycle makes load order matter and hides which file owns a type: a shared type lives in the file
    // that produces it, or in a types file both sides import.
    expect(folderCycles(fileEdges(graph))).toEqual([])
  })

  test('grading never imports the reference pipeline: the hard checks, judges, metrics and per-case evaluation', () => {
    // create-runtime.ts builds the pipeline as the system under test; everything that scores an answer reads
    // shared rules (text/conflict-rule.ts, text/abstention.ts) instead of the pipeline's code.
    const grading = (file: string) => ['checks', 'judge', 'metrics'].includes(folderOf(file)) || (folderOf(file) === 'evaluation' && !file.endsWith('/create-runtime.ts'))
    const reaches = graph.flatMap((f) => (grading(f.file) ? f.local.filter((t) => folderOf(t) === 'generation').map((t) => `${f.file} imports ${t}`) : []))
    expect(reaches).toEqual([])
  })

  test('the pure cores reach no file, thread or network I/O and no Vitest, even through a helper', () => {
    const isCore = (file: string): boolean => PURE_CORES.includes(folderOf(file))
    expect(forbiddenReaches(graph, isCore, (spec) => IMPURE.test(spec))).toEqual([])
  })

  test('only src/vitest/ imports Vitest and only src/pool/ imports tinypool or worker threads', () => {
    const stray = graph.flatMap((f) =>
      f.external
        .filter((spec) => (/^vitest(?:\/|$)/.test(spec) && folderOf(f.file) !== 'vitest') || (/^(?:tinypool|(?:node:)?worker_threads)$/.test(spec) && folderOf(f.file) !== 'pool'))
        .map((spec) => `${f.file} imports ${spec}`)
        .filter((line) => !THREAD_IDENTITY_ONLY.has(line)),
    )
    expect(stray).toEqual([])
  })
})

describe('the graph checks themselves', () => {
  test('a two-folder loop is reported as one cycle, a chain as none', () => {
    const loop = new Map([['a -> b', ['x']], ['b -> a', ['y']], ['b -> c', ['z']]])
    expect(folderCycles(loop)).toEqual([['a', 'b']])
    expect(folderCycles(new Map([['a -> b', ['x']], ['b -> c', ['y']]]))).toEqual([])
  })

  test('a type-only import back makes a file cycle; a file importing a file that imports neither does not', () => {
    const looped = [
      { file: 'src/s/scorecard.ts', local: ['src/s/origins.ts'], external: [] },
      { file: 'src/s/origins.ts', local: ['src/s/grouped.ts'], external: [] },
      { file: 'src/s/grouped.ts', local: ['src/s/scorecard.ts'], external: [] },
    ]
    expect(folderCycles(fileEdges(looped))).toEqual([['src/s/grouped.ts', 'src/s/origins.ts', 'src/s/scorecard.ts']])
    const fixed = [looped[0]!, looped[1]!, { file: 'src/s/grouped.ts', local: [], external: [] }]
    expect(folderCycles(fileEdges(fixed))).toEqual([])
  })

  test('a core that reaches node:fs through a helper is reported with its chain', () => {
    const fake = [
      { file: 'src/gate/a.ts', local: ['src/util/w.ts'], external: [] },
      { file: 'src/util/w.ts', local: [], external: ['node:fs/promises'] },
    ]
    expect(forbiddenReaches(fake, (f) => f.startsWith('src/gate/'), (s) => IMPURE.test(s))).toEqual(['src/gate/a.ts -> src/util/w.ts -> node:fs/promises'])
  })
})
