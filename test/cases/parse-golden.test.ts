import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { GoldenFileError } from '../../src/cases/errors.ts'
import { defaultInputLimits, goldenSetHash, parseGoldenText } from '../../src/cases/parse-golden.ts'
import { resolveConfig } from '../../src/config/resolve.ts'
import { readGoldenSet } from '../../src/evaluation/golden-set/golden-set.ts'
import { hashJson } from '../../src/shared/util/hash.ts'
import { formatProblem, formatProblems } from '../../src/shared/problems/problems.ts'
import { sha256 } from '../../src/shared/util/hash.ts'

const base = {
  case_id: 'GC-1',
  case_type: 'normal',
  tenant_id: 'acme',
  query: 'How many seats does Starter allow?',
  answerable: true,
  question_type: 'simple',
  popularity: 'head',
  dynamism: 'static',
  expected_sources: [{ locator: { kind: 'doc', slug: 'billing/seats' } }],
}
const line = (overrides: Record<string, unknown>): string => JSON.stringify({ ...base, ...overrides })
const FILE = 'golden/support.golden.jsonl'
const made: string[] = []
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true })
})
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'vitest-rag-golden-'))
  made.push(dir)
  return dir
}

describe('parseGoldenText', () => {
  test('skips blank lines and // comments and reports 1-based lines', () => {
    const text = ['// support cases', '', line({}), '   ', line({ case_id: 'GC-2' })].join('\n')
    const result = parseGoldenText(text, FILE)
    expect(result.problems).toEqual([])
    expect(result.cases.map((c) => [c.case.case_id, c.line])).toEqual([
      ['GC-1', 3],
      ['GC-2', 5],
    ])
    // The hash covers the parsed cases (defaults applied), not the bytes: comments and blank lines do not count.
    expect(result.hash).toBe(hashJson(result.cases.map((c) => c.case)))
    expect(result.hash).toBe(parseGoldenText([line({}), line({ case_id: 'GC-2' })].join('\n'), FILE).hash)
  })

  test('a BOM + CRLF file (a Windows checkout) hashes like its LF twin; an edited case does not', () => {
    const lf = `${line({})}\n${line({ case_id: 'GC-2' })}\n`
    const windows = `\uFEFF${line({})}\r\n${line({ case_id: 'GC-2' })}\r\n`
    expect(parseGoldenText(windows, FILE).hash).toBe(parseGoldenText(lf, FILE).hash)
    expect(parseGoldenText(`${line({})}\n${line({ case_id: 'GC-2', query: 'Other?' })}\n`, FILE).hash).not.toBe(
      parseGoldenText(lf, FILE).hash,
    )
  })

  test('a file larger than one 64 KiB hash piece hashes as the canonical JSON array of its cases', () => {
    // 600 cases of about 400 bytes of canonical JSON each: about 240 KB, so the hash is fed in several pieces.
    const lines = Array.from({ length: 600 }, (_, i) =>
      line({ case_id: `GC-${i}`, query: `Question ${i} about seats?` }),
    )
    const result = parseGoldenText(lines.join('\n'), FILE)
    expect(result.cases).toHaveLength(600)
    expect(JSON.stringify(result.cases.map((c) => c.case)).length).toBeGreaterThan(3 * 65_536)
    expect(result.hash).toBe(hashJson(result.cases.map((c) => c.case)))
  })

  test('a file with several errors reports every one of them with its line', () => {
    const text = [
      line({}), // 1: fine
      '{"case_id": "GC-2",', // 2: invalid JSON
      line({
        case_id: 'GC-3',
        case_type: 'faq',
        expected_sources: [{ locator: { kind: 'docs', slug: 'x' }, grade: 7 }],
      }), // 3: three issues
      line({ case_id: 'GC-4', expected_source: [] }), // 4: unknown key
      line({ case_id: 'GC-1' }), // 5: duplicate of line 1
      JSON.stringify({ ...base, case_id: 'GC-6', tenant_id: undefined }), // 6: missing field (facets such as answerable have defaults)
      line({ case_id: 'GC-7', case_type: 'multi_turn' }), // 7: cross-field rule
    ].join('\n')
    const result = parseGoldenText(text, FILE)
    expect(result.cases.map((c) => c.line)).toEqual([1, 5])
    expect(result.problems.map((p) => [p.line, p.code, p.path])).toEqual([
      [2, 'invalid_json', ''],
      [3, 'invalid_value', 'case_type'],
      [3, 'invalid_value', 'expected_sources[0].locator.kind'],
      [3, 'out_of_range', 'expected_sources[0].grade'],
      [4, 'unknown_key', 'expected_source'],
      [5, 'duplicate_case_id', 'case_id'],
      [6, 'missing_field', 'tenant_id'],
      [7, 'rule', 'history'],
    ])
    const rendered = formatProblems(result.problems).split('\n')
    expect(rendered[1]).toBe(
      `${FILE}:3: case_type: "faq" is not allowed (fix: one of "normal", "out_of_scope", "exact_identifier", "multi_turn", "stale_conflict", "cross_tenant")`,
    )
    expect(rendered[2]).toBe(
      `${FILE}:3: expected_sources[0].locator.kind: "docs" is not allowed (fix: did you mean "doc"? one of "doc", "changelog", "ticket", "document")`,
    )
    expect(rendered[3]).toBe(`${FILE}:3: expected_sources[0].grade: 7 is out of range (fix: a whole number 0-3)`)
    // #24: a misspelt enum value gets the closest allowed one before the list.
    const misspelt = parseGoldenText(
      JSON.stringify({ case_id: 'X-1', case_type: 'exact-identifier', tenant_id: 't', query: 'q' }),
      FILE,
    )
    expect(formatProblems(misspelt.problems)).toBe(
      `${FILE}:1: case_type: "exact-identifier" is not allowed (fix: did you mean "exact_identifier"? one of "normal", "out_of_scope", "exact_identifier", "multi_turn", "stale_conflict", "cross_tenant")`,
    )
    expect(rendered[4]).toBe(
      `${FILE}:4: expected_source: unknown field "expected_source" (fix: did you mean "expected_sources"?)`,
    )
    expect(rendered[5]).toContain('case_id "GC-1" is already used at golden/support.golden.jsonl:1')
    expect(rendered[6]).toBe(`${FILE}:6: tenant_id: is missing (fix: add "tenant_id": <string>)`)
  })

  test('a line that is JSON but not an object is a problem, not a crash', () => {
    const result = parseGoldenText('[1, 2]', FILE)
    expect(result.problems).toHaveLength(1)
    expect(result.problems[0]?.code).toBe('invalid_type')
  })

  test('a CRLF file with a BOM parses like its LF twin', () => {
    const result = parseGoldenText(`\uFEFF${line({})}\r\n${line({ case_id: 'GC-2' })}\r\n`, FILE)
    expect(result.problems).toEqual([])
    expect(result.cases.map((c) => c.line)).toEqual([1, 2])
  })

  test('a problem renders as file:line: path: message (fix: ...)', () => {
    expect(
      formatProblem({
        code: 'out_of_range',
        file: FILE,
        line: 14,
        path: 'expected_sources[0].grade',
        value: 7,
        message: '7 is out of range',
        fix: 'a whole number 0-3',
      }),
    ).toBe('golden/support.golden.jsonl:14: expected_sources[0].grade: 7 is out of range (fix: a whole number 0-3)')
  })
})

