/**
 * Every command reads the project's own Vitest configuration (issue #24, item 1): a temporary project whose
 * TypeScript `vitest.config.ts` has a `unit` project and an `evals` project over its own corpus `evals/kb`
 * (a document the bundled sample does not have). The real CLI, as a child process, must use that corpus with
 * and without `--config`, name it on its first line, refuse an unknown `--project` with the closest name, and
 * `baseline accept` must read the scorecard where `VITEST_RAG_OUT_DIR` put the run.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import { pluginUrl, repoRoot, runCliBin, runNode, tempDir } from '../helpers/run-vitest.ts'

const vitestBin = join(repoRoot, 'node_modules/vitest/vitest.mjs')

/** The project: `evals/kb` holds tenant brassmoth's billing/discounts; golden/a.golden.jsonl asks for it. */
function makeProject(): string {
  const dir = tempDir('vitest-rag-project-config-')
  mkdirSync(join(dir, 'evals/kb/tenants/brassmoth/docs/billing'), { recursive: true })
  writeFileSync(
    join(dir, 'evals/kb/tenants/brassmoth/docs/billing/discounts.md'),
    '# Discounts\n\n## Annual plan\n\nAnnual plans get a 20% discount on the list price.\n',
  )
  mkdirSync(join(dir, 'golden'))
  const line = {
    case_id: 'disc-1',
    case_type: 'normal',
    tenant_id: 'brassmoth',
    query: 'What discount do annual plans get?',
    expected_sources: [{ locator: { kind: 'doc', slug: 'billing/discounts' } }],
  }
  writeFileSync(join(dir, 'golden/a.golden.jsonl'), `${JSON.stringify(line)}\n`)
  writeFileSync(
    join(dir, 'vitest.config.ts'),
    [
      `import { ragEval } from ${JSON.stringify(pluginUrl)}`,
      // A type annotation: the file must be read as TypeScript, as Vitest reads it.
      `const projects: Array<Record<string, unknown>> = [`,
      `  { test: { name: 'unit', include: ['src/**/*.test.ts'] } },`,
      `  { plugins: [ragEval({ corpus: { kind: 'kb', root: 'evals/kb' } })], test: { name: 'evals' } },`,
      `]`,
      `export default { test: { projects } }`,
      '',
    ].join('\n'),
  )
  return dir
}

let dir: string
beforeAll(() => {
  dir = makeProject()
})

// Each test spawns the CLI, which loads the config with Vitest: seconds each on a busy machine.
describe('the CLI reads the project config', { timeout: 120_000 }, () => {
  test('eval-retrieval without --config evaluates the corpus the evals project names, and says so first', async () => {
    const run = await runCliBin(['eval-retrieval', '--arms', 'bm25', '--resamples', '200'], { cwd: dir })
    expect(run.code, run.output).toBe(0)
    expect(run.stderr.split('\n')[0]).toBe(
      'vitest-rag eval-retrieval: vitest.config.ts, project "evals": corpus evals/kb (kb), golden golden/**/*.golden.jsonl, out .vitest-rag/evals',
    )
    // evals/kb has one document of two sections (title + "Annual plan") -> 2 chunks; the one case is scored.
    expect(run.stdout.split('\n')[0]).toBe(
      'vitest-rag eval-retrieval: golden/**/*.golden.jsonl over evals/kb (1 cases); chunker structural (2 chunks); 1 scored, 0 unscored (must abstain); reference bm25',
    )
    const result = JSON.parse(readFileSync(join(dir, '.vitest-rag/evals/experiments/eval-retrieval.json'), 'utf8'))
    expect(result.configSnapshot.corpus).toEqual({ kind: 'kb', root: 'evals/kb' })
  })

  test('--config vitest.config.ts loads the TypeScript config through Vitest instead of crashing', async () => {
    const run = await runCliBin(
      ['chunking-experiment', '--config', 'vitest.config.ts', '--chunkers', 'structural', '--resamples', '200'],
      { cwd: dir },
    )
    expect(run.code, run.output).toBe(0)
    expect(run.stderr.split('\n')[0]).toMatch(
      /^vitest-rag chunking-experiment: vitest.config.ts, project "evals": corpus evals\/kb \(kb\)/,
    )
    expect(run.output).not.toMatch(/ERR_UNKNOWN_FILE_EXTENSION|\n\s+at /)
  })

  test('verify (a lab command that took only --kb/--beir) records the corpus the evals project names', async () => {
    const run = await runCliBin(['verify', '--write'], { cwd: dir })
    expect(run.code, run.output).toBe(0)
    expect(run.stderr.split('\n')[0]).toBe(
      'vitest-rag verify: vitest.config.ts, project "evals": corpus evals/kb (kb), golden golden/**/*.golden.jsonl, out .vitest-rag/evals',
    )
    // evals/kb holds one document: billing/discounts of tenant brassmoth.
    expect(run.stdout).toMatch(
      /^vitest-rag verify: recorded 1 documents of kb in .*evals\/kb\/vitest-rag.manifest.json/,
    )
  })

  test('an unknown --project is refused with the projects there are and the closest name', async () => {
    const run = await runCliBin(['eval-retrieval', '--project', 'eval'], { cwd: dir })
    expect(run.code).toBe(1)
    expect(run.stderr).toBe(
      'vitest-rag eval-retrieval: no project "eval" in vitest.config.ts (its projects: "unit", "evals"); fix: did you mean --project evals?\n',
    )
    const unit = await runCliBin(['baseline', 'accept', '--project', 'unit'], { cwd: dir })
    expect(unit.code).toBe(1)
    expect(unit.stderr).toContain(
      'project "unit" in vitest.config.ts does not use ragEval() (projects that do: evals); fix: pass --project evals',
    )
  })

  test('baseline accept reads the scorecard of the run VITEST_RAG_OUT_DIR moved', async () => {
    const env = { VITEST_RAG_OUT_DIR: 'runs/today' }
    const evals = await runNode(vitestBin, ['run', '--project', 'evals', '--root', dir], { cwd: dir, env })
    expect(evals.code, evals.output).toBe(0)
    expect(existsSync(join(dir, 'runs/today/scorecard.json'))).toBe(true)
    const accepted = await runCliBin(['baseline', 'accept', '--yes'], { cwd: dir, env })
    expect(accepted.code, accepted.output).toBe(0)
    expect(accepted.stderr.split('\n')[0]).toBe(
      'vitest-rag baseline accept: vitest.config.ts, project "evals": corpus evals/kb (kb), golden golden/**/*.golden.jsonl, out runs/today',
    )
    const baseline = JSON.parse(readFileSync(join(dir, 'baselines/evals.baseline.json'), 'utf8'))
    expect(Object.keys(baseline.cases)).toEqual(['disc-1'])
  })
})
