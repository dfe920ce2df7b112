import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { appendQrelsRows, readQrelsFile } from '../../../src/grading/qrels/qrels-file.ts'
import { humanJudgment, qrelsRowKey, splitDuplicateRows, type QrelsRow } from '../../../src/grading/qrels/qrels.ts'

const dir = mkdtempSync(join(tmpdir(), 'vitest-rag-qrels-key-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const chunker = 'structural'
const llm = (grade: number, model = 'judge-large', caseId = 'GC-1', chunk = 'c-sso'): QrelsRow => ({
  case_id: caseId,
  chunk_locator: { chunk_id: chunk, chunker },
  grade,
  source: 'llm',
  judge_model: model,
  prompt_version: 'judge-relevance@1',
  at: '2026-02-01T00:00:00.000Z',
})

describe('the unique (query, chunk, source, judge model) key of a qrels row', () => {
  test('two rows share a key only when all four agree', () => {
    expect(qrelsRowKey(llm(2))).toBe(qrelsRowKey({ ...llm(0), at: '2026-03-01', reason: 'other' }))
    expect(qrelsRowKey(llm(2))).not.toBe(qrelsRowKey(llm(2, 'judge-small'))) // another judge model
    expect(qrelsRowKey(llm(2))).not.toBe(qrelsRowKey(llm(2, 'judge-large', 'GC-2'))) // another query
    expect(qrelsRowKey(llm(2))).not.toBe(qrelsRowKey(llm(2, 'judge-large', 'GC-1', 'c-other'))) // another chunk
    expect(qrelsRowKey(llm(2))).not.toBe(qrelsRowKey({ ...llm(2), source: 'heuristic' })) // another source
  })

  test('a duplicate of the file or of the same batch is merged (the first kept); human rows never are', () => {
    const human = (grade: number, at: string) => humanJudgment('GC-1', { chunk_id: 'c-sso', chunker }, grade, at)
    const { fresh, duplicates } = splitDuplicateRows(
      [llm(2)],
      [llm(3), llm(1, 'judge-small'), llm(0, 'judge-small'), human(0, '2026-02-02'), human(1, '2026-02-03')],
    )
    expect(fresh.map((r) => [r.source, r.judge_model, r.grade])).toEqual([
      ['llm', 'judge-small', 1],
      ['human', undefined, 0],
      ['human', undefined, 1],
    ])
    expect(duplicates.map((r) => [r.judge_model, r.grade])).toEqual([
      ['judge-large', 3], // the file's judge-large row (grade 2) stays
      ['judge-small', 0], // the batch's first judge-small row (grade 1) stays
    ])
  })

  test('appending merges duplicates: the file keeps one row per key and says how many were merged', async () => {
    const path = join(dir, 'qrels.jsonl')
    expect(await appendQrelsRows(path, [llm(2), llm(2)])).toEqual({ appended: 1, merged: 1 })
    const before = readFileSync(path, 'utf8')
    // a second pool over a copy of the same judgments appends nothing and leaves the bytes alone
    expect(await appendQrelsRows(path, [llm(3)])).toEqual({ appended: 0, merged: 1 })
    expect(readFileSync(path, 'utf8')).toBe(before)
    expect(await appendQrelsRows(path, [llm(1, 'judge-small')])).toEqual({ appended: 1, merged: 0 })
    const { rows } = await readQrelsFile(path)
    expect(rows.map((r) => [r.judge_model, r.grade])).toEqual([
      ['judge-large', 2],
      ['judge-small', 1],
    ])
  })
})
