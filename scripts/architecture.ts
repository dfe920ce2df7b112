/**
 * `npm run architecture`: measures the shape of `src/` and prints it (`--json` for the figures as JSON).
 *
 * What it measures, each as docs/design.md states it:
 * - stages: the folders right under `src/` (the pipeline's stages);
 * - folders: a stage, or a sub-folder of a stage (`grading/judge`): the unit of the import graph below;
 * - the longest chain of stages, and of folders, each importing the next (counted in stages or folders);
 * - folder cycles and file cycles (strongly connected components of more than one node; type imports count);
 * - upward imports: a stage that imports a stage on a higher floor of the floor table;
 * - the tenant's trace: the hops a case's tenant takes from its golden line to the leak check, each a file and
 *   a symbol the file must still define, and how many stages they cross.
 * The import graph is read from the text of the sources (no TypeScript program): the rules are about which file
 * names which module, and a regex over our own formatted sources sees exactly that.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, normalize, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

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
const SPECIFIER =
  /^\s*(?:(?:import|export)\b[^'"\n]*?\bfrom\s+|\}\s*from\s+|import\s+)['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]/gm

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
      if (spec.startsWith('.'))
        local.push(
          relative(root, normalize(join(dirname(abs), spec)))
            .split(sep)
            .join('/'),
        )
      else external.push(spec)
    }
    return { file, local, external }
  })
}

/** The stage a repo-relative path belongs to: the folder right under src/ (`src/grading/judge/x.ts` -> `grading`). */
export function stageOf(file: string): string {
  return file.split('/')[1]!
}

/**
 * The folder a file belongs to in the folder graph: its stage's sub-folder when it has one
 * (`src/grading/judge/x.ts` -> `grading/judge`, `src/search/pool/worker/w.ts` -> `search/pool`), else its stage
 * (`src/corpus/load-kb.ts` -> `corpus`).
 */
export function folderOf(file: string): string {
  const parts = file.split('/')
  return parts.length > 3 ? `${parts[1]}/${parts[2]}` : parts[1]!
}

/** Edges `from -> to` (from != to) between the groups `groupOf` names, each with the file imports that make it. */
export function groupEdges(graph: readonly FileImports[], groupOf: (file: string) => string): Map<string, string[]> {
  const edges = new Map<string, string[]>()
  for (const { file, local } of graph) {
    for (const target of local) {
      const from = groupOf(file)
      const to = groupOf(target)
      if (from === to) continue
      const key = `${from} -> ${to}`
      edges.set(key, [...(edges.get(key) ?? []), `${file} imports ${target}`])
    }
  }
  return edges
}

function adjacency(edges: Iterable<string>): Map<string, string[]> {
  const next = new Map<string, string[]>()
  for (const key of edges) {
    const [from, to] = key.split(' -> ') as [string, string]
    next.set(from, [...(next.get(from) ?? []), to])
    if (!next.has(to)) next.set(to, [])
  }
  return next
}

/** Cycles of a graph given as `from -> to` keys: strongly connected components of more than one node, sorted. */
export function cyclesOf(edges: Iterable<string>): string[][] {
  const next = adjacency(edges)
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
  return cycles.sort((a, b) => a[0]!.localeCompare(b[0]!))
}

/** File cycles: files that import each other, directly or round a loop (type-only imports count). */
export function fileCycles(graph: readonly FileImports[]): string[][] {
  return cyclesOf(graph.flatMap(({ file, local }) => local.filter((t) => t !== file).map((t) => `${file} -> ${t}`)))
}

/**
 * The longest chain of groups, each importing the next, in a graph without cycles: its groups in order. On a
 * graph with a cycle the answer is meaningless; check {@link cyclesOf} first.
 */
export function longestChain(edges: Iterable<string>): string[] {
  const next = adjacency(edges)
  const best = new Map<string, string[]>()
  const chainFrom = (node: string, seen: Set<string>): string[] => {
    const known = best.get(node)
    if (known) return known
    let longest: string[] = []
    for (const to of next.get(node)!) {
      if (seen.has(to)) continue
      const rest = chainFrom(to, new Set([...seen, to]))
      if (rest.length > longest.length) longest = rest
    }
    const chain = [node, ...longest]
    best.set(node, chain)
    return chain
  }
  let longest: string[] = []
  for (const node of [...next.keys()].sort()) {
    const chain = chainFrom(node, new Set([node]))
    if (chain.length > longest.length) longest = chain
  }
  return longest
}

/**
 * The floors as docs/design.md writes them: rows `| 3 | \`src/cases/\` ... |` of its floor table. A stage may
 * import stages on its own floor or lower; the design doc is the one place they are written down.
 */
export function readFloors(root: string): Map<string, number> {
  const floors = new Map<string, number>()
  const design = readFileSync(join(root, 'docs', 'design.md'), 'utf8')
  for (const row of design.matchAll(/^\|\s*(\d+)\s*\|([^|]+)\|/gm)) {
    for (const stage of row[2]!.matchAll(/`src\/([a-z-]+)\/`/g)) floors.set(stage[1]!, Number(row[1]))
  }
  return floors
}

