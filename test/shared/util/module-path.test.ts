import { expect, test } from 'vitest'
import { compiledModulesPattern, siblingModulePath } from '../../../src/shared/util/module-path.ts'

test('a sibling module has the extension of the module that asks for it', () => {
  expect(siblingModulePath('file:///p/dist/vitest/main/plugin.js', '../worker/environment')).toBe(
    '/p/dist/vitest/worker/environment.js',
  )
  expect(siblingModulePath('file:///p/src/vitest/main/plugin.ts', './global-setup')).toBe(
    '/p/src/vitest/main/global-setup.ts',
  )
})

test("compiled, the package's own modules match (as Vitest's module ids, paths or file URLs); from source, none", () => {
  // A checkout whose path holds regular-expression characters: they match only themselves.
  const own = compiledModulesPattern('file:///w/my.pkg+1/dist/vitest/main/plugin.js', '../..')
  expect(own?.test('/w/my.pkg+1/dist/vitest/worker/environment.js')).toBe(true)
  expect(own?.test('file:///w/my.pkg+1/dist/search/pool/worker.js')).toBe(true)
  // The user's own modules, another folder of the checkout, and a look-alike path are not the package's.
  expect(own?.test('/w/my.pkg+1/test/fixtures/e2e/adapter.ts')).toBe(false)
  expect(own?.test('/w/my.pkg+1/src/vitest/main/plugin.ts')).toBe(false)
  expect(own?.test('/w/myXpkgg1/dist/vitest/main/plugin.js')).toBe(false)
  expect(compiledModulesPattern('file:///w/p/src/vitest/main/plugin.ts', '../..')).toBeUndefined()
})
