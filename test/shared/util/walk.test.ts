import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { globFiles } from '../../../src/evaluation/golden-set/glob.ts'
import { walkFiles } from '../../../src/shared/util/walk.ts'

describe('walkFiles', () => {
  const root = mkdtempSync(join(tmpdir(), 'vitest-rag-walk-'))
  for (const path of ['b.md', 'x/a.md', 'x/y/c.golden.jsonl', '.hidden/d.md', 'node_modules/e.md']) {
    mkdirSync(join(root, path, '..'), { recursive: true })
    writeFileSync(join(root, path), '')
  }

  test('lists every file at any depth, sorted; hidden folders and node_modules only when asked', () => {
    // Sorted as strings: ".hidden" < "b.md" < "node_modules" < "x" ('.' is 0x2e, before letters).
    expect(walkFiles(root).map((p) => p.slice(root.length + 1))).toEqual([
      '.hidden/d.md',
      'b.md',
      'node_modules/e.md',
      'x/a.md',
      'x/y/c.golden.jsonl',
    ])
    expect(walkFiles(root, { skipHidden: true }).map((p) => p.slice(root.length + 1))).toEqual([
      'b.md',
      'x/a.md',
      'x/y/c.golden.jsonl',
    ])
  })

  test('a missing folder has no files (the plugin watches prompts folders that may not exist)', () => {
    expect(walkFiles(join(root, 'nope'))).toEqual([])
  })

  test('golden globbing walks through it and skips hidden folders', () => {
    expect(globFiles(root, '**/*.md').map((p) => p.slice(root.length + 1))).toEqual(['b.md', 'x/a.md'])
  })
})
