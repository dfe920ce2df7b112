import { describe, expect, test } from 'vitest'
import {
  compareRecencyDatedFirst,
  compareRecencyUndatedEqual,
  compareVersions,
  statesDisagreement,
} from '../../../src/shared/text/conflict-rule.ts'

describe('the conflict rule shared by the pipeline and grading', () => {
  test('the two recency orders differ on a dated source against an undated one (a known difference, kept so scores do not move)', () => {
    // The pipeline: a dated changelog entry is newer than an undated doc page.
    expect(compareRecencyDatedFirst({ date: '2025-03-02' }, {})).toBe(1)
    expect(compareRecencyDatedFirst({}, { date: '2025-03-02' })).toBe(-1)
    // The heuristic judge: it cannot tell them apart.
    expect(compareRecencyUndatedEqual({ date: '2025-03-02' }, {})).toBe(0)
    expect(compareRecencyUndatedEqual({}, { date: '2025-03-02' })).toBe(0)
  })

  test('they agree on two dates; on versions the judge returns the part difference, the pipeline its sign', () => {
    expect(compareRecencyDatedFirst({ date: '2025-03-02' }, { date: '2024-12-31' })).toBe(1)
    expect(compareRecencyUndatedEqual({ date: '2025-03-02' }, { date: '2024-12-31' })).toBe(1)
    expect(compareRecencyDatedFirst({ version: '4.12' }, { version: '4.9' })).toBe(1)
    expect(compareRecencyUndatedEqual({ version: '4.12' }, { version: '4.9' })).toBe(3)
    // A version against none: the pipeline ranks the versioned source newer, the judge calls them equal.
    expect(compareRecencyDatedFirst({ version: '1.0.0' }, {})).toBe(1)
    expect(compareRecencyUndatedEqual({ version: '1.0.0' }, {})).toBe(0)
    expect(compareVersions('v4.10.0', '4.9.2')).toBe(1)
  })

  test('an answer that says its sources disagree is read as such, one that does not is not', () => {
    expect(statesDisagreement('Team allows 5 seats [1]; older documentation [2] says 3 seats.')).toBe(true)
    expect(statesDisagreement('Team allows 5 seats [1].')).toBe(false)
  })
})
