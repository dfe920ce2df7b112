/**
 * Unit-project global setup: the end-to-end tests' child processes run the built package (dist/, see
 * test/helpers/run-vitest.ts), so a run must never test a dist/ older than the sources. `npm test` builds first
 * (its pretest step) and finds dist/ fresh here; a single file run during development (`npx vitest run --project
 * unit <file>`) after an edit finds it stale and rebuilds it (`node scripts/build.mjs`, about 15 s) before any
 * test starts, and so does a watch-mode rerun after an edit. Rebuilding rather than failing: a forgotten build
 * would otherwise cost a confusing e2e failure, or worse a pass against the old code.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import type { TestProject } from 'vitest/node'
import { repoRoot } from '../helpers/run-vitest.ts'

/** The files other than src/ that `npm run build` reads: a change to one changes dist/ too. */
const BUILD_INPUTS = ['scripts/build.mjs', 'tsconfig.build.json', 'tsconfig.json']

/** Every file under `dir` whose name ends with `suffix`, relative to `dir`, with its modification time. */
function filesOf(dir: string, suffix: string): Map<string, number> {
  const files = new Map<string, number>()
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(suffix) || entry.name.endsWith('.d.ts')) continue
    const path = join(entry.parentPath, entry.name)
    files.set(relative(dir, path), statSync(path).mtimeMs)
  }
  return files
}

/**
 * Why dist/ under `root` does not hold the current build of src/, or undefined when it does: dist/ is missing,
 * a source has no compiled module or a compiled module no source (added or deleted since the build), or a source
 * or build input was modified after the oldest compiled module was written (each build writes a fresh dist/).
 */
export function staleDistReason(root: string, inputs: string[] = BUILD_INPUTS): string | undefined {
  const dist = join(root, 'dist')
  if (!existsSync(dist)) return 'there is no dist/'
  const sources = filesOf(join(root, 'src'), '.ts')
  const built = filesOf(dist, '.js')
  for (const source of sources.keys()) {
    if (!built.has(source.replace(/\.ts$/, '.js'))) return `src/${source} has no dist/ module`
  }
  for (const module of built.keys()) {
    if (!sources.has(module.replace(/\.js$/, '.ts'))) return `dist/${module} has no source (deleted)`
  }
  const builtAt = Math.min(...built.values())
  const newer = [
    ...[...sources].map(([path, mtime]) => [`src/${path}`, mtime] as const),
    ...inputs.map((path) => [path, statSync(join(root, path)).mtimeMs] as const),
  ].find(([, mtime]) => mtime > builtAt)
  return newer ? `${newer[0]} changed after the build` : undefined
}

/** Rebuilds dist/ when it is stale; a failed build stops the run, saying what to fix. */
function ensureFreshDist(): void {
  const reason = staleDistReason(repoRoot)
  if (reason === undefined) return
  console.error(`dist/ is stale (${reason}): rebuilding it for the end-to-end tests (node scripts/build.mjs)`)
  const build = spawnSync(process.execPath, [join(repoRoot, 'scripts/build.mjs')], { stdio: 'inherit' })
  if (build.status !== 0)
    throw new Error('the build of dist/ failed (see above): fix it, then run `npm run build` or the tests again')
}

/** Checks dist/ before the run, and again before each watch-mode rerun. */
export default function setup(project: TestProject): void {
  ensureFreshDist()
  project.onTestsRerun(() => ensureFreshDist())
}
