import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeEach, describe, expect, test } from 'vitest'
import { parseGoldenText } from '../../../src/cases/parse-golden.ts'
import { buildScorecard } from '../../../src/report/scorecard/aggregate.ts'
import { serializeScorecard } from '../../../src/report/scorecard/render-json.ts'
import { nodeFileOps } from '../../../src/lab/testset/atomic-pair.ts'
import { AtomicPairError } from '../../../src/lab/testset/errors.ts'
import { parseFeedback } from '../../../src/report/files/feedback-file.ts'
import { promoteReview, type FeedbackPaths, type Review } from '../../../src/lab/testset/promote.ts'
import { appendRunToQueue } from '../../../src/report/files/feedback-queue.ts'
import { buildContext, buildRecord } from '../../report/scorecard/build-records.ts'
import { cli } from './cli.ts'

const root = mkdtempSync(join(tmpdir(), 'vitest-rag-promote-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

const RUN = '2026-12-01T01:00:00.000Z'
const golden = [
  JSON.stringify({
    case_id: 'GC-1',
    case_type: 'normal',
    tenant_id: 'acme',
    query: 'How many seats does Team allow?',
    expected_sources: [{ locator: { kind: 'doc', slug: 'billing/seats' } }],
    must_contain: ['50 seats'],
  }),
  JSON.stringify({
    case_id: 'GC-2',
    case_type: 'normal',
    tenant_id: 'acme',
    query: 'What does a seat cost?',
    expected_sources: [{ locator: { kind: 'doc', slug: 'billing/seats' } }],
  }),
].join('\n')
const existingFeedback = `${JSON.stringify({ version: 1, run_id: RUN, case_id: 'GC-2', error_class: 'incomplete', corrected: {}, reviewer: 'ana', note: 'earlier review', at: '2026-12-01T01:30:00.000Z' })}\n`
const existingDrafts = '// drafts\n'
// Where the reporter writes the default project's scorecard: the commands read it there without --scorecard.
const paths: FeedbackPaths = {
  root,
  scorecard: join(root, '.vitest-rag/evals/scorecard.json'),
  feedback: join(root, 'golden/feedback.jsonl'),
  drafts: join(root, 'golden/drafts.golden.jsonl'),
}
const review: Review = {
  runId: RUN,
  caseId: 'GC-1',
  errorClass: 'stale',
  corrected: { must_contain: ['75 seats'], reference_answer: '75 seats since 5.4.0.' },
  reviewer: 'bo',
  note: 'the limit changed in 5.4.0',
  at: '2026-12-01T02:00:00.000Z',
}

beforeEach(() => {
  rmSync(join(root, 'golden'), { recursive: true, force: true })
  mkdirSync(join(root, 'golden'), { recursive: true })
  writeFileSync(join(root, 'golden/support.golden.jsonl'), golden)
  writeFileSync(paths.feedback, existingFeedback)
  writeFileSync(paths.drafts, existingDrafts)
  const records = ['GC-1', 'GC-2'].map((id, i) =>
    buildRecord(id, { file: 'golden/support.golden.jsonl', line: i + 1, retrieval: { metrics: { 'recall@5': 1 } } }),
  )
  mkdirSync(join(root, '.vitest-rag/evals'), { recursive: true })
  writeFileSync(paths.scorecard, serializeScorecard(buildScorecard(records, buildContext({ startedAt: RUN }))))
})

describe('promote', () => {
  test('writes the draft case (corrected, status draft) and appends the linked feedback record', async () => {
    const { draft, record } = await promoteReview(review, paths)
    const drafts = parseGoldenText(readFileSync(paths.drafts, 'utf8'), 'drafts')
    expect(drafts.problems).toEqual([])
    expect(drafts.cases.map((c) => [c.case.case_id, c.case.status, c.case.must_contain, c.case.query])).toEqual([
      ['GC-1-fb1', 'draft', ['75 seats'], 'How many seats does Team allow?'],
    ])
    expect(draft.notes).toBe(
      'promoted from GC-1 (run 2026-12-01T01:00:00.000Z, stale) by bo: the limit changed in 5.4.0',
    )
    const feedback = readFileSync(paths.feedback, 'utf8')
    expect(feedback.startsWith(existingFeedback)).toBe(true) // append-only: the earlier line is untouched
    const records = parseFeedback(feedback, 'feedback').records
    expect(records.map((r) => [r.case_id, r.error_class, r.promoted?.case_id])).toEqual([
      ['GC-2', 'incomplete', undefined],
      ['GC-1', 'stale', 'GC-1-fb1'],
    ])
    expect(record.promoted).toEqual({ file: 'golden/drafts.golden.jsonl', case_id: 'GC-1-fb1' })
    // a second promotion of the same case gets the next id
    expect((await promoteReview(review, paths)).record.promoted?.case_id).toBe('GC-1-fb2')
  })

  test('when the second write (the feedback file) fails, neither file changes', async () => {
    const failing = {
      ...nodeFileOps,
      rename: async (from: string, to: string) =>
        to === paths.feedback ? Promise.reject(new Error('EIO: disk gone')) : nodeFileOps.rename(from, to),
    }
    await expect(promoteReview(review, paths, failing)).rejects.toThrow(AtomicPairError)
    await expect(promoteReview(review, paths, failing)).rejects.toThrow(/EIO: disk gone\); none of them changed/)
    expect(readFileSync(paths.drafts, 'utf8')).toBe(existingDrafts) // the first rename happened and was undone
    expect(readFileSync(paths.feedback, 'utf8')).toBe(existingFeedback)
    expect(readFileSync(join(root, 'golden/support.golden.jsonl'), 'utf8')).toBe(golden)
    expect(readdirTemps()).toEqual([])
  })

  test('a draft file that did not exist is removed again when the feedback write fails', async () => {
    rmSync(paths.drafts)
    const failing = {
      ...nodeFileOps,
      writeFile: async (path: string, data: string) =>
        path.startsWith(paths.feedback) ? Promise.reject(new Error('ENOSPC')) : nodeFileOps.writeFile(path, data),
    }
    await expect(promoteReview(review, paths, failing)).rejects.toThrow(AtomicPairError)
    expect(existsSync(paths.drafts)).toBe(false)
    expect(readFileSync(paths.feedback, 'utf8')).toBe(existingFeedback)
    expect(readdirTemps()).toEqual([])
  })

  test('checks the run and the case exist, and refuses an invalid correction, writing nothing', async () => {
    await expect(promoteReview({ ...review, runId: '2026-11-30T00:00:00.000Z' }, paths)).rejects.toThrow(
      `run "2026-11-30T00:00:00.000Z" not found: ${paths.scorecard} holds run "${RUN}" (fix: pass --run ${RUN}, or --scorecard with that run's scorecard)`,
    )
    await expect(promoteReview({ ...review, caseId: 'GC-9' }, paths)).rejects.toThrow(
      `case "GC-9" is not in run "${RUN}" (2 cases in ${paths.scorecard}); check the case id`,
    )
    await expect(promoteReview({ ...review, corrected: { case_type: 'multi_turn' } }, paths)).rejects.toThrow(
      /history: a multi_turn case needs history/,
    )
    expect(readFileSync(paths.drafts, 'utf8')).toBe(existingDrafts)
    expect(readFileSync(paths.feedback, 'utf8')).toBe(existingFeedback)
  })
})

describe('promote from the feedback queue', () => {
  test("a run's queued records become drafts after a later run replaced the scorecard", async () => {
    const queue = join(root, '.vitest-rag/evals/feedback-queue.jsonl')
    rmSync(queue, { force: true })
    const failing = buildRecord('GC-1', {
      file: 'golden/support.golden.jsonl',
      line: 1,
      errorClass: 'stale',
      retrieval: { metrics: { 'recall@5': 0 } },
    })
    expect(appendRunToQueue(queue, [failing], { project: 'evals', runId: RUN })).toEqual({
      appended: 1,
      alreadyQueued: 0,
    })
    // the next run's scorecard no longer holds RUN: without the queue, the run is not found
    const later = [buildRecord('GC-2', { file: 'golden/support.golden.jsonl', line: 2 })]
    writeFileSync(
      paths.scorecard,
      serializeScorecard(buildScorecard(later, buildContext({ startedAt: '2026-12-02T00:00:00.000Z' }))),
    )
    await expect(promoteReview(review, paths)).rejects.toThrow(/run "2026-12-01T01:00:00.000Z" not found/)
    const { draft, record } = await promoteReview(review, { ...paths, queue })
    expect([draft.case_id, draft.status, draft.must_contain, draft.query]).toEqual([
      'GC-1-fb1',
      'draft',
      ['75 seats'],
      'How many seats does Team allow?',
    ])
    expect(record.promoted).toEqual({ file: 'golden/drafts.golden.jsonl', case_id: 'GC-1-fb1' })
    // a case the queue does not hold for that run still needs the run's scorecard
    await expect(promoteReview({ ...review, caseId: 'GC-2' }, { ...paths, queue })).rejects.toThrow(
      /nor is the case queued for it in .*feedback-queue\.jsonl/,
    )
    rmSync(queue) // the commands' tests below read the default queue: leave none behind
  })
})

describe('the feedback add and promote commands', () => {
  test('feedback add appends a record; promote writes both files; a draft is validated but not run', async () => {
    const added = await cli(root, [
      'feedback',
      'add',
      '--run',
      RUN,
      '--case',
      'GC-2',
      '--error-class',
      'retrieval_miss',
      '--reviewer',
      'cy',
      '--note',
      'pricing doc not found',
    ])
    expect(added.code).toBe(0)
    // The one stderr line names the configuration the scorecard path came from (here: no Vitest config).
    expect(added.stderr).toMatch(
      /^vitest-rag feedback add: default options \(no Vitest config in .*\): corpus the bundled sample corpus \(kb\), golden golden\/\*\*\/\*\.golden\.jsonl, out \.vitest-rag\/evals\n$/,
    )
    const promoted = await cli(root, [
      'promote',
      '--run',
      RUN,
      '--case',
      'GC-1',
      '--error-class',
      'stale',
      '--corrected',
      '{"must_contain": ["75 seats"]}',
      '--reviewer',
      'bo',
    ])
    expect(promoted.stdout).toBe(
      `vitest-rag promote: draft GC-1-fb1 appended to ${paths.drafts} (status "draft": set it to "active" after review); feedback recorded in ${paths.feedback}\n`,
    )
    const records = parseFeedback(readFileSync(paths.feedback, 'utf8'), 'f').records
    expect(records.map((r) => [r.case_id, r.error_class, r.reviewer])).toEqual([
      ['GC-2', 'incomplete', 'ana'],
      ['GC-2', 'retrieval_miss', 'cy'],
      ['GC-1', 'stale', 'bo'],
    ])

    // Another project's run is read from that project's output folder.
    const other = await cli(root, [
      'feedback',
      'add',
      '--project',
      'squad',
      '--run',
      RUN,
      '--case',
      'GC-2',
      '--error-class',
      'stale',
      '--reviewer',
      'cy',
    ])
    expect([other.code, other.stderr.split('\n').slice(1).join('\n')]).toEqual([
      1,
      `vitest-rag feedback add: ${join(root, '.vitest-rag/squad/scorecard.json')} is not a valid scorecard: the file does not exist; run the evals to write it\n`,
    ])

    const bad = await cli(root, [
      'promote',
      '--run',
      RUN,
      '--case',
      'GC-1',
      '--error-class',
      'typo',
      '--corrected',
      '{}',
      '--reviewer',
      'bo',
    ])
    expect([bad.code, bad.stderr.split('\n')[0]]).toEqual([
      2,
      'vitest-rag promote: --error-class "typo" is not one of retrieval_miss, hallucination, citation_error, stale, incomplete, conflict_mishandled, wrong_abstention, correct',
    ])
    const missing = await cli(root, [
      'promote',
      '--run',
      RUN,
      '--case',
      'GC-7',
      '--error-class',
      'stale',
      '--corrected',
      '{"must_contain_": []}',
      '--reviewer',
      'bo',
    ])
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain(
      '--corrected: must_contain_: unknown field "must_contain_" (fix: did you mean "must_contain"?)',
    )
  })
})

function readdirTemps(): string[] {
  return readdirSync(join(root, 'golden')).filter((f) => f.endsWith('.tmp'))
}

describe('drafts are excluded from the run (and so from gating) until their status changes', () => {
  test('the golden set counts and loads only active cases; a draft set to "active" joins the run', async () => {
    const { resolveConfig } = await import('../../../src/config/resolve.ts')
    const { readGoldenSet, loadGoldenModuleData } = await import('../../../src/evaluation/golden-set/golden-set.ts')
    await promoteReview(review, paths)
    const config = resolveConfig(
      { corpus: { kind: 'kb', root: join(import.meta.dirname, '../../fixtures/kb-mini') } },
      root,
      {},
    )
    const set = readGoldenSet(config)
    expect([set.problems, set.expectedCases, [...set.selected].sort()]).toEqual([[], 2, ['GC-1', 'GC-2']])
    const draftText = readFileSync(paths.drafts, 'utf8')
    expect((await loadGoldenModuleData(config, paths.drafts, draftText)).cases).toEqual([])
    writeFileSync(paths.drafts, draftText.replace('"status":"draft"', '"status":"active"'))
    expect(readGoldenSet(config).expectedCases).toBe(3)
  })
})
