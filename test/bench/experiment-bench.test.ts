import { expect, test } from 'vitest'
import { compareJson } from '../../scripts/bench/experiment-bench.ts'

test('the exactness check compares every result value but the run-to-run ones (time, arguments, timings, paths)', () => {
  const before = { createdAt: 'a', argv: ['x'], data: { arms: [{ ms: 10, ci: [0.1, 0.2], p: 0.05 }] } }
  const same = { createdAt: 'b', argv: ['y'], data: { arms: [{ ms: 99, ci: [0.1, 0.2], p: 0.05 }] } }
  // leaves compared: ci[0], ci[1], p -> 3
  expect(compareJson(before, same)).toEqual({ compared: 3, differing: [], added: [] })
  const changed = { createdAt: 'b', argv: ['y'], data: { arms: [{ ms: 99, ci: [0.1, 0.2000001], p: 0.05 }] } }
  expect(compareJson(before, changed)).toEqual({ compared: 3, differing: ['.data.arms.0.ci.1'], added: [] })
  // A value the reference lacks is new (a config option added since), not a difference; one it has and the new
  // result lacks is a difference.
  const grown = { ...same, configSnapshot: { recordOutputs: false } }
  expect(compareJson(before, grown)).toEqual({ compared: 3, differing: [], added: ['.configSnapshot.recordOutputs'] })
  const shrunk = { createdAt: 'b', argv: ['y'], data: { arms: [{ ms: 99, ci: [0.1, 0.2] }] } }
  expect(compareJson(before, shrunk)).toEqual({ compared: 3, differing: ['.data.arms.0.p'], added: [] })
})
