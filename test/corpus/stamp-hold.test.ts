/**
 * Holding the corpus stamps (stamp-hold.ts): while a run holds them, prepareCorpus walks and stats the corpus once
 * and serves its cached load after that; a new hold (a watch-mode rerun) or no hold at all sees an edit. Real
 * files in a temporary knowledge base, edited between calls.
 */
import { appendFileSync, cpSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { prepareCorpus } from '../../src/corpus/prepare-corpus.ts'
import { holdCorpusStamps } from '../../src/corpus/stamp-hold.ts'
import { repoRoot, tempDir } from '../helpers/run-vitest.ts'

const root = tempDir('vitest-rag-stamp-hold-')
afterAll(() => rmSync(root, { recursive: true, force: true }))
cpSync(join(repoRoot, 'test/fixtures/e2e/kb'), root, { recursive: true })
const source = { kind: 'kb', root } as const
const doc = join(root, 'tenants/north/docs/amber-n.md')
/** The amber document's text as the prepared corpus holds it. */
const amberText = async () =>
  (await prepareCorpus(source, 'structural')).corpus.documents.find((d) => d.id === 'north/doc/amber-n')?.text ?? ''
let edits = 0
const edit = () => appendFileSync(doc, `\nEdit number ${++edits}.\n`)

test('without a hold every call stamps the corpus: an edit is seen at once', async () => {
  const before = await prepareCorpus(source, 'structural')
  expect(await prepareCorpus(source, 'structural')).toBe(before)
  edit()
  expect(await prepareCorpus(source, 'structural')).not.toBe(before)
  expect(await amberText()).toContain(`Edit number ${edits}.`)
})

test('a hold stamps once: an edit during it is not seen, a new hold sees it', async () => {
  const release = holdCorpusStamps()
  const held = await prepareCorpus(source, 'structural')
  edit()
  // Same stamp, same cached load: the edit is not read while the hold is on.
  expect(await prepareCorpus(source, 'structural')).toBe(held)
  expect(await amberText()).not.toContain(`Edit number ${edits}.`)
  release()
  const rerun = holdCorpusStamps()
  expect(await amberText()).toContain(`Edit number ${edits}.`)
  rerun()
})

test('a release after a newer hold began leaves the newer hold on (a rerun starting while a run still reports)', async () => {
  const first = holdCorpusStamps()
  const second = holdCorpusStamps()
  const held = await prepareCorpus(source, 'structural')
  edit()
  first()
  expect(await prepareCorpus(source, 'structural')).toBe(held)
  second()
  expect(await prepareCorpus(source, 'structural')).not.toBe(held)
  expect(await amberText()).toContain(`Edit number ${edits}.`)
})
