import { expect, test } from 'vitest'
import { gateLines } from '../../../src/report/gate/gate-messages.ts'
import type { GateResult } from '../../../src/report/gate/gate-result.ts'

const base: GateResult = { pass: false, status: 'fail', reasons: [], comparisons: [], messages: [], compared: true }

test('hard assertion reasons collapse into one line, other reasons follow, then notes', () => {
  const gate: GateResult = {
    ...base,
    reasons: [
      { code: 'hard_assertion_failed', caseId: 'A', message: 'hard assertion toAbstain failed for A' },
      { code: 'hard_assertion_failed', caseId: 'A', message: 'hard assertion toContainAll failed for A' },
      { code: 'hard_assertion_failed', caseId: 'B', message: 'hard assertion toAbstain failed for B' },
      { code: 'metric_regression', metric: 'mrr', group: 'overall', message: 'mrr (overall) dropped' },
    ],
    messages: [
      'hard assertion toAbstain failed for A',
      'hard assertion toContainAll failed for A',
      'hard assertion toAbstain failed for B',
      'mrr (overall) dropped',
      'judge metrics not compared: ...',
    ],
  }
  expect(gateLines(gate)).toEqual([
    { kind: 'failure', text: '3 hard assertion(s) failed in 2 case(s) (listed under hard assertions)' },
    { kind: 'failure', text: 'mrr (overall) dropped' },
    { kind: 'note', text: 'judge metrics not compared: ...' },
  ])
})

test('lines a caller prepended to a failed gate are failures; notes after the reasons stay notes', () => {
  const gate: GateResult = {
    ...base,
    reasons: [{ code: 'empty_run', message: 'no cases ran' }],
    messages: ['vitest-rag: the run was interrupted', 'no cases ran', 'a note'],
  }
  expect(gateLines(gate)).toEqual([
    { kind: 'failure', text: 'vitest-rag: the run was interrupted' },
    { kind: 'failure', text: 'no cases ran' },
    { kind: 'note', text: 'a note' },
  ])
})

test('a passing gate has only notes', () => {
  expect(gateLines({ ...base, pass: true, status: 'pass', messages: ['no baseline: ...'] })).toEqual([
    { kind: 'note', text: 'no baseline: ...' },
  ])
})
