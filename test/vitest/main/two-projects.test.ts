/**
 * Two eval projects in one workspace (the e2e fixture's two golden files as projects `evals` and `squad`,
 * no paths configured): each writes its own scorecard under `.vitest-rag/<project>/` and is gated against its
 * own `baselines/<project>.baseline.json`; `baseline accept --project` writes the one it names.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { pluginUrl, repoRoot, runCliBin, runNode, tempDir } from '../../helpers/run-vitest.ts'

const vitestBin = join(repoRoot, 'node_modules/vitest/vitest.mjs')
const fixture = join(repoRoot, 'test/fixtures/e2e')

function workspace(): string {
  const dir = tempDir('vitest-rag-two-projects-')
  mkdirSync(join(dir, 'golden'))
  for (const name of ['a.golden.jsonl', 'b.golden.jsonl'])
    copyFileSync(join(fixture, 'golden', name), join(dir, 'golden', name))
  const project = (name: string, golden: string) =>
    `{ plugins: [ragEval({ corpus: { kind: 'kb', root: ${JSON.stringify(join(fixture, 'kb'))} }, adapter: { kind: 'module', path: ${JSON.stringify(join(fixture, 'adapter.ts'))} }, golden: '${golden}' })], test: { name: '${name}' } }`
  writeFileSync(
    join(dir, 'vitest.config.mjs'),
    [
      `import { ragEval } from ${JSON.stringify(pluginUrl)}`,
      `export default { test: { projects: [${project('evals', 'golden/a.golden.jsonl')}, ${project('squad', 'golden/b.golden.jsonl')}] } }`,
      '',
    ].join('\n'),
  )
  return dir
}

function caseIds(dir: string, project: string): string[] {
  return Object.keys(
    JSON.parse(readFileSync(join(dir, '.vitest-rag', project, 'scorecard.json'), 'utf8')).cases as object,
  ).sort()
}

function gateOf(dir: string, project: string): { status: string; messages: string[] } {
  return JSON.parse(readFileSync(join(dir, '.vitest-rag', project, 'gate.json'), 'utf8'))
}

describe('two eval projects in one workspace', () => {
  test('keep separate scorecards and baselines, by project name', async () => {
    const dir = workspace()
    const first = await runNode(vitestBin, ['run', '--root', dir], { cwd: dir })
    expect(first.code, first.output).toBe(0)
    // a.golden.jsonl holds E2E-001..010, b.golden.jsonl E2E-011..020: each scorecard has only its project's cases.
    expect(caseIds(dir, 'evals')).toEqual(Array.from({ length: 10 }, (_, i) => `E2E-${String(i + 1).padStart(3, '0')}`))
    expect(caseIds(dir, 'squad')).toEqual(
      Array.from({ length: 10 }, (_, i) => `E2E-${String(i + 11).padStart(3, '0')}`),
    )
    // The "no baseline" hint names the project when it is not the default one, and works as printed.
    const printed = (project: string) =>
      /^no baseline: .*`npx vitest-rag (baseline accept[^`]*)`/.exec(gateOf(dir, project).messages.join('\n'))?.[1]
    expect(printed('evals')).toBe('baseline accept --yes')
    expect(printed('squad')).toBe('baseline accept --project squad --yes')

    const accepted = await runCliBin([...(printed('squad') ?? '').split(' '), '--yes'], { cwd: dir })
    expect(accepted.code, accepted.output).toBe(0)
    expect(existsSync(join(dir, 'baselines', 'squad.baseline.json'))).toBe(true)
    expect(existsSync(join(dir, 'baselines', 'evals.baseline.json'))).toBe(false)

    const second = await runNode(vitestBin, ['run', '--root', dir], { cwd: dir })
    expect(second.code, second.output).toBe(0)
    // squad is now compared with its own baseline (10 cases); evals still has none.
    expect(gateOf(dir, 'squad').messages.join('\n')).not.toMatch(/no baseline/i)
    expect(gateOf(dir, 'evals').messages.join('\n')).toMatch(/no baseline/i)
    const baseline = JSON.parse(readFileSync(join(dir, 'baselines', 'squad.baseline.json'), 'utf8'))
    expect(Object.keys(baseline.cases).sort()).toEqual(caseIds(dir, 'squad'))
  }, 180_000)
})
