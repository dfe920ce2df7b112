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
  | {
      kind: 'edit'
      text: string
      /** True when the config had no `projects` list: its tests became the `unit` project. */ addedList?: boolean
    }
  | { kind: 'present' }
  | { kind: 'manual'; reason: string; lines: string }

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

/**
 * The project that keeps a config's own tests running once it has a `projects` list: `extends: true` inherits
 * the file's test options (`include`, `environment`, ...), so the same files run as before.
 */
export const UNIT_PROJECT_ENTRY = "{ extends: true, test: { name: 'unit' } },"

/**
 * The `projects` list `init` adds to a config that has none, one line per element (indent it as the config
 * does): the config's own tests as a `unit` project, and the evals project. A list with the evals project alone
 * would silently stop the config's own tests from running.
 */
export function projectsListLines(): string[] {
  return [
    'projects: [',
    "  // your tests, with this file's test options (include, environment, ...): `extends: true` keeps them",
    `  ${UNIT_PROJECT_ENTRY}`,
    `  ${EVALS_PROJECT_ENTRY}`,
    '],',
  ]
}

/**
 * The exact lines to add by hand, for a config `init` does not edit: the evals entry for an existing
 * `projects` list, else a whole list with a `unit` project that keeps the config's own tests.
 */
export function manualConfigLines(hasProjects = false): string {
  if (hasProjects)
    return [
      `${RAGEVAL_IMPORT}`,
      '',
      '// inside defineConfig({ test: { projects: [ ... ] } }):',
      EVALS_PROJECT_ENTRY,
    ].join('\n')
  return [
    `${RAGEVAL_IMPORT}`,
    '',
    '// inside defineConfig({ test: { ... } }), beside your other test options:',
    ...projectsListLines(),
  ].join('\n')
}

/** The config with `ragEval`'s import after its last import line. */
function withImport(lines: string[]): string[] {
  const out = [...lines]
  const lastImport = out.reduce((last, l, i) => (/^import\s.*from\s+['"][^'"]+['"]\s*;?\s*$/.test(l) ? i : last), -1)
  out.splice(lastImport + 1, 0, RAGEVAL_IMPORT)
  return out
}

/**
 * A config with no `projects` list: the list goes first in its one multi-line `test: {` object, so the
 * config's own tests become the `unit` project with the same options; undefined when there is no such object.
 */
function addProjectsList(text: string): string | undefined {
  const lines = text.split('\n')
  const testLines = lines.flatMap((l, i) => (/\btest\s*:\s*\{\s*$/.test(l) ? [i] : []))
  if (testLines.length !== 1 || (text.match(/\btest\s*:/g) ?? []).length !== 1) return undefined
  const at = testLines[0] as number
  const indent = `${lines[at]?.match(/^\s*/)?.[0] ?? ''}  `
  lines.splice(at + 1, 0, ...projectsListLines().map((l) => `${indent}${l}`))
  return withImport(lines).join('\n')
}

function countOf(text: string, needle: string): number {
  return text.split(needle).length - 1
}

/**
 * Plans the change to an existing config's `text`: `present` when it already uses `ragEval`; `edit` when it
 * has exactly one `projects: [` (the entry goes first in that list, the import after the last import line) or
 * none and one multi-line `test: {` (a `projects` list with a `unit` project that extends the file's test
 * options, then the evals project); otherwise `manual` with the reason and the lines to add. Which tests the
 * config runs never changes: its own tests keep their options, the evals project is added beside them.
 */
export function planConfigEdit(text: string): ConfigPlan {
  if (text.includes('ragEval')) return { kind: 'present' }
  const projects = text.match(/projects\s*:\s*\[/g) ?? []
  if (countOf(text, 'require(') > 0)
    return { kind: 'manual', reason: 'it is a CommonJS file (require)', lines: manualConfigLines(projects.length > 0) }
  if (projects.length === 0) {
    const edited = addProjectsList(text)
    if (edited !== undefined) return { kind: 'edit', text: edited, addedList: true }
    return {
      kind: 'manual',
      reason: 'it has no multi-line `test: {` object to add a `projects` list to',
      lines: manualConfigLines(false),
    }
  }
  if (projects.length !== 1)
    return { kind: 'manual', reason: 'it has more than one `projects` list', lines: manualConfigLines(true) }
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
      lines: manualConfigLines(true),
    }
  const indent = `${listText.match(/^\s*/)?.[0] ?? ''}  `
  lines.splice(listLine + 1, 0, `${indent}${EVALS_PROJECT_ENTRY}`)
  return { kind: 'edit', text: withImport(lines).join('\n') }
}
