/**
 * The unresolved-sources stop is judged on the cases finished in golden order, so a run stops after the same
 * cases with the same message however its workers interleave.
 */
import { describe, expect, test } from 'vitest'
import { UnresolvedSourcesWatch } from '../../../src/vitest/main/unresolved-watch.ts'
import { buildRecord } from '../../report/scorecard/build-records.ts'

// Golden order C1..C8: C1-C5 name 10 references with 3 unresolved each, C6-C8 10 with none.
const ids = ['C1', 'C2', 'C3', 'C4', 'C5', 'C6', 'C7', 'C8']
const recordOf = (id: string) => {
  const bad = ids.indexOf(id) < 5
  return buildRecord(id, {
    sources: { references: 10, unresolvedCount: bad ? 3 : 0, unresolved: bad ? [`docId "${id}-x"`] : [], via: {} },
  })
}

function stopAfter(arrival: readonly string[]): { message: string | undefined; at: string | undefined } {
  const watch = new UnresolvedSourcesWatch({ afterCases: 5, maxUnresolvedShare: 0.2 })
  for (const id of arrival) {
    const message = watch.add(id, recordOf(id), 'golden/a.golden.jsonl', ids)
    if (message !== undefined) return { message, at: id }
  }
  return { message: watch.stopMessage, at: undefined }
}

describe('the unresolved-sources watch', () => {
  test('in order, the run stops at the fifth case: 15 of 50 references (30%) in the first 5 cases', () => {
    const inOrder = stopAfter(ids)
    expect(inOrder.at).toBe('C5')
    expect(inOrder.message).toContain('15 of 50 source references (30%) in the first 5 cases (in golden order)')
  })

  test('finished out of order, it stops on the same cases with the same message', () => {
    // Counted as they arrived, C8, C7, C6, C2, C3 would be 6 of 50 (12%) and C4, C5, C1 never reach 20%
    // (15 of 80 = 18.75% at the end): the run went on. In golden order nothing counts until C1 arrives.
    const shuffled = stopAfter(['C8', 'C7', 'C6', 'C2', 'C3', 'C4', 'C5', 'C1'])
    expect(shuffled.at).toBe('C1')
    expect(shuffled.message).toBe(stopAfter(ids).message)
  })

  test("a second module's cases are counted after the first module's", () => {
    // a: A1 (clean); b: B1-B5 with 3 of 10 unresolved each. In golden order A1, B1, B2, B3, B4: 12 of 50
    // references (24%) in the first 5 cases > 20%, so the run stops at B4.
    const watch = new UnresolvedSourcesWatch({ afterCases: 5, maxUnresolvedShare: 0.2 })
    const clean = buildRecord('A1', { sources: { references: 10, unresolvedCount: 0, unresolved: [], via: {} } })
    expect(watch.add('A1', clean, 'golden/a.golden.jsonl', ['A1'])).toBeUndefined()
    const bIds = ['B1', 'B2', 'B3', 'B4', 'B5']
    const stops = bIds.map((id) => watch.add(id, recordOf('C1'), 'golden/b.golden.jsonl', bIds))
    expect(stops.map((m) => m !== undefined)).toEqual([false, false, false, true, false])
    expect(watch.stopMessage).toContain('12 of 50 source references (24%) in the first 5 cases')
  })

  test('a module that arrives after a later-sorting one is counted in its place, and no case twice', () => {
    // b's B1-B3 (clean, 10 references each) arrive first and are counted: 3 cases, 0 of 30. Then a's A1-A3 (5 of
    // 10 unresolved each) arrive. Golden order is A1, A2, A3, B1, B2, B3: once A3 is in, the first 5 cases (A1-A3,
    // B1, B2) hold 15 of 50 references unresolved (30% > 20%), so the run stops there. Had the counted prefix
    // been kept (B1-B3 counted, then golden[3..] = B1-B3 again, a never), the tally would read 6 cases, 0 of 60.
    const watch = new UnresolvedSourcesWatch({ afterCases: 5, maxUnresolvedShare: 0.2 })
    const record = (id: string, unresolvedCount: number) =>
      buildRecord(id, {
        sources: { references: 10, unresolvedCount, unresolved: unresolvedCount ? [`docId "${id}-x"`] : [], via: {} },
      })
    const bIds = ['B1', 'B2', 'B3']
    const aIds = ['A1', 'A2', 'A3']
    for (const id of bIds) expect(watch.add(id, record(id, 0), 'golden/b.golden.jsonl', bIds)).toBeUndefined()
    expect(watch.add('A1', record('A1', 5), 'golden/a.golden.jsonl', aIds)).toBeUndefined()
    expect(watch.add('A2', record('A2', 5), 'golden/a.golden.jsonl', aIds)).toBeUndefined()
    expect(watch.add('A3', record('A3', 5), 'golden/a.golden.jsonl', aIds)).toContain(
      '15 of 50 source references (30%) in the first 5 cases (in golden order)',
    )
  })
})
