/**
 * The record a case starts with, apart from the evaluation: the worker sets it on the test before the system
 * runs, so it loads with the first case and not with the grading modules (and zod) that load while the first
 * system calls are under way.
 */
import { mustAbstain } from '../cases/must-abstain.ts'
import { caseCluster } from '../cases/cluster.ts'
import type { ModuleCase } from '../cases/prepared-case.ts'
import { docIdOfChunkId } from '../corpus/chunk.ts'
import { CASE_RECORD_VERSION, type CaseRecord } from './case-record.ts'

/** The record a case starts with (set before the system runs, so even a timed-out case reports its facets). */
export function baseRecord(moduleCase: ModuleCase, file: string, mode: CaseRecord['mode']): CaseRecord {
  const c = moduleCase.case
  const cluster = caseCluster(c, moduleCase.expected, docIdOfChunkId)
  return {
    version: CASE_RECORD_VERSION,
    caseId: c.case_id,
    caseType: c.case_type,
    tenantId: c.tenant_id,
    file,
    line: moduleCase.line,
    facets: { answerable: c.answerable, questionType: c.question_type, popularity: c.popularity, dynamism: c.dynamism },
    mode,
    caseHash: moduleCase.caseHash,
    hard: [],
    retrieval: {
      retrieved: [],
      expected: moduleCase.expected,
      scored: !mustAbstain(c) && moduleCase.expected.some((e) => e.grade > 0),
      metrics: {},
    },
    answerMetrics: {},
    usage: { calls: 0, cachedCalls: 0, retries: 0, costUsd: 0, savedUsd: 0 },
    latencyMs: 0,
    ...(c.synthetic ? { synthetic: true } : {}),
    ...(c.tags !== undefined && c.tags.length > 0 ? { tags: [...c.tags] } : {}),
    ...(cluster !== undefined ? { cluster } : {}),
  }
}
