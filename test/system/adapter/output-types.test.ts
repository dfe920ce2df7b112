import { describe, expect, expectTypeOf, test } from 'vitest'
import type { z } from 'zod'
import {
  SystemOutputSchema,
  type CaseUsage,
  type RetrievedChunk,
  type ShownSource,
  type SourceReference,
  type SystemOutput,
} from '../../../src/system/adapter/types.ts'
import { validateSystemOutput } from '../../../src/system/adapter/validate-output.ts'

describe('the adapter output contract', () => {
  test('SystemOutput is what its schema reads and writes (no transform: input and output types agree)', () => {
    expectTypeOf<SystemOutput>().toEqualTypeOf<z.output<typeof SystemOutputSchema>>()
    expectTypeOf<SystemOutput>().toEqualTypeOf<z.input<typeof SystemOutputSchema>>()
    // Each named source is a SourceReference, and the usage block is the case usage.
    expectTypeOf<RetrievedChunk>().toExtend<SourceReference>()
    expectTypeOf<ShownSource>().toExtend<SourceReference>()
    expectTypeOf<NonNullable<SystemOutput['usage']>>().toEqualTypeOf<CaseUsage>()
  })

  test('a valid output comes back as parsed, unknown fields dropped', () => {
    const output = validateSystemOutput(
      {
        retrieved: [{ docId: 'billing/seats', score: 0.5 }],
        answer: 'Yes [1].',
        sources: [{ marker: 1, text: 'Yes.' }],
        extra: true,
      },
      'bot',
    )
    expect(output).toEqual({
      retrieved: [{ docId: 'billing/seats', score: 0.5 }],
      answer: 'Yes [1].',
      sources: [{ marker: 1, text: 'Yes.' }],
    })
  })
})