/** Stage imports that go up the floor table (or involve a stage the table does not name), with the file imports. */
export function upwardImports(graph: readonly FileImports[], floors: ReadonlyMap<string, number>): string[] {
  return [...groupEdges(graph, stageOf)].flatMap(([key, why]) => {
    const [from, to] = key.split(' -> ') as [string, string]
    return (floors.get(to) ?? Infinity) > (floors.get(from) ?? -Infinity) ? why : []
  })
}

/**
 * The way a case's tenant travels, from its golden line to the leak check, as the files that carry it and the
 * symbol in each that does: parsed with the case, prepared for the worker, handed to the system under test,
 * used to resolve and look up every source the system names, and compared by the leak check.
 */
export const TENANT_TRACE: ReadonlyArray<{ file: string; symbol: string; why: string }> = [
  { file: 'src/cases/schema.ts', symbol: 'GoldenCaseSchema', why: 'the golden line is parsed; `tenant_id` is a field' },
  { file: 'src/cases/resolve-locators.ts', symbol: 'resolveLocators', why: 'expected sources resolve in that tenant' },
  { file: 'src/evaluation/golden-set/golden-set.ts', symbol: 'loadGoldenModuleData', why: 'the prepared case' },
  { file: 'src/vitest/worker/golden-runtime.ts', symbol: 'registerGoldenFile', why: 'one test per case' },
  { file: 'src/evaluation/evaluate-case.ts', symbol: 'evaluateCase', why: 'runs the system with the tenant' },
  {
    file: 'src/system/sources/resolve-source.ts',
    symbol: 'createSourceResolver',
    why: 'each named source and its tenant',
  },
  { file: 'src/corpus/types.ts', symbol: 'tenantId', why: "the corpus says a document's tenant" },
  { file: 'src/grading/checks/hard-checks.ts', symbol: 'checkNoTenantLeak', why: 'the leak check' },
]

/** The stages a trace crosses, in order of first appearance, and the hops whose file or symbol is missing. */
export function traceStages(root: string, trace: typeof TENANT_TRACE): { stages: string[]; missing: string[] } {
  const stages: string[] = []
  const missing: string[] = []
  for (const hop of trace) {
    const path = join(root, hop.file)
    if (!existsSync(path) || !new RegExp(`\\b${hop.symbol}\\b`).test(readFileSync(path, 'utf8'))) {
      missing.push(`${hop.file} ${hop.symbol}`)
    }
    const stage = stageOf(hop.file)
    if (!stages.includes(stage)) stages.push(stage)
  }
  return { stages, missing }
}

/** The figures `npm run architecture` prints. */
export interface ArchitectureFigures {
  /** Folders right under src/. */
  stages: number
  /** Stages and their sub-folders: the nodes of the folder graph. */
  folders: number
  /** Folder-to-folder import arrows. */
  folderArrows: number
  /** The longest chain of stages, each importing the next. */
  longestChain: string[]
  /** The longest chain of folders (stages and their sub-folders), each importing the next. */
  longestFolderChain: string[]
  folderCycles: string[][]
  fileCycles: string[][]
  upwardImports: string[]
  tenantTrace: { stages: string[]; missing: string[] }
}

/** Measures the tree at `root`. */
export function measureArchitecture(root: string): ArchitectureFigures {
  const graph = readImportGraph(root)
  const edges = groupEdges(graph, folderOf)
  return {
    stages: new Set(graph.map((f) => stageOf(f.file))).size,
    folders: new Set(graph.map((f) => folderOf(f.file))).size,
    folderArrows: edges.size,
    longestChain: longestChain(groupEdges(graph, stageOf).keys()),
    longestFolderChain: longestChain(edges.keys()),
    folderCycles: cyclesOf(edges.keys()),
    fileCycles: fileCycles(graph),
    upwardImports: upwardImports(graph, readFloors(root)),
    tenantTrace: traceStages(root, TENANT_TRACE),
  }
}

function printFigures(f: ArchitectureFigures): void {
  const lines = [
    `stages under src/:            ${f.stages}`,
    `folders (stages + sub-folders): ${f.folders}, import arrows between them: ${f.folderArrows}`,
    `longest stage chain:          ${f.longestChain.length} (${f.longestChain.join(' -> ')})`,
    `longest folder chain:         ${f.longestFolderChain.length} (${f.longestFolderChain.join(' -> ')})`,
    `folder cycles:                ${f.folderCycles.length}${f.folderCycles.map((c) => `\n  ${c.join(', ')}`).join('')}`,
    `file cycles:                  ${f.fileCycles.length}${f.fileCycles.map((c) => `\n  ${c.join(', ')}`).join('')}`,
    `upward imports:               ${f.upwardImports.length}${f.upwardImports.map((u) => `\n  ${u}`).join('')}`,
    `tenant, golden line to leak check: ${f.tenantTrace.stages.length} stages (${f.tenantTrace.stages.join(' -> ')})` +
      (f.tenantTrace.missing.length > 0 ? `; hops not found: ${f.tenantTrace.missing.join(', ')}` : ''),
  ]
  console.log(lines.join('\n'))
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..')
  const figures = measureArchitecture(root)
  if (process.argv.includes('--json')) console.log(JSON.stringify(figures, null, 2))
  else printFigures(figures)
}
