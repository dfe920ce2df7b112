/**
 * Reads the import graph of `src/`: every relative `import`/`export ... from`/`import()` and every bare module
 * specifier (`node:fs`, `vitest`, `tinypool`), per file. Text-level on purpose (no TypeScript program): the
 * rules are about which file names which module, and a regex over our own formatted sources sees exactly that.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, normalize, relative, sep } from 'node:path'

/** One file's imports: repo-relative targets inside src/ and bare specifiers outside it. */
export interface FileImports {
  /** Repo-relative path with forward slashes, e.g. `src/search/bm25.ts`. */
  file: string
  /** Resolved repo-relative paths of the src/ modules it imports (types included). */
  local: string[]
  /** Bare specifiers it imports, e.g. `node:fs/promises`, `vitest`. */
  external: string[]
}

/**
 * A module specifier in a statement: `import ... from 'x'`, `export ... from 'x'`, `} from 'x'` (the last line
 * of a multi-line import), `import 'x'`, or `import('x')`. Anchored at a line start (except `import(`) so code
 * that a module generates inside a template string is not read as its own import.
 */
const SPECIFIER = /^\s*(?:(?:import|export)\b[^'"\n]*?\bfrom\s+|\}\s*from\s+|import\s+)['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]/gm

function listSources(dir: string): string[] {
  const out: string[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) out.push(...listSources(path))
    else if (/\.(?:ts|mts|mjs|js)$/.test(entry.name)) out.push(path)
  }
  return out.sort()
}

/** Strips comments so an example import inside a doc comment does not count. */
function stripComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')
}

/** Reads every source file under `<root>/src` and the modules it imports. */
export function readImportGraph(root: string): FileImports[] {
  return listSources(join(root, 'src')).map((abs) => {
    const file = relative(root, abs).split(sep).join('/')
    const local: string[] = []
    const external: string[] = []
    for (const match of stripComments(readFileSync(abs, 'utf8')).matchAll(SPECIFIER)) {
      const spec = (match[1] ?? match[2])!
      if (spec.startsWith('.')) local.push(relative(root, normalize(join(dirname(abs), spec))).split(sep).join('/'))
      else external.push(spec)
    }
    return { file, local, external }
  })
}

/** The folder right under src/ that a repo-relative path belongs to (`src/search/bm25.ts` -> `search`). */
export function folderOf(file: string): string {
  return file.split('/')[1]!
}

/** Folder-level edges `from -> to` (from != to), each with the file imports that make it. */
export function folderEdges(graph: readonly FileImports[]): Map<string, string[]> {
  const edges = new Map<string, string[]>()
  for (const { file, local } of graph) {
    for (const target of local) {
      const from = folderOf(file)
      const to = folderOf(target)
      if (from === to) continue
      const key = `${from} -> ${to}`
      edges.set(key, [...(edges.get(key) ?? []), `${file} imports ${target}`])
    }
  }
  return edges
}

/** Folder cycles (strongly connected components of more than one folder), each sorted by name. */
export function folderCycles(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  const next = new Map<string, string[]>()
  for (const key of edges.keys()) {
    const [from, to] = key.split(' -> ') as [string, string]
    next.set(from, [...(next.get(from) ?? []), to])
    if (!next.has(to)) next.set(to, [])
  }
  // Tarjan's algorithm: one pass, each component popped when its root finishes.
  let counter = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const cycles: string[][] = []
  const visit = (node: string): void => {
    index.set(node, counter)
    low.set(node, counter++)
    stack.push(node)
    onStack.add(node)
    for (const to of next.get(node)!) {
      if (!index.has(to)) {
        visit(to)
        low.set(node, Math.min(low.get(node)!, low.get(to)!))
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!))
    }
    if (low.get(node) !== index.get(node)) return
    const component: string[] = []
    let popped: string
    do {
      popped = stack.pop()!
      onStack.delete(popped)
      component.push(popped)
    } while (popped !== node)
    if (component.length > 1) cycles.push(component.sort())
  }
  for (const node of [...next.keys()].sort()) if (!index.has(node)) visit(node)
  return cycles
}

/**
 * Files that reach a forbidden bare module (directly or through other src/ files), with the chain that gets
 * there: `src/gate/x.ts -> src/util/atomic-write.ts -> node:fs/promises`.
 */
export function forbiddenReaches(graph: readonly FileImports[], from: (file: string) => boolean, forbidden: (spec: string) => boolean): string[] {
  const byFile = new Map(graph.map((f) => [f.file, f]))
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
  return graph.filter((f) => from(f.file)).flatMap((f) => reach(f.file, new Set()) ?? [])
}

/**
 * File-level edges `from -> to` (from != to), keyed like {@link folderEdges} so {@link folderCycles} finds file
 * cycles too. Every import counts: type-only and dynamic ones included.
 */
export function fileEdges(graph: readonly FileImports[]): Map<string, string[]> {
  const edges = new Map<string, string[]>()
  for (const { file, local } of graph) for (const target of local) if (target !== file) edges.set(`${file} -> ${target}`, [`${file} imports ${target}`])
  return edges
}
