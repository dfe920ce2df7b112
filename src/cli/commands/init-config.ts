/**
 * What `vitest-rag init` does to the user's Vitest config, as pure functions of its text: add an `evals`
 * project when the file has one `projects: [` list to add it to, or say the exact lines to add by hand when
 * the file is too custom to edit safely. Never a regex rewrite of code it does not understand.
 */

/** The `ragEval` import line `init` adds. */
export const RAGEVAL_IMPORT = "import { ragEval } from 'vitest-rag/plugin'"

/** The evals project entry `init` adds to `projects`, over the starter corpus. */
export const EVALS_PROJECT_ENTRY =
  "{ plugins: [ragEval({ corpus: { kind: 'kb', root: 'evals/kb' } })], test: { name: 'evals' } },"

/** Candidate Vitest config files, in the order Vitest looks for them. */
export const VITEST_CONFIG_FILES = [
  'vitest.config.ts',
  'vitest.config.mts',
  'vitest.config.cts',
  'vitest.config.js',
  'vitest.config.mjs',
  'vitest.config.cjs',
] as const

/** The outcome of planning the config change. */
export type ConfigPlan =
  { kind: 'edit'; text: string } | { kind: 'present' } | { kind: 'manual'; reason: string; lines: string }

/** A new config: the user's other tests as a `unit` project (so `vitest` still runs them) and the evals project. */
export function newVitestConfig(): string {
  return [
    "import { defineConfig } from 'vitest/config'",
    RAGEVAL_IMPORT,
    '',
    'export default defineConfig({',
    '  test: {',
    '    projects: [',
    "      { test: { name: 'unit', include: ['**/*.{test,spec}.?(c|m)[jt]s?(x)'] } },",
    '      // Golden cases in golden/*.golden.jsonl over the corpus in evals/kb; run with: npx vitest run --project evals',
    `      ${EVALS_PROJECT_ENTRY}`,
    '    ],',
    '  },',
    '})',
    '',
  ].join('\n')
}

/** The exact lines to add by hand, for a config `init` does not edit. */
export function manualConfigLines(): string {
  return [
    `${RAGEVAL_IMPORT}`,
    '',
    '// inside defineConfig({ test: { projects: [ ... ] } }):',
    EVALS_PROJECT_ENTRY,
  ].join('\n')
}

function countOf(text: string, needle: string): number {
  return text.split(needle).length - 1
}

/**
 * Plans the change to an existing config's `text`: `present` when it already uses `ragEval`, `edit` when it
 * has exactly one `projects: [` (the entry goes first in that list, the import after the last import line),
 * otherwise `manual` with the reason and the lines to add.
 */
export function planConfigEdit(text: string): ConfigPlan {
  if (text.includes('ragEval')) return { kind: 'present' }
  const projects = text.match(/projects\s*:\s*\[/g) ?? []
  if (projects.length !== 1) {
    const reason =
      projects.length === 0
        ? 'it has no `projects` list to add an evals project to'
        : 'it has more than one `projects` list'
    return { kind: 'manual', reason, lines: manualConfigLines() }
  }
  if (countOf(text, 'require(') > 0)
    return { kind: 'manual', reason: 'it is a CommonJS file (require)', lines: manualConfigLines() }
  const lines = text.split('\n')
  const listLine = lines.findIndex((l) => /projects\s*:\s*\[/.test(l))
  const listText = lines[listLine] ?? ''
  const afterBracket = listText
    .slice(listText.search(/projects\s*:\s*\[/))
    .replace(/projects\s*:\s*\[/, '')
    .trim()
  // `projects: [ ... ]` on one line, or entries on the same line as the bracket: not a layout we insert into.
  if (afterBracket !== '')
    return {
      kind: 'manual',
      reason: 'its `projects` list starts with an entry on the same line',
      lines: manualConfigLines(),
    }
  const indent = `${listText.match(/^\s*/)?.[0] ?? ''}  `
  lines.splice(listLine + 1, 0, `${indent}${EVALS_PROJECT_ENTRY}`)
  const lastImport = lines.reduce((last, l, i) => (/^import\s.*from\s+['"][^'"]+['"]\s*;?\s*$/.test(l) ? i : last), -1)
  lines.splice(lastImport + 1, 0, RAGEVAL_IMPORT)
  return { kind: 'edit', text: lines.join('\n') }
}
