/**
 * The binary in a checkout before `npm run build` (issue #24, item 8): `node bin/vitest-rag.js` with no dist/
 * beside it says to build, once, with exit code 1, instead of an ERR_MODULE_NOT_FOUND stack.
 */
import { copyFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { repoRoot, runNode, tempDir } from '../helpers/run-vitest.ts'

test('without dist/ the binary says to run npm run build', async () => {
  const checkout = tempDir('vitest-rag-unbuilt-')
  mkdirSync(join(checkout, 'bin'))
  copyFileSync(join(repoRoot, 'bin/vitest-rag.js'), join(checkout, 'bin/vitest-rag.js'))
  copyFileSync(join(repoRoot, 'package.json'), join(checkout, 'package.json'))
  const run = await runNode(join(checkout, 'bin/vitest-rag.js'), ['--version'], { cwd: checkout })
  expect(run.code).toBe(1)
  expect(run.stderr).toBe(
    'vitest-rag: the CLI is not built (no dist/cli/run.js): run `npm run build` in this checkout first\n',
  )
})
