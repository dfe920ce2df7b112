import { describe, expect, test } from 'vitest'
import { encodeLineMappings, encodeVlq } from '../../../src/vitest/main/sourcemap.ts'

describe('the hand-written source map encoder', () => {
  test('encodes VLQ as the source map spec does', () => {
    // 0 -> A, 1 -> C (1 << 1), -1 -> D ((1 << 1) | 1), 16 -> gB (32 = continuation + 0, then 1)
    expect([0, 1, -1, 15, 16, -16].map(encodeVlq)).toEqual(['A', 'C', 'D', 'e', 'gB', 'hB'])
  })

  test('maps generated lines to source lines with relative deltas', () => {
    // Lines 0,0 -> source 3 (delta +3), then 3 (delta 0), 5 (+2), 4 (-1); an unmapped line stays empty.
    expect(encodeLineMappings([3, 3, undefined, 5, 4])).toBe('AAGA;AAAA;;AAEA;AADA')
  })
})
