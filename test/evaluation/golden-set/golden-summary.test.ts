import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { resolveConfig } from '../../../src/config/resolve.ts'
import type { RagEvalConfig } from '../../../src/config/schema.ts'
import {
  loadGoldenModuleData,
  readGoldenSet,
  readGoldenSummary,
} from '../../../src/evaluation/golden-set/golden-set.ts'
import { repoRoot } from '../../helpers/run-vitest.ts'

// The e2e fixture's knowledge base (two tenants, docs amber-n and amber-s with a Settings section).
const KB = join(repoRoot, 'test/fixtures/e2e/kb')
const made: string[] = []
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true })
})

function caseLine(id: string, tenant: 'north' | 'south', extra: Record<string, unknown> = {}): string {
  const slug = tenant === 'north' ? 'amber-n' : 'amber-s'
  return JSON.stringify({
    case_id: id,
    case_type: 'normal',
    tenant_id: tenant,
    query: `  Which settings does ${id} use?  `,
    expected_sources: [{ locator: { kind: 'doc', slug } }],
    ...extra,
  })
}

/** A project with two golden files: a.golden.jsonl (3 cases, one a draft) and b.golden.jsonl (2 cases). */
function project(options: { sample?: number } = {}): { config: RagEvalConfig; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'vitest-rag-summary-'))
  made.push(dir)
  mkdirSync(join(dir, 'golden'))
  writeFileSync(
    join(dir, 'golden/a.golden.jsonl'),
    [
      caseLine('A-1', 'north'),
      '// a note',
      caseLine('A-2', 'north', { status: 'draft' }),
      caseLine('A-3', 'south'),
    ].join('\n'),
  )
  writeFileSync(
    join(dir, 'golden/b.golden.jsonl'),
    `\uFEFF${[caseLine('B-1', 'south'), caseLine('B-2', 'north')].join('\r\n')}\r\n`,
  )
  const config = resolveConfig(
    { corpus: { kind: 'kb', root: KB }, outDir: join(dir, 'out'), ...options },
    dir,
    {},
    'evals',
  )
  return { config, dir }
}

describe('readGoldenSummary: what the reporter keeps of the golden set', () => {
  test('equals what a full parse gives (hash, files, counts, queries), before and after the transform releases the parse', async () => {
    const { config, dir } = project()
    const full = readGoldenSet(config)
    const expected = {
      hash: full.hash,
      files: full.files.map((f) => ({
        file: f.file,
        hash: f.parsed.hash,
        cases: f.parsed.cases.length,
        runnable: f.parsed.cases.filter((c) => c.case.status !== 'draft').length,
        queries: new Map(f.parsed.cases.map((c) => [c.case.case_id, c.case.query])),
      })),
      expectedCases: full.expectedCases,
      totalCases: 5,
    }
    // 5 parsed cases, 4 runnable (A-2 is a draft); queries are the parsed (trimmed) ones.
    expect(expected.files.map((f) => [f.file, f.cases, f.runnable])).toEqual([
      ['golden/a.golden.jsonl', 3, 2],
      ['golden/b.golden.jsonl', 2, 2],
    ])
    expect(expected.expectedCases).toBe(4)
    expect(expected.files[0]?.queries.get('A-1')).toBe('Which settings does A-1 use?')
    expect(readGoldenSummary(config)).toEqual(expected)
    // The transform builds a file's prepared cases and releases its parse; the summary stays the same.
    for (const name of ['a', 'b']) {
      const path = join(dir, `golden/${name}.golden.jsonl`)
      await loadGoldenModuleData(config, path, readFileSync(path, 'utf8'))
    }
    expect(readGoldenSummary(config)).toEqual(expected)
  })

  test('an edited file is summarised from its new text, not from the digest of the old one', () => {
    const { config, dir } = project()
    const before = readGoldenSummary(config)
    writeFileSync(
      join(dir, 'golden/b.golden.jsonl'),
      [caseLine('B-1', 'south'), caseLine('B-2', 'north'), caseLine('B-3', 'south')].join('\n'),
    )
    const after = readGoldenSummary(config)
    expect(after.files[1]?.cases).toBe(3)
    expect(after.expectedCases).toBe(5)
    expect(after.hash).not.toBe(before.hash)
    expect(after.hash).toBe(readGoldenSet(config).hash)
  })

  test('a sampled run expects the sample size, as the full selection does', () => {
    // sample 3 of 4 runnable cases: 3; sample 9 of 4: all 4.
    for (const [sample, cases] of [
      [3, 3],
      [9, 4],
    ] as const) {
      const { config } = project({ sample })
      expect(readGoldenSet(config).expectedCases).toBe(cases)
      expect(readGoldenSummary(config).expectedCases).toBe(cases)
    }
  })

  test('a sampled selection follows an edit of the golden set (watch mode transforms the edited file again)', async () => {
    // sample 9 of 4 runnable cases selects them all; after B-3 is added, all 5, B-3 among them.
    const { config, dir } = project({ sample: 9 })
    const path = join(dir, 'golden/b.golden.jsonl')
    expect(
      (await loadGoldenModuleData(config, path, readFileSync(path, 'utf8'))).cases.map((c) => c.case.case_id),
    ).toEqual(['B-1', 'B-2'])
    writeFileSync(path, [caseLine('B-1', 'south'), caseLine('B-2', 'north'), caseLine('B-3', 'south')].join('\n'))
    expect(
      (await loadGoldenModuleData(config, path, readFileSync(path, 'utf8'))).cases.map((c) => c.case.case_id),
    ).toEqual(['B-1', 'B-2', 'B-3'])
  })
})
