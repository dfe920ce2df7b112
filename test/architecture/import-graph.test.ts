import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import {
  cyclesOf,
  fileCycles,
  folderOf,
  groupEdges,
  longestChain,
  measureArchitecture,
  readFloors,
  readImportGraph,
  stageOf,
  upwardImports,
  type FileImports,
} from '../../scripts/architecture.ts'

const root = join(import.meta.dirname, '..', '..')
const graph = readImportGraph(root)
const floors = readFloors(root)

/**
 * The pure cores: no Vitest, threads, file or network I/O, not even through a helper. `search/` is one except its
 * `pool/` (threads) and `files/` (the index on disk).
 */
const isPureCore = (file: string): boolean =>
  /^src\/(?:shared\/stats|grading\/metrics|report\/scorecard|report\/gate)\//.test(file) ||
  (file.startsWith('src/search/') && !/^src\/search\/(?:pool|files)\//.test(file))
/** Bare modules a pure core may not reach: file, thread and network I/O, and Vitest. */
const IMPURE = /^(?:node:)?(?:fs|fs\/promises|worker_threads|child_process|net|http|https)$|^vitest(?:\/|$)|^tinypool$/

/** Reads of thread identity that start no thread: `file imports spec`, with the reason. */
const THREAD_IDENTITY_ONLY = new Set([
  // The shared spend file names a reservation holder `pid:threadId`; it starts and talks to no thread.
  'src/llm/spend-file.ts imports node:worker_threads',
])

/**
 * Files that reach a forbidden bare module (directly or through other src/ files), with the chain that gets
 * there: `src/report/gate/x.ts -> src/shared/util/atomic-write.ts -> node:fs/promises`.
 */
function forbiddenReaches(
  files: readonly FileImports[],
  from: (file: string) => boolean,
  forbidden: (spec: string) => boolean,
): string[] {
  const byFile = new Map(files.map((f) => [f.file, f]))
  const chainOf = new Map<string, string | null>()
  const reach = (file: string, seen: Set<string>): string | null => {
    if (chainOf.has(file)) return chainOf.get(file)!
    if (seen.has(file)) return null
    seen.add(file)
    const node = byFile.get(file)
    let chain: string | null = null
    const bad = node?.external.find(forbidden)
    if (bad !== undefined) chain = `${file} -> ${bad}`
    for (const target of node?.local ?? []) {
      if (chain !== null) break
      const rest = reach(target, seen)
      if (rest !== null) chain = `${file} -> ${rest}`
    }
    chainOf.set(file, chain)
    return chain
  }
  return files.filter((f) => from(f.file)).flatMap((f) => reach(f.file, new Set()) ?? [])
}

/** File imports from files matching `from` to files matching `to`. */
function importsBetween(from: RegExp, to: RegExp): string[] {
  return graph.flatMap((f) =>
    from.test(f.file) ? f.local.filter((t) => to.test(t)).map((t) => `${f.file} imports ${t}`) : [],
  )
}

describe('the stages of src/', () => {
  test('every stage under src/ has a floor in docs/design.md', () => {
    const stages = [...new Set(graph.map((f) => stageOf(f.file)))].sort()
    expect(stages.filter((s) => !floors.has(s))).toEqual([])
    // The parse found the table at all (a renamed heading must not make every check vacuous).
    expect(floors.get('shared')).toBe(0)
  })

  test('every relative import names a file that exists', () => {
    const missing = graph.flatMap((f) =>
      f.local.filter((t) => !existsSync(join(root, t))).map((t) => `${f.file} imports ${t}`),
    )
    expect(missing).toEqual([])
  })

  test('no stage imports a stage on a higher floor', () => {
    expect(upwardImports(graph, floors)).toEqual([])
  })

  test('no two folders import each other, directly or round a loop, and no two files either', () => {
    expect(cyclesOf(groupEdges(graph, folderOf).keys())).toEqual([])
    expect(fileCycles(graph)).toEqual([])
  })

  test('the pure cores reach no file, thread or network I/O and no Vitest, even through a helper', () => {
    expect(forbiddenReaches(graph, isPureCore, (spec) => IMPURE.test(spec))).toEqual([])
  })

  test('only src/vitest/ imports Vitest and only src/search/pool/ imports tinypool or worker threads', () => {
    const stray = graph.flatMap((f) =>
      f.external
        .filter(
          (spec) =>
            (/^vitest(?:\/|$)/.test(spec) && stageOf(f.file) !== 'vitest') ||
            (/^(?:tinypool|(?:node:)?worker_threads)$/.test(spec) && !f.file.startsWith('src/search/pool/')),
        )
        .map((spec) => `${f.file} imports ${spec}`)
        .filter((line) => !THREAD_IDENTITY_ONLY.has(line)),
    )
    expect(stray).toEqual([])
  })

  test("the Vitest main process and the worker share only src/vitest/'s own root files", () => {
    expect(importsBetween(/^src\/vitest\/main\//, /^src\/vitest\/worker\//)).toEqual([])
    expect(importsBetween(/^src\/vitest\/worker\//, /^src\/vitest\/main\//)).toEqual([])
  })

  test('only the CLI imports the lab (experiments, test sets, calibration, qrels pooling)', () => {
    expect(importsBetween(/^src\/(?!cli\/|lab\/)/, /^src\/lab\//)).toEqual([])
  })

  test('grading never imports the reference system: the hard checks, judges, metrics and per-case evaluation', () => {
    // create-runtime.ts builds the pipeline as the system under test; everything that scores an answer reads
    // shared rules (shared/text/conflict-rule.ts, shared/text/abstention.ts) instead of the pipeline's code.
    expect(
      importsBetween(/^src\/(?:grading\/|evaluation\/(?!create-runtime\.ts))/, /^src\/system\/reference\//),
    ).toEqual([])
  })

  test('the package exports only src/public/ entry points', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: Record<string, unknown> }
    const targets = Object.entries(pkg.exports).flatMap(([key, value]) =>
      key === './package.json' ? [] : Object.values(value as Record<string, string>),
    )
    expect(targets.filter((t) => !t.startsWith('./dist/public/'))).toEqual([])
  })

  test('the shape docs/design.md states: at most 14 stages, chains of at most 12 stages, the tenant in 6', () => {
    const figures = measureArchitecture(root)
    expect(figures.stages).toBeLessThanOrEqual(14)
    expect(figures.longestChain.length).toBeLessThanOrEqual(12)
    expect(figures.tenantTrace.missing).toEqual([])
    expect(figures.tenantTrace.stages.length).toBeLessThanOrEqual(6)
  })
})

describe('the graph checks themselves', () => {
  test('a two-folder loop is reported as one cycle, a chain as none', () => {
    expect(cyclesOf(['a -> b', 'b -> a', 'b -> c'])).toEqual([['a', 'b']])
    expect(cyclesOf(['a -> b', 'b -> c'])).toEqual([])
  })

  test('the longest chain of a -> b -> c plus a -> c is a, b, c (three folders)', () => {
    expect(longestChain(['a -> b', 'b -> c', 'a -> c'])).toEqual(['a', 'b', 'c'])
  })

  test('a file loop through a type import is a file cycle', () => {
    const files = [
      { file: 'src/x/a.ts', local: ['src/x/b.ts'], external: [] },
      { file: 'src/x/b.ts', local: ['src/x/a.ts'], external: [] },
      { file: 'src/x/c.ts', local: ['src/x/a.ts'], external: [] },
    ]
    expect(fileCycles(files)).toEqual([['src/x/a.ts', 'src/x/b.ts']])
  })

  test('a sub-folder is its own folder, a file right in a stage belongs to the stage', () => {
    expect(folderOf('src/grading/judge/rubric.ts')).toBe('grading/judge')
    expect(folderOf('src/search/pool/worker/search-worker.ts')).toBe('search/pool')
    expect(folderOf('src/corpus/load-kb.ts')).toBe('corpus')
    expect(stageOf('src/grading/judge/rubric.ts')).toBe('grading')
  })

  test('a core that reaches node:fs through a helper is reported with its chain', () => {
    const fake = [
      { file: 'src/report/gate/a.ts', local: ['src/shared/util/w.ts'], external: [] },
      { file: 'src/shared/util/w.ts', local: [], external: ['node:fs/promises'] },
    ]
    expect(forbiddenReaches(fake, isPureCore, (s) => IMPURE.test(s))).toEqual([
      'src/report/gate/a.ts -> src/shared/util/w.ts -> node:fs/promises',
    ])
  })
})
