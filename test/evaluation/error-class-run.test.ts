/**
 * The error class assigned to each case on a fixture run: real cases from the sample golden set, run through
 * `evaluateCase` with the real heuristic judge, where a scripted system under test produces one failure mode
 * per case. One case per class, so a failure says which half of the system to fix.
 */
import { describe, expect, test } from 'vitest'
import { functionAdapter } from '../../src/system/adapter/function-adapter.ts'
import type { SystemInput, SystemOutput } from '../../src/system/adapter/types.ts'
import { resolveLocators } from '../../src/cases/resolve-locators.ts'
import { resolveConfig } from '../../src/config/resolve.ts'
import { createHeuristicJudge } from '../../src/grading/judge/heuristic-judge.ts'
import type { RagRuntime } from '../../src/evaluation/create-runtime.ts'
import { evaluateCase } from '../../src/evaluation/evaluate-case.ts'
import { prepareCase, type ModuleCase } from '../../src/cases/prepared-case.ts'
import { readGoldenSet } from '../../src/evaluation/golden-set/golden-set.ts'
import { prepareCorpus } from '../../src/corpus/prepare-corpus.ts'
import { repoRoot } from '../helpers/run-vitest.ts'
import { buildScorecard } from '../../src/report/scorecard/aggregate.ts'
import { buildContext } from '../report/scorecard/build-records.ts'

const config = resolveConfig({}, repoRoot, {})

async function fixture() {
  const prepared = await prepareCorpus(config.corpus, config.chunker)
  const set = readGoldenSet(config)
  const all = set.files.flatMap((f) => f.parsed.cases.map(({ case: c, line }) => ({ c, line, file: f.file })))
  const resolved = resolveLocators(
    all.map((x) => x.c),
    prepared.corpus.documents,
    prepared.chunks,
  )
  const moduleCase = (id: string): ModuleCase => {
    const found = all.find((x) => x.c.case_id === id)
    if (!found) throw new Error(`no case ${id}`)
    return prepareCase(found.c, found.line, resolved)
  }
  const chunk = (docKey: string, heading?: string) => {
    const hit = prepared.chunks.find((c) => c.docId.endsWith(docKey) && (!heading || c.headingPath?.at(-1) === heading))
    if (!hit) throw new Error(`no chunk ${docKey} ${heading ?? ''}`)
    return hit
  }
  const runtime = (system: (input: SystemInput) => SystemOutput): RagRuntime => ({
    config,
    prepared,
    adapter: functionAdapter(async (input) => system(input)),
    judge: createHeuristicJudge(),
    async close() {},
  })
  return { moduleCase, chunk, runtime }
}

