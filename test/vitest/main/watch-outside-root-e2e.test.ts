/**
 * Watch mode with the corpus outside the project's root (a team's shared datasets folder beside the repository):
 * Vitest's watcher watches only its root, so the plugin adds the corpus folder to it (watch-inputs.ts). Editing a
 * corpus document there reruns the cases against the reloaded corpus: a second scorecard with a new corpus
 * fingerprint. The e2e fixture is copied beside itself, its knowledge base moved to a sibling folder.
 */
import { spawn } from 'node:child_process'
import { appendFileSync, cpSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { repoRoot, stripAnsi, tempDir } from '../../helpers/run-vitest.ts'

// Beside the e2e fixture, at its depth: the adapter's relative import of dist/ still resolves.
const project = join(repoRoot, `test/fixtures/watch-outside-${process.pid}`)
const corpus = join(repoRoot, `test/fixtures/watch-outside-${process.pid}-kb`)
afterAll(() => {
  rmSync(project, { recursive: true, force: true })
  rmSync(corpus, { recursive: true, force: true })
})

/** Replaces `from` by `to` in the copied project's `file`, failing when `from` is not there. */
function edit(file: string, from: string, to: string): void {
  const text = readFileSync(join(project, file), 'utf8')
  expect(text, file).toContain(from)
  writeFileSync(join(project, file), text.replace(from, to))
}

test('an edit of a corpus folder outside the root reruns the cases against the reloaded corpus', async () => {
  cpSync(join(repoRoot, 'test/fixtures/e2e'), project, { recursive: true })
  renameSync(join(project, 'kb'), corpus)
  const sibling = `../watch-outside-${process.pid}-kb`
  edit('vitest.config.ts', "corpus: { kind: 'kb', root: 'kb' }", `corpus: { kind: 'kb', root: '${sibling}' }`)
  edit('adapter.ts', "new URL('./kb', import.meta.url)", `new URL('${sibling}', import.meta.url)`)
  const out = tempDir()
  const child = spawn(
    process.execPath,
    [join(repoRoot, 'node_modules/vitest/vitest.mjs'), 'watch', '--root', project],
    {
      cwd: repoRoot,
      env: { ...process.env, FIXTURE_OUT: out, FIXTURE_BASELINE: 'none', FORCE_COLOR: '0', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let log = ''
  child.stdout.on('data', (d: Buffer) => (log += stripAnsi(d.toString())))
  child.stderr.on('data', (d: Buffer) => (log += stripAnsi(d.toString())))
  const runs = () => log.split('vitest-rag: scorecard written').length - 1
  const waitForRuns = async (n: number) => {
    const deadline = Date.now() + 60_000
    while (runs() < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
    expect(runs(), log).toBeGreaterThanOrEqual(n)
  }
  const fingerprint = () => JSON.parse(readFileSync(join(out, 'scorecard.json'), 'utf8')).corpusFingerprint as string
  try {
    await waitForRuns(1)
    const before = fingerprint()
    // Let the watcher settle on the first run's files before the edit.
    await new Promise((r) => setTimeout(r, 500))
    appendFileSync(join(corpus, 'tenants/north/docs/amber-n.md'), '\nA new closing sentence about the amber module.\n')
    await waitForRuns(2)
    expect(fingerprint()).not.toBe(before)
    expect(log).toContain('20 of 20 cases')
  } finally {
    child.kill('SIGTERM')
  }
}, 120_000)
