import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, test } from 'vitest'
import { runCli } from '../../src/cli/main.ts'
import { diffFingerprints, fingerprintCorpus, fingerprintDocument } from '../../src/corpus/fingerprint.ts'
import { sha256 } from '../../src/shared/util/hash.ts'

const KB = resolve(import.meta.dirname, '../fixtures/kb-mini')

async function verify(argv: string[], cwd: string): Promise<{ code: number; out: string; err: string }> {
  let out = ''
  let err = ''
  const code = await runCli(['verify', ...argv], { cwd, stdout: (t) => (out += t), stderr: (t) => (err += t) })
  return { code, out, err }
}

describe('fingerprints', () => {
  test('a document fingerprint is the sha256 of its normalised text', () => {
    expect(fingerprintDocument({ text: 'a\r\nb' })).toBe(sha256('a\nb'))
  })

  test('the corpus fingerprint does not depend on document order but changes with any text', () => {
    const a = { id: 'x/doc/a', text: 'alpha' }
    const b = { id: 'x/doc/b', text: 'beta' }
    expect(fingerprintCorpus([a, b])).toBe(fingerprintCorpus([b, a]))
    // By definition: sha256 over the sorted "id:hash" lines.
    expect(fingerprintCorpus([b, a])).toBe(sha256(`x/doc/a:${sha256('alpha')}\nx/doc/b:${sha256('beta')}`))
    expect(fingerprintCorpus([a, { ...b, text: 'betA' }])).not.toBe(fingerprintCorpus([a, b]))
  })

  test('diffFingerprints names changed, added and removed ids', () => {
    expect(diffFingerprints({ a: '1', b: '2', c: '3' }, { a: '1', b: '9', d: '4' })).toEqual({
      changed: ['b'],
      added: ['d'],
      removed: ['c'],
    })
  })
})

describe('vitest-rag verify', () => {
  test('records a manifest, passes when nothing changed, and names the one doc with one changed byte', async () => {
    const root = mkdtempSync(join(tmpdir(), 'vitest-rag-verify-'))
    cpSync(KB, join(root, 'kb'), { recursive: true })
    const written = await verify(['--kb', 'kb', '--manifest', 'kb.manifest.json', '--write'], root)
    expect(written.code).toBe(0)
    const manifest = JSON.parse(readFileSync(join(root, 'kb.manifest.json'), 'utf8')) as {
      version: number
      documents: Record<string, string>
    }
    expect(manifest.version).toBe(1)
    expect(Object.keys(manifest.documents)).toHaveLength(7)

    expect((await verify(['--kb', 'kb', '--manifest', 'kb.manifest.json'], root)).code).toBe(0)

    const doc = join(root, 'kb/tenants/globex/docs/billing/seats.md')
    writeFileSync(doc, readFileSync(doc, 'utf8').replace('ten', 'tan')) // one byte
    const changed = await verify(['--kb', 'kb', '--manifest', 'kb.manifest.json'], root)
    expect(changed.code).toBe(1)
    expect(changed.out).toBe('changed  globex/doc/billing/seats\n')
    expect(changed.err).toContain('1 changed, 0 added, 0 removed')
  })

  test('without a manifest it fails and says how to record one', async () => {
    const root = mkdtempSync(join(tmpdir(), 'vitest-rag-verify-'))
    cpSync(KB, join(root, 'kb'), { recursive: true })
    const result = await verify(['--kb', 'kb'], root)
    expect(result.code).toBe(1)
    expect(result.err).toContain('verify --kb kb --write')
  })

  test('refuses a manifest of another version, saying how to re-record (exit 1, no stack)', async () => {
    const root = mkdtempSync(join(tmpdir(), 'vitest-rag-verify-'))
    writeFileSync(join(root, 'm.json'), '{"version": 2, "fingerprint": "x", "documents": {}}')
    const result = await verify(['--kb', KB, '--manifest', 'm.json'], root)
    expect(result.code).toBe(1)
    expect(result.err).toMatch(
      /^vitest-rag verify: .*has version 2, this vitest-rag reads version 1 \(fix: re-record it with `vitest-rag verify --write`\)/,
    )
    expect(result.err).not.toMatch(/\n\s+at /)
  })

  test('--kb and --beir together are a usage error (exit 2)', async () => {
    expect((await verify(['--kb', KB, '--beir', KB], KB)).code).toBe(2)
  })

  test("without --kb or --beir it verifies the project's corpus, named on its first line", async () => {
    const root = mkdtempSync(join(tmpdir(), 'vitest-rag-verify-'))
    cpSync(KB, join(root, 'evals/kb'), { recursive: true })
    // The project's ragEval options (a JSON options file: the same loading path as a Vitest config's, minus Vitest).
    writeFileSync(join(root, 'rag.json'), JSON.stringify({ corpus: { kind: 'kb', root: 'evals/kb' } }))
    const written = await verify(['--config', 'rag.json', '--write'], root)
    expect(written.code, written.err).toBe(0)
    expect(written.err.split('\n')[0]).toBe(
      'vitest-rag verify: options file rag.json: corpus evals/kb (kb), golden golden/**/*.golden.jsonl, out .vitest-rag/evals',
    )
    // The manifest lands beside the project's corpus, as with --kb evals/kb.
    expect(written.out).toContain(`in ${join(root, 'evals/kb/vitest-rag.manifest.json')}`)
    const checked = await verify(['--config', 'rag.json'], root)
    expect(checked.code, checked.err).toBe(0)
    // Without a manifest, the fix replays the command line as given.
    const bare = await verify(['--config', 'rag.json', '--manifest', 'none.json'], root)
    expect(bare.err).toContain(
      '(fix: record one with `vitest-rag verify --config rag.json --manifest none.json --write`)',
    )
  })
})
