/**
 * `vitest-rag init` never changes which tests run (issue #24, item 2): temporary projects with a unit test in
 * `src/` and a Vitest config (`.ts` with `include` and no `projects`, `.mts` with a `projects` list, `.js` with a
 * one-line `test` object that init does not edit), `init` run by the real CLI, the printed lines applied as
 * printed, then `vitest list` by real Vitest: the unit test is still listed, beside the evals cases.
 * Needs `npm run build` (the scaffolded config imports `vitest-rag/plugin`, the package's dist).
 */
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { repoRoot, runCliBin, runNode, tempDir } from '../helpers/run-vitest.ts'

const vitestBin = join(repoRoot, 'node_modules/vitest/vitest.mjs')

/** A project with `src/a.test.ts`, `test/b.test.ts` (not included by the configs below) and `config` as `file`. */
function project(file: string, config: string): string {
  const dir = tempDir('vitest-rag-init-e2e-')
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'app', type: 'module' }))
  mkdirSync(join(dir, 'node_modules'))
  for (const name of ['vitest', 'vite', '@vitest'])
    symlinkSync(join(repoRoot, 'node_modules', name), join(dir, 'node_modules', name))
  symlinkSync(repoRoot, join(dir, 'node_modules/vitest-rag'))
  mkdirSync(join(dir, 'src'))
  mkdirSync(join(dir, 'test'))
  writeFileSync(join(dir, 'src/a.test.ts'), "import { test } from 'vitest'\ntest('a unit test', () => {})\n")
  writeFileSync(join(dir, 'test/b.test.ts'), "import { test } from 'vitest'\ntest('not included', () => {})\n")
  writeFileSync(join(dir, file), config)
  return dir
}

/** `vitest list` in `dir`: one line per test, `[project] file > name` (without `[project]` when there are no projects). */
async function listed(dir: string): Promise<string[]> {
  const run = await runNode(vitestBin, ['list', '--root', dir], {
    cwd: dir,
    env: { VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
  })
  expect(run.code, run.output).toBe(0)
  return run.stdout.split('\n').filter((l) => l.includes(' > '))
}

describe('init keeps every test the config ran', { timeout: 180_000 }, () => {
  test('a .ts config with include and no projects: edited, the unit test runs as the project "unit"', async () => {
    const dir = project(
      'vitest.config.ts',
      "import { defineConfig } from 'vitest/config'\n\nexport default defineConfig({\n  test: {\n    include: ['src/**/*.test.ts'],\n  },\n})\n",
    )
    expect(await listed(dir)).toEqual(['src/a.test.ts > a unit test'])
    const init = await runCliBin(['init'], { cwd: dir })
    expect(init.code, init.output).toBe(0)
    expect(init.stdout).toContain(
      "edited       vitest.config.ts (added the evals project; your tests run as before, as the project 'unit' with the same test options)",
    )
    const after = await listed(dir)
    expect(after).toContain('[unit] src/a.test.ts > a unit test')
    expect(after.filter((l) => l.startsWith('[evals] golden/example.golden.jsonl'))).not.toEqual([])
    // The root's include still holds: test/b.test.ts was not run before and is not now.
    expect(after.some((l) => l.includes('test/b.test.ts'))).toBe(false)
  })

  test('a .mts config with a projects list: the evals entry is added to it, the unit project is kept', async () => {
    const dir = project(
      'vitest.config.mts',
      "import { defineConfig } from 'vitest/config'\n\nexport default defineConfig({\n  test: {\n    projects: [\n      { test: { name: 'app', include: ['src/**/*.test.ts'] } },\n    ],\n  },\n})\n",
    )
    const init = await runCliBin(['init'], { cwd: dir })
    expect(init.code, init.output).toBe(0)
    const after = await listed(dir)
    expect(after).toContain('[app] src/a.test.ts > a unit test')
    expect(after.filter((l) => l.startsWith('[evals] '))).not.toEqual([])
  })

  test('a .js config init does not edit: the printed lines, applied as printed, keep the unit test', async () => {
    const config = "export default { test: { include: ['src/**/*.test.ts'] } }\n"
    const dir = project('vitest.config.js', config)
    const init = await runCliBin(['init'], { cwd: dir })
    expect(init.code, init.output).toBe(0)
    expect(readFileSync(join(dir, 'vitest.config.js'), 'utf8')).toBe(config)
    // The printed block: the import, a comment, then the lines that go beside the other test options.
    const block = /Add these lines by hand:\n\n([\s\S]*?)\n\n/.exec(init.stdout)?.[1] ?? ''
    const lines = block.split('\n').map((l) => l.replace(/^ {4}/, ''))
    const [importLine, , , ...inside] = lines
    writeFileSync(
      join(dir, 'vitest.config.js'),
      `${importLine}\nexport default { test: { include: ['src/**/*.test.ts'],\n${inside.join('\n')}\n} }\n`,
    )
    const after = await listed(dir)
    expect(after).toContain('[unit] src/a.test.ts > a unit test')
    expect(after.filter((l) => l.startsWith('[evals] '))).not.toEqual([])
  })
})