describe('error classes on a fixture run', async () => {
  const { moduleCase, chunk, runtime } = await fixture()
  // GC-0061 (stale_conflict, quillfern): CL-2025-009 raised Team seats from 50 to 75; billing/seats still says 50.
  const changelog = chunk('quillfern/changelog/CL-2025-009')
  const seatsDoc = chunk('quillfern/doc/billing/seats', 'Seat limits')
  const unrelated = chunk('quillfern/doc/billing/seats', 'Guest limits')
  const shown = (...chunks: Array<typeof changelog>) => ({
    retrieved: chunks.map((c, i) => ({ chunkId: c.id, tenantId: c.tenantId, score: 10 - i })),
    sources: chunks.map((c, i) => ({
      marker: i + 1,
      chunkId: c.id,
      tenantId: c.tenantId,
      text: c.text,
      date: c.date,
      version: c.version,
    })),
  })

  async function classOf(caseId: string, system: (input: SystemInput) => SystemOutput) {
    const { record } = await evaluateCase(runtime(system), moduleCase(caseId), 'golden/test.golden.jsonl')
    return record.errorClass
  }

  test('correct: follows the newer source and states that the older one disagrees', async () => {
    const answer =
      'The maximum number of seats on the Team plan is raised from 50 to 75 seats [1]. Note: older documentation [2] says 50 seats; the newer source [1] supersedes it.'
    expect(await classOf('GC-0061', () => ({ ...shown(changelog, seatsDoc), answer, abstained: false }))).toBe(
      'correct',
    )
  })

  test('retrieval_miss: the evidence was never retrieved, whatever the answer', async () => {
    const answer = 'The Business plan allows up to 500 seats [1].'
    expect(await classOf('GC-0061', () => ({ ...shown(unrelated), answer, abstained: false }))).toBe('retrieval_miss')
  })

  test('hallucination: a claim the shown context does not support', async () => {
    const answer =
      'The Team plan allows a maximum of 90 seats [1]. Note: older documentation [2] says 50 seats; the newer source [1] supersedes it.'
    expect(await classOf('GC-0061', () => ({ ...shown(changelog, seatsDoc), answer, abstained: false }))).toBe(
      'hallucination',
    )
  })

  test('stale: answered from the superseded source', async () => {
    const answer = 'The Team plan allows a maximum of 50 seats [2].'
    expect(await classOf('GC-0061', () => ({ ...shown(changelog, seatsDoc), answer, abstained: false }))).toBe('stale')
  })

  test('conflict_mishandled: the newer value, but the disagreement is not stated', async () => {
    const answer = 'The maximum number of seats on the Team plan is raised from 50 to 75 seats [1].'
    expect(await classOf('GC-0061', () => ({ ...shown(changelog, seatsDoc), answer, abstained: false }))).toBe(
      'conflict_mishandled',
    )
  })

  test('citation_error: a true claim attached to a source that does not say it', async () => {
    const answer =
      'The Team plan allows a maximum of 75 seats [2]. Note: older documentation [2] says 50 seats; the newer source [1] supersedes it.'
    expect(await classOf('GC-0061', () => ({ ...shown(changelog, seatsDoc), answer, abstained: false }))).toBe(
      'citation_error',
    )
  })

  test('wrong_abstention: an out-of-scope case that was answered', async () => {
    const outOfScope = moduleCase('GC-0101').case
    expect(outOfScope.case_type).toBe('out_of_scope')
    const answer = 'The Team plan allows a maximum of 75 seats [1].'
    expect(await classOf('GC-0101', () => ({ ...shown(changelog), answer, abstained: false }))).toBe('wrong_abstention')
  })

  test('incomplete: everything supported and cited, but a must_contain literal is missing', async () => {
    // GC-0002 (normal): must_contain ["100 guests"]. The answer is true and cited (guests see only their
    // spaces) but never gives the number asked for.
    const guestChunk = chunk('quillfern/doc/billing/seats', 'Guest limits')
    const answer = 'On the Business plan, a guest can only see the spaces they are invited to [1].'
    expect(await classOf('GC-0002', () => ({ ...shown(guestChunk), answer, abstained: false }))).toBe('incomplete')
  })

  test('each answer records its gaming signals: copy_ratio against the context it was shown, length_ratio against the reference', async () => {
    const reference = moduleCase('GC-0061').case.reference_answer
    // The answer is the changelog chunk, word for word: every word is in a shared run -> copy_ratio 1; its length
    // over the reference answer's is the length ratio.
    const quoted = await evaluateCase(
      runtime(() => ({ ...shown(changelog), answer: changelog.text, abstained: false })),
      moduleCase('GC-0061'),
      'golden/test.golden.jsonl',
    )
    expect(quoted.record.answerMetrics.copy_ratio).toBe(1)
    expect(quoted.record.answerMetrics.length_ratio).toBeCloseTo(
      changelog.text.trim().length / reference.trim().length,
      12,
    )
    // A source sent without its text is measured against the corpus text it resolves to; an answer in its own
    // words shares no 5-word run with it.
    const own = 'Seventy-five people fit on Team now [1].'
    const { record } = await evaluateCase(
      runtime(() => ({
        ...shown(changelog),
        sources: [{ marker: 1, chunkId: changelog.id, tenantId: changelog.tenantId }],
        answer: own,
        abstained: false,
      })),
      moduleCase('GC-0061'),
      'golden/test.golden.jsonl',
    )
    expect(record.answerMetrics.copy_ratio).toBe(0)
    expect(record.answerMetrics.length_ratio).toBeCloseTo(own.length / reference.trim().length, 12)
    // An abstention has neither.
    const abstained = await evaluateCase(
      runtime(() => ({
        ...shown(changelog),
        answer: "I can't answer that from the available sources.",
        abstained: true,
      })),
      moduleCase('GC-0061'),
      'golden/test.golden.jsonl',
    )
    expect(Object.keys(abstained.record.answerMetrics).filter((m) => m.endsWith('_ratio'))).toEqual([])
  })
})

describe('a judge failure', async () => {
  const { moduleCase, chunk, runtime } = await fixture()
  test('leaves the case unjudged with its reason, its retrieval metrics and hard checks standing', async () => {
    const changelog = chunk('quillfern/changelog/CL-2025-009')
    const system = () => ({
      retrieved: [{ chunkId: changelog.id, tenantId: changelog.tenantId, score: 1 }],
      sources: [{ marker: 1, chunkId: changelog.id, tenantId: changelog.tenantId, text: changelog.text }],
      answer: 'The Team plan now allows 75 seats [1].',
      abstained: false,
    })
    const failingJudge = {
      kind: 'model' as const,
      model: 'judge-x',
      promptVersion: 'v1',
      judge: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:9')),
    }
    const { record, error } = await evaluateCase(
      { ...runtime(system), judge: failingJudge },
      moduleCase('GC-0061'),
      'golden/test.golden.jsonl',
    )
    expect(error).toBeUndefined()
    expect(record.error).toBeUndefined()
    // The changelog chunk is GC-0061's grade-3 evidence, retrieved at rank 1: mrr 1.
    expect(record.retrieval.metrics.mrr).toBe(1)
    expect(record.hard.length).toBeGreaterThan(0)
    expect(record.judge).toMatchObject({ kind: 'model', model: 'judge-x', failed: true })
    expect(record.judge?.reasons?.judge).toBe(
      'the judge failed, so the case is unjudged: connect ECONNREFUSED 127.0.0.1:9',
    )
    expect(record.answerMetrics.faithfulness).toBeUndefined()
    const scorecard = buildScorecard([record], buildContext({ mode: 'system' }))
    expect(scorecard.run.errored).toBe(0)
    expect(scorecard.answer).toMatchObject({ judged: 0, scorable: 1, coverage: 0, judgeFailed: 1 })
    expect(scorecard.cases['GC-0061']?.unjudged).toBe(record.judge?.reasons?.judge)
  })
})
