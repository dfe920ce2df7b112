import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { runConfigFile } from '../../../src/vitest/main/config-files.ts'
import { tempDir } from '../../helpers/run-vitest.ts'

test('the run config file is --config (either spelling) when given, else the one Vitest picks in the root', () => {
  const root = tempDir('vitest-rag-config-files-')
  expect(runConfigFile(root, ['node', 'vitest', 'run'])).toBeUndefined()
  // vitest.config.* comes before vite.config.*, as Vitest looks.
  writeFileSync(join(root, 'vite.config.ts'), '')
  writeFileSync(join(root, 'vitest.config.mjs'), '')
  expect(runConfigFile(root, ['node', 'vitest', 'run'])).toBe(join(root, 'vitest.config.mjs'))
  expect(runConfigFile(root, ['node', 'vitest', '--config', 'ci/vitest.ci.ts'])).toBe(join(root, 'ci/vitest.ci.ts'))
  expect(runConfigFile(root, ['node', 'vitest', '-c', 'other.ts'])).toBe(join(root, 'other.ts'))
  expect(runConfigFile(root, ['node', 'vitest', '--config=x.mts'])).toBe(join(root, 'x.mts'))
})
