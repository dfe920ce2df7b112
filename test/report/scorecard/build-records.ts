/**
 * Hand-made CaseRecord fixtures for the scorecard and gate tests: a builder with sensible defaults, and a
 * context builder. Not a test file (no `.test.ts`), shared by test/scorecard and test/gate.
 */
import { CASE_RECORD_VERSION, type CaseRecord } from '../../../src/evaluation/case-record.ts'
import type { ScorecardContext } from '../../../src/report/scorecard/scorecard.ts'

/** What a test may override; nested objects are merged one level deep. */
export interface RecordOverrides extends Partial<Omit<CaseRecord, 'facets' | 'retrieval' | 'usage'>> {
  facets?: Partial<CaseRecord['facets']>
  retrieval?: Partial<CaseRecord['retrieval']>
  usage?: Partial<CaseRecord['usage']>
}

/** A passing retrieval-mode `normal` case with the given retrieval metrics. */
export function buildRecord(caseId: string, overrides: RecordOverrides = {}): CaseRecord {
  const { facets, retrieval, usage, ...rest } = overrides
  return {
    version: CASE_RECORD_VERSION,
    caseId,
    caseType: 'normal',
    tenantId: 'quillfern',
    file: 'golden/support.golden.jsonl',
    line: 1,
    mode: 'retrieval',
    caseHash: `hash-${caseId}`,
    hard: [],
    answerMetrics: {},
    latencyMs: 10,
    ...rest,
    facets: { answerable: true, questionType: 'simple', popularity: 'head', dynamism: 'static', ...facets },
    retrieval: { retrieved: [], expected: [], scored: true, metrics: {}, ...retrieval },
    usage: { calls: 0, cachedCalls: 0, retries: 0, costUsd: 0, savedUsd: 0, ...usage },
  }
}

/** A scorecard context with fixed hashes and timestamps. */
export function buildContext(overrides: Partial<ScorecardContext> = {}): ScorecardContext {
  return {
    harnessVersion: '0.1.0',
    goldenSetHash: 'golden-aaaaaaaaaaaaaaaa',
    goldenFiles: [{ file: 'golden/support.golden.jsonl', hash: 'file-hash', cases: 0 }],
    corpusFingerprint: 'corpus-bbbbbbbbbbbbbbbb',
    configSnapshot: { retrieval: { k: 20 } },
    models: { generator: 'gen-small', judge: 'judge-large' },
    mode: 'retrieval',
    startedAt: '2026-11-30T03:00:00.000Z',
    finishedAt: '2026-11-30T03:01:00.000Z',
    ...overrides,
  }
}

/**
 * `count` normal cases whose every retrieval metric equals `value(i)` (ids C-00..C-NN, stable hashes), for
 * gate fixtures: the same ids and hashes across runs, so they pair.
 */
export function uniformRun(
  count: number,
  value: (index: number) => number,
  metrics = ['recall@5', 'mrr', 'ndcg@10'],
): CaseRecord[] {
  return Array.from({ length: count }, (_, i) => {
    const v = value(i)
    return buildRecord(`C-${String(i).padStart(2, '0')}`, {
      line: i + 1,
      retrieval: { metrics: Object.fromEntries(metrics.map((m) => [m, v])) },
    })
  })
}
