import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import {
  describeIssue,
  describeIssues,
  issueProblems,
  prettifyIssuesOneLine,
} from '../../../src/shared/problems/zod-problems.ts'
import { readImportGraph } from '../../../scripts/architecture.ts'

const root = join(import.meta.dirname, '..', '..', '..')
const Schema = z.object({ mode: z.enum(['retrieval', 'system']), ks: z.array(z.number()) })
const issuesOf = (value: unknown) => {
  const parsed = Schema.safeParse(value)
  if (parsed.success) throw new Error('expected a failed parse')
  return parsed.error
}

describe('zod issues in words', () => {
  test("describeIssue writes `path: message` in zod's words, numbers dotted, the whole value named by the caller", () => {
    const [mode, k] = issuesOf({ mode: 'nope', ks: ['x'] }).issues
    expect(describeIssue(mode!)).toBe('mode: Invalid option: expected one of "retrieval"|"system"')
    expect(describeIssue(k!)).toBe('ks.0: Invalid input: expected number, received string')
    expect(describeIssue({ path: [], message: 'Invalid input' }, '(output)')).toBe('(output): Invalid input')
    expect(describeIssues(issuesOf({ mode: 'nope', ks: [] }).issues)).toBe(
      'mode: Invalid option: expected one of "retrieval"|"system"',
    )
  })

  test('issueProblems gives each issue of a row the caller code, file, line and dotted path', () => {
    expect(issueProblems(issuesOf({ mode: 'system', ks: [1, 'x'] }).issues, 'qrels_schema', 'q.jsonl', 4)).toEqual([
      {
        code: 'qrels_schema',
        file: 'q.jsonl',
        line: 4,
        path: 'ks.1',
        message: 'Invalid input: expected number, received string',
      },
    ])
  })

  test("prettifyIssuesOneLine is zod's prettifyError on one line", () => {
    expect(prettifyIssuesOneLine(issuesOf({ mode: 'system', ks: 'x' }))).toBe(
      '✖ Invalid input: expected array, received string; → at ks',
    )
  })

  test('no file in src/ but the renderer turns zod issues into text itself', () => {
    const renderers = readImportGraph(root).flatMap(({ file }) =>
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          /prettifyError|issue\.(message|path)\b|\bi\.(message|path)\b/.test(line) ? [`${file}:${i + 1}`] : [],
        ),
    )
    expect(renderers.filter((at) => !at.startsWith('src/shared/problems/zod-problems.ts:'))).toEqual([])
  })
})
