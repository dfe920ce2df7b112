/**
 * `vitest-rag init`: scaffolds evals into an existing project: the `evals` project in its Vitest config (or
 * the exact lines to add when the file is too custom to edit), a starter corpus in `evals/kb/` (a copy of the
 * bundled sample knowledge base), `golden/example.golden.jsonl` with one case of each type, `baselines/`, the CI
 * workflow `.github/workflows/evals.yml`, and `.vitest-rag/` in `.gitignore`. An existing file is never
 * overwritten without `--force`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { writeFileAtomicSync } from '../../shared/util/atomic-write.ts'
import { parseCliArgs } from './args.ts'
import type { CliCommand, CliIo } from './command.ts'
import { newVitestConfig, planConfigEdit, VITEST_CONFIG_FILES } from './init-config.ts'

/** The installed package's root (two folders above this module's folder, in src/ and in dist/ alike). */
const PACKAGE_ROOT = fileURLToPath(new URL('../../../', import.meta.url))

/** Where each scaffolded file comes from, relative to the package root. */
export const INIT_SOURCES = {
  golden: 'templates/init/example.golden.jsonl',
  corpus: 'evals/sample-kb',
  workflow: '.github/workflows/evals.yml',
} as const

/** One file `init` wants to exist: its path in the user's project and its content. */
interface PlannedFile {
  path: string
  text: string
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .sort()
}

function plannedFiles(packageRoot: string): PlannedFile[] {
  const read = (path: string) => readFileSync(join(packageRoot, path), 'utf8')
  const corpusRoot = join(packageRoot, INIT_SOURCES.corpus)
  const corpus = listFiles(corpusRoot).map((file) => ({
    path: join('evals/kb', relative(corpusRoot, file)),
    text: readFileSync(file, 'utf8'),
  }))
  return [
    { path: 'golden/example.golden.jsonl', text: read(INIT_SOURCES.golden) },
    ...corpus,
    { path: 'baselines/.gitkeep', text: '' },
    { path: INIT_SOURCES.workflow, text: read(INIT_SOURCES.workflow) },
  ]
}

/** Writes `file` unless it exists (or with `force`); returns what happened. */
function writePlanned(cwd: string, file: PlannedFile, force: boolean): 'created' | 'overwritten' | 'kept' {
  const target = join(cwd, file.path)
  const exists = existsSync(target)
  if (exists && !force) return 'kept'
  writeFileAtomicSync(target, file.text)
  return exists ? 'overwritten' : 'created'
}

function setUpVitestConfig(cwd: string, io: CliIo): void {
  const existing = VITEST_CONFIG_FILES.find((name) => existsSync(join(cwd, name)))
  if (!existing) {
    const pkg = existsSync(join(cwd, 'package.json'))
      ? (JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8')) as { type?: string })
      : {}
    // `.mts` is ESM whatever package.json says; a "type": "module" project gets the usual `.ts`.
    const name = pkg.type === 'module' ? 'vitest.config.ts' : 'vitest.config.mts'
    writeFileAtomicSync(join(cwd, name), newVitestConfig())
    io.stdout(`  created      ${name} (a unit project for your tests and the evals project)\n`)
    return
  }
  const plan = planConfigEdit(readFileSync(join(cwd, existing), 'utf8'))
  if (plan.kind === 'present') io.stdout(`  kept         ${existing} (it already uses ragEval)\n`)
  else if (plan.kind === 'edit') {
    writeFileAtomicSync(join(cwd, existing), plan.text)
    io.stdout(
      `  edited       ${existing} (added the evals project${plan.addedList ? "; your tests run as before, as the project 'unit' with the same test options" : ''})\n`,
    )
  } else {
    io.stdout(
      `  not edited   ${existing}: ${plan.reason}. Add these lines by hand:\n\n${plan.lines.replace(/^/gm, '    ')}\n\n`,
    )
  }
}

function ignoreOutputs(cwd: string, io: CliIo): void {
  const path = join(cwd, '.gitignore')
  const text = existsSync(path) ? readFileSync(path, 'utf8') : ''
  if (text.split('\n').some((l) => l.trim() === '.vitest-rag/' || l.trim() === '.vitest-rag')) return
  writeFileAtomicSync(path, `${text}${text === '' || text.endsWith('\n') ? '' : '\n'}.vitest-rag/\n`)
  io.stdout(`  ${(text === '' ? 'created' : 'appended').padEnd(12)} .gitignore (.vitest-rag/: scorecards and caches)\n`)
}

/** Runs `init` in `io.cwd` with files from `packageRoot`. */
export async function runInit(argv: string[], io: CliIo, packageRoot: string = PACKAGE_ROOT): Promise<number> {
  const force = parseCliArgs(argv, { force: { type: 'boolean' } }).values.force === true
  io.stdout(`vitest-rag init in ${io.cwd}\n`)
  setUpVitestConfig(io.cwd, io)
  const counts = { created: 0, overwritten: 0, kept: 0 }
  for (const file of plannedFiles(packageRoot)) {
    const outcome = writePlanned(io.cwd, file, force)
    counts[outcome]++
    // The corpus is one line; other files are listed one by one.
    if (!file.path.startsWith('evals/kb/'))
      io.stdout(`  ${outcome.padEnd(12)} ${file.path}${outcome === 'kept' ? ' (exists; --force overwrites)' : ''}\n`)
  }
  io.stdout(
    `  starter corpus evals/kb/: ${counts.created} created, ${counts.overwritten} overwritten, ${counts.kept} kept\n`,
  )
  ignoreOutputs(io.cwd, io)
  io.stdout(
    [
      '',
      'Next:',
      '  npx vitest run --project evals                       # run the example cases offline (no API key)',
      '  npx vitest-rag baseline accept --project evals --yes  # commit the scorecard as baselines/evals.baseline.json',
      '',
    ].join('\n'),
  )
  return 0
}

/** `vitest-rag init`. */
export const initCommand: CliCommand = {
  usage: [
    'Usage: vitest-rag init [--force]',
    '',
    'Scaffolds into the current directory:',
    '  - the evals project in vitest.config.* (created when absent; when the file is too custom to edit safely,',
    '    the exact lines to add are printed instead)',
    '  - evals/kb/                      a starter corpus (a copy of the bundled sample knowledge base)',
    '  - golden/example.golden.jsonl    one golden case of each type over it',
    '  - baselines/                     where `vitest-rag baseline accept` writes <project>.baseline.json',
    '  - .github/workflows/evals.yml    the CI recipe: sharded evals, merged scorecard, baseline gate',
    '  - .vitest-rag/ in .gitignore',
    '',
    '  --force  overwrite files that already exist (the Vitest config is only ever edited, never replaced)',
  ].join('\n'),
  run: (argv, io) => runInit(argv, io),
}