describe('input limits', () => {
  const limits = {
    ...defaultInputLimits,
    maxLineBytes: 2_000,
    maxQueryChars: 40,
    maxHistoryTurns: 2,
    maxLiteralChars: 10,
  }

  test('a line over the byte limit is not parsed, and says its size, the limit and the option', () => {
    const huge = line({ query: 'x'.repeat(3_000) })
    const result = parseGoldenText(`${huge}\n${line({ case_id: 'GC-2' })}\n`, FILE, limits)
    expect(result.cases.map((c) => c.case.case_id)).toEqual(['GC-2'])
    expect(formatProblems(result.problems)).toBe(
      `${FILE}:1: the line is ${Buffer.byteLength(huge)} bytes, over the 2000-byte limit; it was not parsed (fix: shorten it, or raise limits.maxLineBytes (now 2000) in ragEval() if it is meant to be this large)`,
    )
  })

  test('query, history and literals over their limits are each named with file, line and field', () => {
    const text = line({
      query: 'q'.repeat(41),
      case_type: 'multi_turn',
      history: [1, 2, 3].map((i) => ({ role: 'user', content: `turn ${i}` })),
      must_contain: ['short', 'much too long here'],
      should_contain: [{ text: 'also too long' }],
    })
    const result = parseGoldenText(text, FILE, limits)
    expect(result.cases).toEqual([])
    expect(result.problems.map((p) => [p.code, p.line, p.path])).toEqual([
      ['input_too_large', 1, 'query'],
      ['input_too_large', 1, 'history'],
      ['input_too_large', 1, 'must_contain[1]'],
      ['input_too_large', 1, 'should_contain[0].text'],
    ])
    expect(result.problems[0]!.message).toBe('is 41 characters, over the 40 limit')
    expect(result.problems[1]!.message).toBe('has 3 turns, over the 2 limit')
  })

  test('the limits are configurable in ragEval() and default to 64 KiB lines and 4,000-character queries', () => {
    expect(resolveConfig({}, '/p', {}).limits).toEqual({
      maxLineBytes: 65_536,
      maxQueryChars: 4_000,
      maxHistoryTurns: 50,
      maxLiteralChars: 1_000,
    })
    expect(resolveConfig({ limits: { maxQueryChars: 10 } }, '/p', {}).limits.maxQueryChars).toBe(10)
    // A 5 MB query line is refused by default.
    expect(parseGoldenText(line({ query: 'x'.repeat(5_000_000) }), FILE).problems[0]!.code).toBe('input_too_large')
  })
})

