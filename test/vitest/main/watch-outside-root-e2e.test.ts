/**
 * Watch mode with the corpus outside the project's root (a team's shared datasets folder beside the repository):
 * Vitest's watcher watches only its root, so the plugin adds the corpus folder to it (watch-inputs.ts). Editing a
 * corpus document there reruns the cases against the reloaded corpus: a second scorecard with a new corpus
 * fingerprint. The e2e fixture is copied beside itself, its knowledge base moved to a sibling folder.
 */
import { appendFileSync, cpSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { repoRoot, tempDir } from '../../helpers/run-vitest.ts'
import { startVitestWatch } from '../../helpers/vitest-watch.ts'

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
  const watch = startVitestWatch(project, { FIXTURE_OUT: out, FIXTURE_BASELINE: 'none' })
  const fingerprint = () => JSON.parse(readFileSync(join(out, 'scorecard.json'), 'utf8')).corpusFingerprint as string
  try {
    await watch.waitForRuns(1)
    const before = fingerprint()
    // Let the watcher settle on the first run's files before the edit.
    await new Promise((r) => setTimeout(r, 500))
    appendFileSync(join(corpus, 'tenants/north/docs/amber-n.md'), '\nA new closing sentence about the amber module.\n')
    await watch.waitForRuns(2)
    expect(fingerprint()).not.toBe(before)
    expect(watch.log()).toContain('20 of 20 cases')
  } finally {
    watch.stop()
  }
}, 120_000)
