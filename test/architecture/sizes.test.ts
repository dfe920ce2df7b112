import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { readImportGraph } from '../../scripts/architecture.ts'
import { lineCount, longFunctions } from './sizes.ts'

const root = join(import.meta.dirname, '..', '..')
/** The limits of STYLE.md and issue #11: small files, one concept each, and functions cut into named steps. */
const MAX_FILE_LINES = 300
const MAX_FUNCTION_LINES = 60

describe('the sizes of src/', () => {
  const sources = readImportGraph(root).map(({ file }) => ({ file, text: readFileSync(join(root, file), 'utf8') }))

  test('no file is over 300 lines and no function over 60', () => {
    // The graph read every source: an empty list here would make both checks vacuous.
    expect(sources.length).toBeGreaterThan(100)
    const longFiles = sources
      .filter((s) => lineCount(s.text) > MAX_FILE_LINES)
      .map((s) => ({ where: s.file, lines: lineCount(s.text) }))
    expect(longFiles).toEqual([])
    expect(sources.flatMap((s) => longFunctions(s.file, s.text, MAX_FUNCTION_LINES))).toEqual([])
  })

  test('a function counts from its first line to its last, nested ones inside it too', () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i}`).join('\n')
    // outer: lines 1-7 (its line, one statement, the 4 lines of inner, its brace) = 7; inner: lines 3-6
    // (its line, 2 statements, its brace) = 4; method: lines 9-13 (its line, 3 statements, its brace) = 5
    const text = `export function outer() {\n${body(1)}\n  const inner = () => {\n${body(2)}\n  }\n}\nclass A {\n  method() {\n${body(3)}\n  }\n}\n`
    expect(longFunctions('x.ts', text, 4)).toEqual([
      { where: 'x.ts:1 outer', lines: 7 },
      { where: 'x.ts:9 method', lines: 5 },
    ])
    expect(longFunctions('x.ts', text, 3)).toEqual([
      { where: 'x.ts:1 outer', lines: 7 },
      { where: 'x.ts:3 inner', lines: 4 },
      { where: 'x.ts:9 method', lines: 5 },
    ])
    expect(lineCount('a\nb\n')).toBe(2)
  })
})