describe('duplicate case ids in the golden set', () => {
  test('a repeat inside one file is reported once; a repeat across files once, in the same wording', () => {
    const root = tempDir()
    mkdirSync(join(root, 'golden'))
    writeFileSync(join(root, 'golden/a.golden.jsonl'), `${line({})}\n${line({})}\n`)
    writeFileSync(join(root, 'golden/b.golden.jsonl'), `${line({ case_id: 'GC-9' })}\n${line({})}\n`)
    const set = readGoldenSet(resolveConfig({}, root, {}))
    expect(formatProblems(set.problems).split('\n')).toEqual([
      'golden/a.golden.jsonl:2: case_id: case_id "GC-1" is already used at golden/a.golden.jsonl:1 (fix: give one of the two cases a new case_id (case ids are stable: rename the newer one))',
      'golden/b.golden.jsonl:2: case_id: case_id "GC-1" is already used at golden/a.golden.jsonl:1 (fix: give one of the two cases a new case_id (case ids are stable: rename the newer one))',
    ])
  })
})

describe('goldenSetHash', () => {
  test('does not depend on file order but does on content', () => {
    const a = { file: 'a.jsonl', hash: sha256('a') }
    const b = { file: 'b.jsonl', hash: sha256('b') }
    expect(goldenSetHash([a, b])).toBe(goldenSetHash([b, a]))
    expect(goldenSetHash([a, b])).not.toBe(goldenSetHash([a, { ...b, hash: sha256('b2') }]))
  })
})

describe('GoldenFileError', () => {
  test('carries every problem of a file, rendered one per line', () => {
    const { problems } = parseGoldenText(`${line({ case_type: 'faq' })}\n{oops\n`, 'bad.golden.jsonl')
    const error = new GoldenFileError(problems)
    expect(error.code).toBe('VITEST_RAG_GOLDEN_INVALID')
    expect(error.problems.map((p) => `${p.file}:${p.line}`)).toEqual(['bad.golden.jsonl:1', 'bad.golden.jsonl:2'])
    expect(error.message).toContain('bad.golden.jsonl:1: case_type: "faq" is not allowed')
  })
})

describe('known_failures', () => {
  test('a mark on a leak or fabricated-citation check is a golden-file error with file, line, field and fix; every problem at once', () => {
    const text = [
      line({ must_contain: ['seats'], known_failures: [{ check: 'must_contain', reason: 'TICKET-123' }] }),
      line({
        case_id: 'GC-2',
        known_failures: [
          { check: 'tenant_leak', reason: 'later' },
          { check: 'toHaveNoFabricatedCitations', reason: 'later' },
        ],
      }),
      line({
        case_id: 'GC-3',
        known_failures: [
          { check: 'must_contain', reason: 'x' },
          { check: 'must_abstain', reason: 'y' },
          { check: 'speed', reason: 'z' },
        ],
      }),
    ].join('\n')
    const result = parseGoldenText(text, FILE)
    // The first case's mark is valid: it parses, mark and all.
    expect(result.cases.map((c) => [c.case.case_id, c.case.known_failures])).toEqual([
      ['GC-1', [{ check: 'must_contain', reason: 'TICKET-123' }]],
    ])
    expect(formatProblems(result.problems).split('\n')).toEqual([
      'golden/support.golden.jsonl:2: known_failures[0].check: "tenant_leak": can never be marked as a known failure: tenant leaks and fabricated citations have zero tolerance; fix the system, and remove this entry',
      'golden/support.golden.jsonl:2: known_failures[1].check: "toHaveNoFabricatedCitations": can never be marked as a known failure: tenant leaks and fabricated citations have zero tolerance; fix the system, and remove this entry',
      'golden/support.golden.jsonl:3: known_failures[0].check: "must_contain": the case has no must_contain, so nothing can fail: remove this entry',
      'golden/support.golden.jsonl:3: known_failures[1].check: "must_abstain": a normal case need not abstain, so nothing can fail: remove this entry',
      'golden/support.golden.jsonl:3: known_failures[2].check: "speed": not a check a known failure can mark: use must_contain or must_abstain',
    ])
  })

  test('a case without known_failures hashes as before the field existed', () => {
    // The case hash pairs a case with its baseline entry: an optional field that is absent changes no hash.
    const parsed = parseGoldenText(line({}), FILE).cases[0]!
    expect('known_failures' in parsed.case).toBe(false)
  })
})
