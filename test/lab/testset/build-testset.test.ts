import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { parseGoldenText } from '../../../src/cases/parse-golden.ts'
import { resolveLocators } from '../../../src/cases/resolve-locators.ts'
import { chunkDocuments, parseChunkerSpec } from '../../../src/corpus/chunk.ts'
import { loadBeir } from '../../../src/corpus/load-beir.ts'
import { cli } from './cli.ts'

const fixtures = resolve(import.meta.dirname, '../../fixtures')
const dir = mkdtempSync(join(tmpdir(), 'vitest-rag-build-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

async function resolvesAgainst(beirRoot: string, goldenPath: string) {
  const parsed = parseGoldenText(readFileSync(goldenPath, 'utf8'), goldenPath)
  const { corpus } = await loadBeir(beirRoot)
  const chunks = chunkDocuments(corpus.documents, parseChunkerSpec('structural'))
  return {
    parsed,
    resolved: resolveLocators(
      parsed.cases.map((c) => c.case),
      corpus.documents,
      chunks,
    ),
  }
}

describe('build-testset on the BEIR fixture', () => {
  test('rejects the questions that copy their answer span, stratifies, and writes a golden file that parses and resolves', async () => {
    const out = join(dir, 'fixture.golden.jsonl')
    const run = await cli(dir, [
      'build-testset',
      '--beir',
      join(fixtures, 'testset-beir'),
      '--out',
      out,
      '--size',
      '3',
      '--id-prefix',
      'FX',
    ])
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    // q2 and q3 reuse every content word of their answer sentence (overlap 1.0 > 0.8); q1 shares only "team" of
    // {user, team} (0.5); q4 {long, raw, event, kept} all but "long" (0.75); q6 has no judgment: skipped.
    expect(run.stdout).toContain(
      'candidates 6, rejected 2 (2 copy their answer span: overlap > 0.8; 0 share no content word with their document), accepted 4, selected 3',
    )
    expect(run.stdout).toContain('skipped 1 queries with no judgment and no unanswerable flag')
    const report = JSON.parse(readFileSync(join(dir, 'fixture.report.json'), 'utf8')) as {
      rejections: Array<{ id: string; overlap: number }>
      byStratum: Record<string, { selected: number }>
    }
    expect(report.rejections.map((r) => [r.id, r.overlap])).toEqual([
      ['q2', 1],
      ['q3', 1],
    ])
    // strata: how (q1, q4), which/unanswerable (q5), false_premise (q7); 3 of 4 by largest remainder -> 1 each
    expect(Object.fromEntries(Object.entries(report.byStratum).map(([k, v]) => [k, v.selected]))).toEqual({
      how: 1,
      'which/unanswerable': 1,
      false_premise: 1,
    })

    const { parsed, resolved } = await resolvesAgainst(join(fixtures, 'testset-beir'), out)
    expect(parsed.problems).toEqual([])
    expect(resolved.problems).toEqual([])
    const byId = new Map(parsed.cases.map((c) => [c.case.case_id, c.case]))
    expect(byId.get('FX-q5')).toMatchObject({ case_type: 'out_of_scope', answerable: false, expected_sources: [] })
    // q7 keeps its stated CRAG type; its locator is the answer's sentence "Aggregates are kept forever." in p3,
    // and the binary qrels grade 1 maps to 3 through the file's grade_scale header (low 0, high 1)
    expect(byId.get('FX-q7')).toMatchObject({
      question_type: 'false_premise',
      popularity: 'torso',
      dynamism: 'static',
      expected_sources: [{ locator: { kind: 'document', id: 'p3', span: [35, 63] }, grade: 3 }],
    })
    expect(readFileSync(out, 'utf8').split('\n')[1]).toBe('{"grade_scale":{"low":0,"high":1}}')
  })

  test('the same seed builds the same file; an existing --out needs --force', async () => {
    const out = join(dir, 'again.golden.jsonl')
    const args = ['build-testset', '--beir', join(fixtures, 'testset-beir'), '--out', out, '--size', '2', '--seed', '7']
    expect((await cli(dir, args)).code).toBe(0)
    const first = readFileSync(out, 'utf8')
    const refused = await cli(dir, args)
    expect([refused.code, refused.stderr.split('\n')[0]]).toEqual([
      2,
      `vitest-rag build-testset: --out ${out} exists; pass --force to replace it (a built file overwrites any hand edits)`,
    ])
    expect((await cli(dir, [...args, '--force'])).code).toBe(0)
    expect(readFileSync(out, 'utf8')).toBe(first)
  })

  test('a rows folder: copying questions rejected at the configured threshold, unanswerable rows kept, bad rows all reported', async () => {
    const out = join(dir, 'rows.golden.jsonl')
    const run = await cli(dir, [
      'build-testset',
      '--rows',
      join(fixtures, 'testset-rows'),
      '--out',
      out,
      '--max-overlap',
      '0.9',
    ])
    // r2 "The old key stops working when?" copies "The old key stops working at once." (1.0 > 0.9)
    expect(run.stdout).toContain('candidates 3, rejected 1')
    const cases = parseGoldenText(readFileSync(out, 'utf8'), out).cases.map((c) => [
      c.case.case_id,
      c.case.case_type,
      c.case.tenant_id,
    ])
    expect(cases).toEqual([
      ['TS-r1', 'normal', 'brassmoth'],
      ['TS-r3', 'out_of_scope', 'brassmoth'],
    ])

    const bad = join(dir, 'bad-rows')
    rmSync(bad, { recursive: true, force: true })
    const { mkdirSync } = await import('node:fs')
    mkdirSync(bad)
    writeFileSync(
      join(bad, 'a.jsonl'),
      ['{"question": "Where?", "answerable": true}', '{"question": "", "sorce": "x"}', '{oops'].join('\n'),
    )
    const failed = await cli(dir, ['build-testset', '--rows', bad, '--out', join(dir, 'never.golden.jsonl')])
    expect(failed.code).toBe(1)
    expect(failed.stderr).toContain(
      'a.jsonl:1: source: an answerable row needs the id of the document that holds its answer',
    )
    expect(failed.stderr).toContain('a.jsonl:2: sorce: unknown field "sorce" (fix: did you mean "source"?)')
    expect(failed.stderr).toContain('a.jsonl:3: not valid JSON')
    expect(existsSync(join(dir, 'never.golden.jsonl'))).toBe(false)
  })
})

describe('build-testset from the project configuration', () => {
  test("without --beir or --rows it reads the project's BEIR corpus, named on the first line", async () => {
    const own = mkdtempSync(join(tmpdir(), 'vitest-rag-build-own-'))
    const beir = join(fixtures, 'testset-beir')
    writeFileSync(join(own, 'rag.json'), JSON.stringify({ corpus: { kind: 'beir', root: beir } }))
    const run = await cli(own, ['build-testset', '--config', 'rag.json', '--out', 'own.golden.jsonl', '--size', '3'])
    expect(run.code, run.stderr).toBe(0)
    expect(run.stderr).toMatch(/^vitest-rag build-testset: options file rag.json: corpus .*testset-beir \(beir\),/)
    // The same 6 candidates as --beir gives (the first test).
    expect(run.stdout).toContain('candidates 6, rejected 2')
    rmSync(own, { recursive: true, force: true })
  })
})

const squad = resolve(import.meta.dirname, '../../../../shared/datasets/squad2-dev-cs224n')
test.skipIf(!existsSync(squad))(
  'build-testset on ../shared/datasets/squad2-dev-cs224n reports its rejection counts (skipped when absent)',
  async () => {
    const out = join(dir, 'squad.golden.jsonl')
    const run = await cli(dir, ['build-testset', '--beir', squad, '--out', out, '--size', '300', '--id-prefix', 'SQ'])
    // 6,078 questions: 2,910 answerable (759 share more than 80% of their content words with the answer's
    // sentence; 17 share no content word at all with their paragraph: "What did this agreement do?", "Who had
    // mathmatical insite?", questions that lean on a context retrieval never sees) and 3,168 unanswerable
    // (never rejected: they have no answer span)
    expect(run.stdout).toContain(
      'candidates 6078, rejected 776 (759 copy their answer span: overlap > 0.8; 17 share no content word with their document), accepted 5302, selected 300',
    )
    expect(run.stdout).toContain('17 of 6078 questions share no content word with their document (rejected): ')
    const { parsed, resolved } = await resolvesAgainst(squad, out)
    expect([parsed.problems.length, resolved.problems.length, parsed.cases.length]).toEqual([0, 0, 300])
    console.log(run.stdout)
  },
)
