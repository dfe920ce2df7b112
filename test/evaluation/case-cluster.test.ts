/**
 * A case's cluster for the gate's paired test: the golden `cluster` field, else the document of its
 * best-graded expected chunk, recorded on the case record from the prepared case.
 */
import { describe, expect, test } from 'vitest'
import { GoldenCaseSchema, type GoldenCaseInput } from '../../src/cases/schema.ts'
import { chunkId, defaultChunkerConfig, docIdOfChunkId } from '../../src/corpus/chunk.ts'
import { baseRecord } from '../../src/evaluation/base-record.ts'
import type { ModuleCase } from '../../src/cases/prepared-case.ts'

const plans = chunkId('quillfern/billing/plans', defaultChunkerConfig, 0, 120)
const roles = chunkId('quillfern/admin/roles', defaultChunkerConfig, 40, 300)

function moduleCase(input: Partial<GoldenCaseInput>, expected: ModuleCase['expected']): ModuleCase {
  const c = GoldenCaseSchema.parse({
    case_id: 'GC-1',
    case_type: 'normal',
    tenant_id: 'quillfern',
    query: 'How much is Team?',
    expected_sources: [{ locator: { kind: 'doc', slug: 'billing/plans' } }],
    ...input,
  })
  return { case: c, line: 3, caseHash: 'h', expected, spans: [] }
}

describe('the cluster of a case', () => {
  test('a chunk id gives back its document id (everything before the last #)', () => {
    expect(docIdOfChunkId(plans)).toBe('quillfern/billing/plans')
  })

  test('by default it is the document of the best-graded expected chunk, not the first one listed', () => {
    // roles is listed first at grade 1; plans has grade 3 and wins
    const record = baseRecord(
      moduleCase({}, [
        { chunkId: roles, grade: 1 },
        { chunkId: plans, grade: 3 },
      ]),
      'golden/q.golden.jsonl',
      'retrieval',
    )
    expect(record.cluster).toBe('quillfern/billing/plans')
  })

  test('the golden cluster field overrides the document', () => {
    const record = baseRecord(
      moduleCase({ cluster: 'pricing-faq' }, [{ chunkId: plans, grade: 3 }]),
      'golden/q.golden.jsonl',
      'retrieval',
    )
    expect(record.cluster).toBe('pricing-faq')
  })

  test('a case that expects nothing relevant has no cluster (it is a cluster of its own)', () => {
    const outOfScope = moduleCase({ case_type: 'out_of_scope', expected_sources: [] }, [])
    expect('cluster' in baseRecord(outOfScope, 'golden/q.golden.jsonl', 'retrieval')).toBe(false)
    // a grade-0 near miss is not where the answer lives
    expect(
      'cluster' in baseRecord(moduleCase({}, [{ chunkId: roles, grade: 0 }]), 'golden/q.golden.jsonl', 'retrieval'),
    ).toBe(false)
  })

  test('an empty cluster field is refused by the golden schema, naming the field', () => {
    const result = GoldenCaseSchema.safeParse({
      case_id: 'GC-1',
      case_type: 'normal',
      tenant_id: 'quillfern',
      query: 'q',
      cluster: ' ',
    })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.path).toEqual(['cluster'])
  })
})
