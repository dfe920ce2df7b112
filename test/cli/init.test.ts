import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { runInit } from '../../src/cli/commands/init.ts'
import {
  EVALS_PROJECT_ENTRY,
  manualConfigLines,
  planConfigEdit,
  RAGEVAL_IMPORT,
  UNIT_PROJECT_ENTRY,
} from '../../src/cli/commands/init-config.ts'
import { parseGoldenText } from '../../src/cases/parse-golden.ts'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

function project(packageJson: object = { name: 'app' }): string {
  const dir = mkdtempSync(join(tmpdir(), 'vitest-rag-init-'))
  writeFileSync(join(dir, 'package.json'), JSON.stringify(packageJson))
  return dir
}

async function init(dir: string, argv: string[] = []): Promise<{ code: number; stdout: string }> {
  let stdout = ''
  const code = await runInit(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stdout += t), cwd: dir }, repoRoot)
  return { code, stdout }
}

describe('planning the Vitest config change', () => {
  test('a config with one projects list gets the evals entry first in it and the import after the last import', () => {
    const text = [
      "import { defineConfig } from 'vitest/config'",
      '',
      'export default defineConfig({',
      '  test: {',
      '    projects: [',
      "      { test: { name: 'unit' } },",
      '    ],',
      '  },',
      '})',
      '',
    ].join('\n')
    const plan = planConfigEdit(text)
    expect(plan).toEqual({
      kind: 'edit',
      text: [
        "import { defineConfig } from 'vitest/config'",
        RAGEVAL_IMPORT,
        '',
        'export default defineConfig({',
        '  test: {',
        '    projects: [',
        `      ${EVALS_PROJECT_ENTRY}`,
        "      { test: { name: 'unit' } },",
        '    ],',
        '  },',
        '})',
        '',
      ].join('\n'),
    })
  })

  test('a config without a projects list gets one: its own tests as a unit project extending its options, then the evals project', () => {
    const text = [
      "import { defineConfig } from 'vitest/config'",
      'export default defineConfig({',
      '  test: {',
      "    include: ['src/**/*.test.ts'],",
      '  },',
      '})',
      '',
    ].join('\n')
    expect(planConfigEdit(text)).toEqual({
      kind: 'edit',
      addedList: true,
      text: [
        "import { defineConfig } from 'vitest/config'",
        RAGEVAL_IMPORT,
        'export default defineConfig({',
        '  test: {',
        '    projects: [',
        "      // your tests, with this file's test options (include, environment, ...): `extends: true` keeps them",
        `      ${UNIT_PROJECT_ENTRY}`,
        `      ${EVALS_PROJECT_ENTRY}`,
        '    ],',
        "    include: ['src/**/*.test.ts'],",
        '  },',
        '})',
        '',
      ].join('\n'),
    })
  })

  test('a config too custom to edit gets the exact lines to add, with the reason', () => {
    expect(planConfigEdit("export default { test: { include: ['x'] } }")).toEqual({
      kind: 'manual',
      reason: 'it has no multi-line `test: {` object to add a `projects` list to',
      lines: manualConfigLines(false),
    })
    expect(planConfigEdit('export default { test: { projects: [a, b] } }')).toMatchObject({
      kind: 'manual',
      reason: 'its `projects` list starts with an entry on the same line',
    })
    expect(planConfigEdit("const { ragEval } = require('vitest-rag/plugin')")).toEqual({ kind: 'present' })
    expect(manualConfigLines()).toContain(EVALS_PROJECT_ENTRY)
  })
})

describe('vitest-rag init', () => {
  test('scaffolds config, starter corpus, one example case of each type, baselines/, the workflow, .gitignore', async () => {
    const dir = project()
    const { code, stdout } = await init(dir)
    expect(code).toBe(0)
    // No "type": "module": the config is .mts, which is ESM whatever package.json says.
    expect(readFileSync(join(dir, 'vitest.config.mts'), 'utf8')).toContain(EVALS_PROJECT_ENTRY)
    const golden = parseGoldenText(
      readFileSync(join(dir, 'golden/example.golden.jsonl'), 'utf8'),
      'golden/example.golden.jsonl',
    )
    expect(golden.problems).toEqual([])
    expect(golden.cases.map((c) => c.case.case_type).sort()).toEqual([
      'cross_tenant',
      'exact_identifier',
      'multi_turn',
      'normal',
      'out_of_scope',
      'stale_conflict',
    ])
    expect(readdirSync(join(dir, 'evals/kb/tenants')).sort()).toEqual(
      readdirSync(join(repoRoot, 'evals/sample-kb/tenants')).sort(),
    )
    expect(existsSync(join(dir, 'baselines/.gitkeep'))).toBe(true)
    expect(readFileSync(join(dir, '.github/workflows/evals.yml'), 'utf8')).toBe(
      readFileSync(join(repoRoot, '.github/workflows/evals.yml'), 'utf8'),
    )
    expect(readFileSync(join(dir, '.gitignore'), 'utf8')).toBe('.vitest-rag/\n')
    expect(stdout).toContain('created      golden/example.golden.jsonl')
  })

  test('never overwrites without --force; --force overwrites files but only edits the config', async () => {
    const dir = project({ name: 'app', type: 'module' })
    await init(dir)
    expect(existsSync(join(dir, 'vitest.config.ts'))).toBe(true)
    writeFileSync(join(dir, 'golden/example.golden.jsonl'), '// mine\n')
    writeFileSync(join(dir, '.github/workflows/evals.yml'), 'name: mine\n')
    const again = await init(dir)
    expect(again.stdout).toContain('kept         golden/example.golden.jsonl (exists; --force overwrites)')
    expect(again.stdout).toContain('kept         vitest.config.ts (it already uses ragEval)')
    expect(again.stdout).toMatch(/starter corpus evals\/kb\/: 0 created, 0 overwritten, \d+ kept/)
    expect(readFileSync(join(dir, 'golden/example.golden.jsonl'), 'utf8')).toBe('// mine\n')
    expect(readFileSync(join(dir, '.github/workflows/evals.yml'), 'utf8')).toBe('name: mine\n')
    const forced = await init(dir, ['--force'])
    expect(forced.stdout).toContain('overwritten  golden/example.golden.jsonl')
    expect(readFileSync(join(dir, 'golden/example.golden.jsonl'), 'utf8')).not.toBe('// mine\n')
  })

  test('an existing config without a projects list is left alone and the lines to add are printed', async () => {
    const dir = project()
    const config =
      "import { defineConfig } from 'vitest/config'\nexport default defineConfig({ test: { environment: 'node' } })\n"
    writeFileSync(join(dir, 'vitest.config.js'), config)
    const { stdout } = await init(dir)
    expect(readFileSync(join(dir, 'vitest.config.js'), 'utf8')).toBe(config)
    expect(stdout).toContain(
      'not edited   vitest.config.js: it has no multi-line `test: {` object to add a `projects` list to. Add these lines by hand:',
    )
    // The printed list keeps the config's own tests as a project beside the evals one (#24: they used to vanish).
    expect(stdout).toContain(`      ${UNIT_PROJECT_ENTRY}\n      ${EVALS_PROJECT_ENTRY}\n    ],`)
  })
})
