/**
 * A case's system call on its own (the worker makes it before the grading is loaded): what the system receives,
 * that its output comes back unvalidated (evaluate-case validates it with the grading), that a resumed case
 * skips the call, and that what the system throws is returned.
 */
import { describe, expect, test } from 'vitest'
import type { ModuleCase } from '../../src/cases/prepared-case.ts'
import type { RagEvalConfig } from '../../src/config/schema.ts'
import { runCaseSystem } from '../../src/evaluation/case-system.ts'
import type { CaseCheckpoints, SystemStage } from '../../src/evaluation/create-runtime.ts'
import { SystemThrewError } from '../../src/system/adapter/errors.ts'
import type { RagAdapter, SystemInput } from '../../src/system/adapter/types.ts'

// Only the fields the system call reads; the rest of a prepared case is the grading's.
const moduleCase = {
  case: { case_id: 'C-1', query: 'How many seats?', tenant_id: 't1', history: [] },
  caseHash: 'hash-1',
} as unknown as ModuleCase

function stage(run: RagAdapter['run'], checkpoints?: CaseCheckpoints): SystemStage {
  return { config: { mode: 'retrieval' } as RagEvalConfig, adapter: { name: 'test', run }, checkpoints }
}

describe('runCaseSystem', () => {
  test("the system receives the case's input and its raw output comes back unvalidated", async () => {
    const inputs: SystemInput[] = []
    const malformed = { retrieved: 'not a list' }
    const run = await runCaseSystem(
      stage(async (input) => (inputs.push(input), malformed as never)),
      moduleCase,
    )
    expect(inputs).toEqual([
      { caseId: 'C-1', query: 'How many seats?', tenantId: 't1', history: [], mode: 'retrieval' },
    ])
    expect(run.raw).toBe(malformed)
    expect(run.error).toBeUndefined()
    expect(run.latencyMs).toBeGreaterThanOrEqual(0)
  })

  test("a resumed case's checkpoint is returned and the system is not called", async () => {
    const checkpoint = { output: { retrieved: [], answer: 'Ten.' } }
    const asked: string[] = []
    const checkpoints: CaseCheckpoints = {
      get: async (caseId, caseHash) => (asked.push(`${caseId} ${caseHash}`), checkpoint),
      put: async () => {},
    }
    let calls = 0
    const run = await runCaseSystem(
      stage(async () => (calls++, { retrieved: [] }), checkpoints),
      moduleCase,
    )
    expect(asked).toEqual(['C-1 hash-1'])
    expect(calls).toBe(0)
    expect(run).toEqual({ checkpointed: checkpoint, latencyMs: 0 })
  })

  test('what the system throws is returned: an Error as it is, anything else wrapped', async () => {
    const own = new Error('index offline')
    expect(
      (
        await runCaseSystem(
          stage(async () => Promise.reject(own)),
          moduleCase,
        )
      ).error,
    ).toBe(own)
    const thrown = await runCaseSystem(
      stage(async () => Promise.reject('boom')),
      moduleCase,
    )
    expect(thrown.error).toBeInstanceOf(SystemThrewError)
    expect(thrown.raw).toBeUndefined()
  })
})
