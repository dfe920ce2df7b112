import { expect, test } from 'vitest'
import { bm25MaxRuns, bm25ScratchBytes } from '../../../src/search/wasm/wasm-bm25.ts'

test('a BM25 kernel scratch region: run maxima, accumulator in whole groups of 8 rows, scores, rows', () => {
  expect(bm25MaxRuns).toBe(256)
  // 1,400 rows (Cranfield): (256 + 1,400 + 1,400) x 8 + 1,400 x 4 = 24,448 + 5,600 = 30,048.
  expect(bm25ScratchBytes(1400)).toBe(30_048)
  // 1 row still takes a whole group of 8 accumulator slots: (256 + 8 + 1) x 8 + 4 = 2,124.
  expect(bm25ScratchBytes(1)).toBe(2124)
})
