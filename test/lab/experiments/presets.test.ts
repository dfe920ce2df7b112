import { describe, expect, test } from 'vitest'
import {
  ARM_PRESETS,
  CHUNKER_PRESETS,
  differingSections,
  REFERENCE_PRESET,
} from '../../../src/lab/experiments/presets.ts'

describe('one thing changed', () => {
  test('every shipped preset differs from the reference in exactly one section (the reference itself in none)', () => {
    for (const preset of [...ARM_PRESETS, ...CHUNKER_PRESETS]) {
      const sections = differingSections(REFERENCE_PRESET.config, preset.config)
      if (preset.name === REFERENCE_PRESET.name || preset.name === 'structural')
        expect(sections, preset.name).toEqual([])
      else expect(sections, preset.name).toHaveLength(1)
    }
    // The arm presets change the search, the chunker presets the chunker: nothing else moves with them.
    expect(
      ARM_PRESETS.filter((p) => p !== REFERENCE_PRESET).map(
        (p) => differingSections(REFERENCE_PRESET.config, p.config)[0],
      ),
    ).toEqual(Array(ARM_PRESETS.length - 1).fill('search'))
    expect(CHUNKER_PRESETS.slice(1).map((p) => differingSections(REFERENCE_PRESET.config, p.config)[0])).toEqual(
      Array(CHUNKER_PRESETS.length - 1).fill('chunker'),
    )
  })

  test('preset names are unique, and the sweep covers 500, 1000, 2000, 4000 and 8000 characters', () => {
    const names = [...ARM_PRESETS, ...CHUNKER_PRESETS].map((p) => p.name)
    expect(new Set(names).size).toBe(names.length)
    expect(CHUNKER_PRESETS.map((p) => p.config.chunker)).toEqual([
      'structural',
      'fixed:500/50',
      'fixed:1000/100',
      'fixed:2000/200',
      'fixed:4000/400',
      'fixed:8000/800',
    ])
  })

  test('differingSections compares by value (key order does not count), names absent keys, and skips ignored ones', () => {
    expect(
      differingSections(
        { search: { arm: 'bm25', k: 20 }, chunker: 'structural' },
        { chunker: 'structural', search: { k: 20, arm: 'bm25' } },
      ),
    ).toEqual([])
    expect(
      differingSections(
        { search: { arm: 'bm25' }, chunker: 'structural', outDir: 'a' },
        { search: { arm: 'vector' }, chunker: 'fixed:500/50', outDir: 'b' },
        ['outDir'],
      ),
    ).toEqual(['chunker', 'search'])
    expect(differingSections({ a: 1 }, { a: 1, pipeline: { gate: { minTopScore: 0.6 } } })).toEqual(['pipeline'])
  })
})
