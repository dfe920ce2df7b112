#!/usr/bin/env node
// `npm run build`: compiles src/ to dist/ (ESM JavaScript, .d.ts, source maps) with tsconfig.build.json, after
// removing the previous dist/ so a deleted source file leaves no stale module behind. It reports on stderr, so
// `npm pack --json` (which runs it as prepack) keeps a clean stdout.
// TypeScript rewrites the sources' relative `.ts` imports to `.js` in the JavaScript it emits
// (rewriteRelativeImportExtensions) but keeps them in the declarations; TypeScript >= 5.0 resolves those, older
// consumers do not, so the declarations get the same `.js` specifiers here.
import { spawnSync } from 'node:child_process'
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const dist = join(root, 'dist')
rmSync(dist, { recursive: true, force: true })
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')
const result = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit' })
if (result.status !== 0) process.exit(result.status ?? 1)

const RELATIVE_TS = /((?:from|import)\s*\(?\s*['"])(\.{1,2}\/[^'"]+)\.ts(['"])/g
let rewritten = 0
for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith('.d.ts')) continue
  const file = join(entry.parentPath, entry.name)
  const text = readFileSync(file, 'utf8')
  const next = text.replace(RELATIVE_TS, '$1$2.js$3')
  if (next !== text) {
    writeFileSync(file, next)
    rewritten++
  }
}
console.error(`vitest-rag build: dist/ written (${rewritten} declaration files had their .ts imports rewritten to .js)`)
