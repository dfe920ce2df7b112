#!/usr/bin/env node
// `npm run build`: compiles src/ to dist/ (ESM JavaScript, .d.ts, source maps) with tsconfig.build.json. It
// compiles into a fresh sibling folder and swaps it in by renaming, so a deleted source file leaves no stale
// module behind, and a process that runs dist/ meanwhile (a second test run's end-to-end child, a bench, the
// binary) sees the old build or the new one, never an emptied or half-written dist/ for the ~15 s tsc takes.
// It reports on stderr, so `npm pack --json` (which runs it as prepack) keeps a clean stdout.
// TypeScript rewrites the sources' relative `.ts` imports to `.js` in the JavaScript it emits
// (rewriteRelativeImportExtensions) but keeps them in the declarations; TypeScript >= 5.0 resolves those, older
// consumers do not, so the declarations get the same `.js` specifiers here.
import { spawnSync } from 'node:child_process'
import { readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const dist = join(root, 'dist')
// A sibling of dist/ at the same depth, so the source maps' relative paths to src/ stay right after the rename;
// per process, so two builds at once do not write into each other's output.
const building = join(root, `.dist-build-${process.pid}`)
rmSync(building, { recursive: true, force: true })
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')
const result = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json'), '--outDir', building], {
  stdio: 'inherit',
})
if (result.status !== 0) {
  rmSync(building, { recursive: true, force: true })
  process.exit(result.status ?? 1)
}

const RELATIVE_TS = /((?:from|import)\s*\(?\s*['"])(\.{1,2}\/[^'"]+)\.ts(['"])/g
let rewritten = 0
for (const entry of readdirSync(building, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith('.d.ts')) continue
  const file = join(entry.parentPath, entry.name)
  const text = readFileSync(file, 'utf8')
  const next = text.replace(RELATIVE_TS, '$1$2.js$3')
  if (next !== text) {
    writeFileSync(file, next)
    rewritten++
  }
}
swapIn(building, dist)
console.error(`vitest-rag build: dist/ written (${rewritten} declaration files had their .ts imports rewritten to .js)`)

/**
 * Replaces `target` with `fresh` by two renames; the old build is removed only after the new one is in place, so
 * dist/ is missing for the moment between the renames, not for the removal. A concurrent build that swapped in
 * between puts `target` back: move that aside too and retry, so the last build to finish wins and no build's
 * folder is left behind.
 */
function swapIn(fresh, target) {
  for (let attempt = 0; ; attempt++) {
    const old = `${fresh}-old-${attempt}`
    try {
      renameSync(target, old)
    } catch (error) {
      if (error.code !== 'ENOENT') throw error
    }
    try {
      renameSync(fresh, target)
      rmSync(old, { recursive: true, force: true })
      return
    } catch (error) {
      rmSync(old, { recursive: true, force: true })
      if (!['ENOTEMPTY', 'EEXIST'].includes(error.code) || attempt >= 5) throw error
    }
  }
}
