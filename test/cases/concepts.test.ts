/**
 * Concepts in the golden file: the schema, the rules (every problem at once, with file:line, field and fix), and
 * the `must_contain` items that name a concept.
 */
import { describe, expect, test } from 'vitest'
import { parseGoldenText } from '../../src/cases/parse-golden.ts'
import { formatProblems } from '../../src/shared/problems/problems.ts'
import { hashJson } from '../../src/shared/util/hash.ts'

const base = {
  case_id: 'GC-1',
  case_type: 'normal',
  tenant_id: 'acme',
  query: 'How many seats does Starter allow?',
  expected_sources: [{ locator: { kind: 'doc', slug: 'billing/seats' } }],
}
const line = (overrides: Record<string, unknown>): string => JSON.stringify({ ...base, ...overrides })
const FILE = 'golden/support.golden.jsonl'

describe('concepts in a golden case', () => {
  test('concepts parse with their grades and aliases; a must_contain item naming one is read as its literal plus the link', () => {
    const result = parseGoldenText(
      line({
        concepts: [
          { id: 'Starter plan', grade: 'required', aliases: ['Starter'] },
          { id: 'Team plan', grade: 'irrelevant' },
          { id: 'seat', grade: 'acceptable' },
        ],
        must_contain: ['5 seats', { text: 'Starter', concept: 'Starter plan' }],
        should_contain: [{ text: 'per seat', concept: 'seat' }],
      }),
      FILE,
    )
    expect(result.problems).toEqual([])
    const c = result.cases[0]!.case
    expect(c.concepts?.map((k) => `${k.id}:${k.grade}`)).toEqual([
      'Starter plan:required',
      'Team plan:irrelevant',
      'seat:acceptable',
    ])
    expect(c.must_contain).toEqual(['5 seats', 'Starter'])
    expect(c.must_contain_concepts).toEqual({ Starter: 'Starter plan' })
    expect(c.should_contain).toEqual([{ text: 'per seat', weight: 1, concept: 'seat' }])
  })

  test('a case without concepts parses and hashes as before the field existed', () => {
    const plain = parseGoldenText(line({ must_contain: ['5 seats'] }), FILE).cases[0]!
    expect('concepts' in plain.case).toBe(false)
    expect('must_contain_concepts' in plain.case).toBe(false)
    // The hash of the same case written before concepts existed: the canonical JSON of exactly these fields.
    expect(plain.hash).toBe(
      hashJson({
        ...base,
        expected_sources: [{ locator: { kind: 'doc', slug: 'billing/seats' }, grade: 3 }],
        history: [],
        reference_answer: '',
        must_contain: ['5 seats'],
        should_contain: [],
        forbidden_text: [],
        answerable: true,
        question_type: 'simple',
        popularity: 'torso',
        dynamism: 'static',
      }),
    )
  })

  test('unknown concept ids, a bad grade, a duplicate and an irrelevant dependency: every problem at once, with file:line, field and fix', () => {
    const text = [
      line({
        concepts: [
          { id: 'Starter plan', grade: 'required' },
          { id: 'Team plan', grade: 'irrelevant' },
        ],
        must_contain: [
          { text: 'Starter', concept: 'Starter plans' },
          { text: 'Team', concept: 'Team plan' },
        ],
        should_contain: [{ text: 'SSO', concept: 'sso' }],
      }),
      line({ case_id: 'GC-2', concepts: [{ id: 'seat', grade: 'mandatory' }] }),
      line({
        case_id: 'GC-3',
        concepts: [
          { id: 'seat', grade: 'required' },
          { id: 'seat', grade: 'acceptable' },
        ],
      }),
      line({ case_id: 'GC-4', must_contain: [{ text: '5 seats', concept: 'seat' }] }),
      line({ case_id: 'GC-5', must_contain: [{ text: '5 seats', concpet: 'seat' }] }),
    ].join('\n')
    const result = parseGoldenText(text, FILE)
    expect(result.cases).toEqual([])
    expect(formatProblems(result.problems).split('\n')).toEqual([
      'golden/support.golden.jsonl:1: must_contain[0].concept: "Starter plans": names a concept the case does not list in concepts; did you mean "Starter plan"? Or add {"id": "Starter plans", "grade": "required"} to the case\'s concepts',
      'golden/support.golden.jsonl:1: must_contain[1].concept: "Team plan": depends on an irrelevant concept, which the answer must not need: grade it required, or drop the link',
      'golden/support.golden.jsonl:1: should_contain[0].concept: "sso": names a concept the case does not list in concepts; add {"id": "sso", "grade": "required"} to the case\'s concepts',
      'golden/support.golden.jsonl:2: concepts[0].grade: "mandatory" is not allowed (fix: one of "required", "acceptable", "irrelevant")',
      'golden/support.golden.jsonl:3: concepts[1].id: "seat": this concept is listed twice: keep one entry',
      'golden/support.golden.jsonl:4: must_contain[0].concept: "seat": names a concept the case does not list in concepts; add {"id": "seat", "grade": "required"} to the case\'s concepts',
      'golden/support.golden.jsonl:5: must_contain[0]: {"text":"5 seats","concpet":"seat"} is not allowed (fix: write a literal ("8 seats") or {"text": "8 seats", "concept": "<an id from the case\'s concepts>"})',
    ])
  })
})
