/**
 * How the CLI loads a Vitest config (issue #24, item 2): Vite's bundled load fails under a loader that hooks
 * `require` for TypeScript (tsx's full loader), so the CLI must see that hook up front and use Vite's module
 * runner instead of failing once and loading the config a second time. Two short Node children, one per loader.
 */
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { expect, test } from 'vitest'
import { repoRoot } from '../../helpers/run-vitest.ts'
import { hasCommonJsTypeScriptHook } from '../../../src/vitest/main/typescript-hook.ts'

/** What hasCommonJsTypeScriptHook() says in a Node child started with `--import loader`. */
function hookSeenUnder(loader: string): string {
  const module = pathToFileURL(join(repoRoot, 'src/vitest/main/typescript-hook.ts')).href
  const script = `const m = await import(${JSON.stringify(module)}); console.log(m.hasCommonJsTypeScriptHook())`
  const url = pathToFileURL(join(repoRoot, 'node_modules/tsx/dist', loader)).href
  return execFileSync(process.execPath, ['--import', url, '--input-type=module', '-e', script], {
    cwd: repoRoot,
    encoding: 'utf8',
  }).trim()
}

test('tsx full loader hooks require for .ts: the CLI sees it and goes straight to the module runner', () => {
  expect(hookSeenUnder('loader.mjs')).toBe('true')
})

test('tsx/esm and plain Node (how the published binary runs) do not: the fast bundled load is used', () => {
  expect(hookSeenUnder('esm/index.mjs')).toBe('false')
  // Vitest runs this file without a CommonJS TypeScript hook either.
  expect(hasCommonJsTypeScriptHook()).toBe(false)
})
