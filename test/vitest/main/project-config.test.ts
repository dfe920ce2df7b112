/**
 * The CLI's load of a project's Vitest config, in process (the child-process runs are in
 * test/cli/project-config-e2e.test.ts): a bad option is refused with every problem and the config file that
 * holds it, as the run's startup list does.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { expect, test } from 'vitest'
import { loadProjectConfig } from '../../../src/vitest/main/project-config.ts'
import { repoRoot, tempDir } from '../../helpers/run-vitest.ts'

test('a misspelt ragEval option: the problem with its did-you-mean, and the config file that holds it', async () => {
  const dir = tempDir('vitest-rag-project-config-')
  mkdirSync(join(dir, 'golden'))
  const plugin = pathToFileURL(join(repoRoot, 'src/public/plugin.ts')).href
  writeFileSync(
    join(dir, 'vitest.config.mjs'),
    `import { ragEval } from ${JSON.stringify(plugin)}\nexport default { test: { projects: [{ plugins: [ragEval({ adaptor: { kind: 'reference' } })], test: { name: 'evals' } }] } }\n`,
  )
  const loading = loadProjectConfig(dir, {}, {})
  await expect(loading).rejects.toThrow('adaptor: unknown field "adaptor" (fix: did you mean "adapter"?)')
  await expect(loading).rejects.toThrow(/\n\(the options are in vitest\.config\.mjs\)$/)
})
