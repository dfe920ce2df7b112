/**
 * The watch trigger's pattern (watch-inputs.ts): it must match exactly the changed paths under the prompts folder
 * and the corpus root, as Vitest's watcher reports them (absolute, forward slashes). Its behaviour under a real
 * `vitest watch` (a prompt edit and a corpus edit rerun both golden files) is the spine end-to-end test's.
 */
import { describe, expect, test } from 'vitest'
import { underFolders } from '../../../src/vitest/main/watch-inputs.ts'

describe('underFolders', () => {
  test('matches files at any depth under each folder, and nothing beside them', () => {
    const pattern = underFolders(['/p/kb', '/p/prompts/'])
    expect(pattern.test('/p/kb/tenants/north/docs/amber.md')).toBe(true)
    expect(pattern.test('/p/prompts/answer.md')).toBe(true)
    // A sibling whose name starts like the folder's, the folder itself, and a file elsewhere do not match.
    expect(pattern.test('/p/kbx/a.md')).toBe(false)
    expect(pattern.test('/p/kb')).toBe(false)
    expect(pattern.test('/p/golden/a.golden.jsonl')).toBe(false)
  })

  test("a folder's name is literal text, not a pattern", () => {
    const pattern = underFolders(['/p/k.b+(1)[x]'])
    expect(pattern.test('/p/k.b+(1)[x]/a.md')).toBe(true)
    expect(pattern.test('/p/kXb+(1)[x]/a.md')).toBe(false)
    expect(pattern.test('/p/k.bb(1)x/a.md')).toBe(false)
  })

  test('relative folders are resolved against the working directory, as the config resolves them', () => {
    expect(underFolders(['kb']).test(`${process.cwd().split('\\').join('/')}/kb/a.md`)).toBe(true)
  })
})
