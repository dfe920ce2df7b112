/**
 * The corpus's concept catalog (`concepts.jsonl` at the corpus root): its own problems, unknown concept ids in
 * golden cases reported against it with file:line, field and fix, and catalog aliases merged into the cases
 * the worker runs (which then hash as edited cases).
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { resolveConfig } from '../../src/config/resolve.ts'
import { parseConceptCatalog } from '../../src/corpus/concept-catalog.ts'
import { checkGoldenSet, loadGoldenModuleData } from '../../src/evaluation/golden-set/golden-set.ts'
import { parseGoldenText } from '../../src/cases/parse-golden.ts'
import { formatProblems } from '../../src/shared/problems/problems.ts'
import { repoRoot } from '../helpers/run-vitest.ts'

const made: string[] = []
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true })
})

const caseLine = (id: string, concepts: unknown[]): string =>
  JSON.stringify({
    case_id: id,
    case_type: 'normal',
    tenant_id: 'north',
    query: 'Which settings does amber use?',
    expected_sources: [{ locator: { kind: 'doc', slug: 'amber-n' } }],
    concepts,
  })

describe('parseConceptCatalog', () => {
  test('reads ids and aliases; a repeated id and an unknown field are problems with line and fix, all at once', () => {
    const text = [
      '{"id": "ERR-4217", "aliases": ["signature mismatch"]}',
      '{"id": "Team plan"}',
      '{"id": "ERR-4217"}',
      '{"id": "SSO", "alias": ["single sign-on"]}',
    ].join('\n')
    const { catalog, problems } = parseConceptCatalog(text, 'kb/concepts.jsonl')
    expect([...catalog.aliases]).toEqual([
      ['ERR-4217', ['signature mismatch']],
      ['Team plan', []],
    ])
    expect(formatProblems(problems).split('\n')).toEqual([
      'kb/concepts.jsonl:3: id: concept "ERR-4217" is already listed at line 1 (fix: keep one line per concept and put every spelling in its aliases)',
      'kb/concepts.jsonl:4: alias: unknown field "alias" (fix: did you mean "aliases"?)',
    ])
  })
})

describe('golden cases against the catalog', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vitest-rag-concepts-'))
  made.push(dir)
  cpSync(join(repoRoot, 'test/fixtures/e2e/kb'), join(dir, 'kb'), { recursive: true })
  writeFileSync(join(dir, 'kb/concepts.jsonl'), '{"id": "amber", "aliases": ["amber-n", "Amber North"]}\n')
  mkdirSync(join(dir, 'golden'))
  const golden = join(dir, 'golden/a.golden.jsonl')
  const config = resolveConfig({ corpus: { kind: 'kb', root: join(dir, 'kb') } }, dir, {}, 'evals')

  test('a concept id the catalog lacks is a problem with file:line, field and the closest id as the fix', async () => {
    writeFileSync(
      golden,
      [
        caseLine('A-1', [{ id: 'amber', grade: 'required' }]),
        caseLine('A-2', [{ id: 'ambr', grade: 'required' }]),
      ].join('\n'),
    )
    const { problems } = await checkGoldenSet(config)
    expect(problems.map((p) => `${p.file}:${p.line}: ${p.path}: ${p.message} (fix: ${p.fix})`)).toEqual([
      `golden/a.golden.jsonl:2: concepts[0].id: case "A-2": concept "ambr" is not in the concept catalog ${join(dir, 'kb/concepts.jsonl').split('\\').join('/')} (fix: did you mean "amber"? Or add {"id": "ambr", "aliases": [...]} to ${join(dir, 'kb/concepts.jsonl').split('\\').join('/')})`,
    ])
  })

  test('the case the worker runs takes the catalog aliases after its own, and hashes as an edited case', async () => {
    const text = caseLine('A-1', [{ id: 'amber', grade: 'required', aliases: ['Amber North', 'AMB'] }])
    writeFileSync(golden, text)
    const data = await loadGoldenModuleData(config, golden, text)
    const prepared = data.cases[0]!
    expect(prepared.case.concepts).toEqual([
      { id: 'amber', grade: 'required', aliases: ['Amber North', 'AMB', 'amber-n'] },
    ])
    // The parse's hash covers the case as written; the catalog's aliases make it another case for the gate.
    expect(prepared.caseHash).not.toBe(parseGoldenText(text, 'golden/a.golden.jsonl').cases[0]!.hash)
  })
})
