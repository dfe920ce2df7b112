/**
 * docs/getting-started.md walks a new user through breaking the starter's `example-normal` case by adding
 * "zebra" to its `must_contain` list and quotes the failure the run prints. This reads the doc and the
 * template the doc's project is made from, makes the same edit, and checks the quoted wording is what the
 * check (as the toContainAll matcher prints it) says, and that the doc's warning about a second key holds.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { parseGoldenText } from '../../../src/cases/parse-golden.ts'
import { checkContainsAll } from '../../../src/grading/checks/hard-checks.ts'
import { repoRoot } from '../../helpers/run-vitest.ts'

const doc = readFileSync(join(repoRoot, 'docs/getting-started.md'), 'utf8')
const template = readFileSync(join(repoRoot, 'templates/init/example.golden.jsonl'), 'utf8')
const normalLine = template.split('\n').find((l) => l.includes('"case_id": "example-normal"')) ?? ''

test("getting-started quotes the toContainAll failure the 'zebra' edit really prints", () => {
  const quoted = /`(toContainAll: [^`]*)`/.exec(doc.replace(/\s+/g, ' '))?.[1]
  expect(quoted).toBeDefined()
  const edited = JSON.parse(normalLine) as { must_contain: string[] }
  edited.must_contain.push('zebra')
  const parsed = parseGoldenText(JSON.stringify(edited), 'golden/example.golden.jsonl')
  expect(parsed.problems).toEqual([])
  const golden = parsed.cases[0]!.case
  // The starter's answer contains its one literal ("$399 per month") but not "zebra": 1 of 2 missing.
  const outcome = checkContainsAll({ answer: 'The Swarm plan costs $399 per month.', retrieved: [] }, golden, 'system')
  expect(outcome.applies && outcome.passed).toBe(false)
  const message = outcome.applies ? outcome.message : ''
  expect(`toContainAll: ${message}`.startsWith(quoted ?? '?'), message).toBe(true)
})

test('the second must_contain key the doc warns about is refused, not silently dropped', () => {
  expect(doc).toContain('a second `must_contain` key is refused as a `duplicate_key` problem')
  const twice = normalLine.replace(/}\s*$/, ', "must_contain": ["zebra"]}')
  const parsed = parseGoldenText(twice, 'golden/example.golden.jsonl')
  expect(parsed.problems.map((p) => [p.code, p.path])).toEqual([['duplicate_key', 'must_contain']])
})
