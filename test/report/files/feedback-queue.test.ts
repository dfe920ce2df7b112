import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import {
  appendRunToQueue,
  isPlainRunRecord,
  linesThatMayName,
  scanQueue,
  needsReview,
  queuedCases,
  queueSuffix,
} from '../../../src/report/files/feedback-queue.ts'
import {
  isRunRecord,
  parseFeedback,
  parseFeedbackLines,
  RunFeedbackRecordSchema,
} from '../../../src/report/files/feedback-file.ts'
import { sha256 } from '../../../src/shared/util/hash.ts'
import { buildRecord } from '../scorecard/build-records.ts'

const dir = mkdtempSync(join(tmpdir(), 'vitest-rag-queue-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const RUN = '2026-12-01T01:00:00.000Z'
const AT = '2026-12-01T01:05:00.000Z'
const hit = (chunkId: string) => ({ chunkId, score: 1, tenantId: 'quillfern' })
// Four cases: one correct (not queued), one retrieval miss, one that failed a hard check while its class is
// `correct`, one that errored before it was classified. A known failure that still fails is expected: not queued.
const records = [
  buildRecord('OK-1', { errorClass: 'correct', retrieval: { retrieved: [hit('billing/seats#0')] } }),
  buildRecord('MISS-1', {
    line: 4,
    errorClass: 'retrieval_miss',
    mode: 'system',
    answer: { text: 'Team allows 50 seats.', abstained: false, citedMarkers: [1] },
    retrieval: { retrieved: [hit('billing/invoices#2'), hit('billing/plans#0')] },
  }),
  buildRecord('CHECK-1', {
    line: 7,
    errorClass: 'correct',
    hard: [
      { name: 'toHaveNoFabricatedCitations', passed: false, message: 'cited nothing' },
      { name: 'toContainAll', passed: false, known: 'TICKET-1' },
    ],
  }),
  buildRecord('ERR-1', { line: 9, error: 'the system threw: boom' }),
  buildRecord('KNOWN-1', { hard: [{ name: 'toContainAll', passed: false, known: 'TICKET-2' }] }),
]

describe('the cases a run queues for review', () => {
  test('failed, errored and non-correct cases are queued with their digest and sources; correct ones are not', () => {
    expect(records.map(needsReview)).toEqual([false, true, true, true, false])
    const queued = queuedCases(records, { project: 'evals', runId: RUN }, AT)
    expect(queued.map((q) => [q.case_id, q.error_class, q.failed_checks, q.error, q.line])).toEqual([
      ['MISS-1', 'retrieval_miss', [], undefined, 4],
      ['CHECK-1', 'correct', ['toHaveNoFabricatedCitations'], undefined, 7],
      ['ERR-1', undefined, [], 'the system threw: boom', 9],
    ])
    const miss = queued[0]!
    expect(miss.answer_digest).toBe(`sha256:${sha256('Team allows 50 seats.')}`)
    expect(miss.answer_digest).toMatch(/^sha256:[0-9a-f]{64}$/)
    expect(miss.sources).toEqual(['billing/invoices#2', 'billing/plans#0'])
    expect(miss).toMatchObject({ kind: 'run', run_id: RUN, golden_file: 'golden/support.golden.jsonl', at: AT })
    expect(queued[2]!.answer_digest).toBeNull() // errored: no answer
  })

  test('the records the schema would return unchanged skip it; the rest get its verdict', () => {
    const queued = queuedCases(records, { project: 'evals', runId: RUN }, AT)
    // What the fast path returns is what the schema returns, key order included (the queue line is its JSON).
    for (const q of queued) {
      expect(isPlainRunRecord(q)).toBe(true)
      expect(JSON.stringify(RunFeedbackRecordSchema.parse(q))).toBe(JSON.stringify(q))
    }
    const miss = queued[0]!
    // Each of these the schema trims or refuses: they go through it.
    expect(isPlainRunRecord({ ...miss, project: ' evals' })).toBe(false)
    expect(isPlainRunRecord({ ...miss, case_id: '' })).toBe(false)
    expect(isPlainRunRecord({ ...miss, line: 0 })).toBe(false)
    expect(isPlainRunRecord({ ...miss, line: 1.5 })).toBe(false)
    expect(isPlainRunRecord({ ...miss, error_class: 'no_such_class' as never })).toBe(false)
    expect(isPlainRunRecord({ ...miss, failed_checks: [''] })).toBe(false)
    // A project name with surrounding spaces is trimmed by the schema, as before the fast path.
    expect(queuedCases(records.slice(1, 2), { project: ' evals ', runId: RUN }, AT)[0]!.project).toBe('evals')
    // A case id the schema refuses still throws its error (the reporter says the queue could not be appended).
    expect(() => queuedCases([{ ...records[1]!, caseId: ' ' }], { project: 'evals', runId: RUN }, AT)).toThrow(
      /case_id/,
    )
  })

  test('an existing text keeps its bytes; a missing final newline is added before the new lines', () => {
    // The old text, then what the append adds after it (endsClean: empty or ending with a newline).
    const withLines = (before: string, lines: string[]) =>
      before + queueSuffix(before === '' || before.endsWith('\n'), lines)
    expect(withLines('a\n', ['b'])).toBe('a\nb\n')
    expect(withLines('a', ['b', 'c'])).toBe('a\nb\nc\n')
    expect(withLines('', ['b'])).toBe('b\n')
    expect(withLines('a', [])).toBe('a')
  })
})

describe('the lines that may name a run', () => {
  test('only lines holding the run id or an escape are kept: an escaped id is still found', () => {
    const other = '{"run_id":"2026-11-30T00:00:00.000Z","case_id":"A"}'
    const mine = `{"run_id":"${RUN}","case_id":"B"}`
    // The same id with its first character written as a JSON escape (\u0032 is "2"): only the backslash finds it.
    const escaped = `{"run_id":"\\u0032${RUN.slice(1)}","case_id":"C"}`
    expect(linesThatMayName([other, mine, other].join('\n'), RUN)).toBe(mine)
    expect(linesThatMayName([other, escaped].join('\n'), RUN)).toBe(escaped)
    expect((JSON.parse(escaped) as { run_id: string }).run_id).toBe(RUN)
    expect(linesThatMayName([other, other].join('\n'), RUN)).toBe('')
  })

  test('the queue read a piece at a time keeps the same lines, a character split across pieces included', () => {
    const path = join(dir, 'scan.jsonl')
    // The first line's 'é' takes bytes 2^20 - 1 and 2^20: it straddles the first 1 MiB piece and the second.
    const first = `${'a'.repeat(2 ** 20 - 1)}é`
    const lines = [
      first,
      ...Array.from({ length: 50 }, (_, i) => `{"run_id":"${i % 7 === 0 ? RUN : 'other'}","é":${i}}`),
    ]
    const text = `${lines.join('\n')}\n`
    writeFileSync(path, text)
    const scanned = scanQueue(path, RUN)
    // Lines 0, 7, ..., 49 of the 50 name the run: 8 lines.
    expect(scanned.mayName.split('\n')).toHaveLength(8)
    expect(scanned).toEqual({ mayName: linesThatMayName(text, RUN), endsClean: true })
    // The same with 'é' at the straddle written into a line that names the run, and no final newline.
    writeFileSync(path, `${'a'.repeat(2 ** 20 - 1)}é${RUN}\n{"run_id":"${RUN}"}`)
    expect(scanQueue(path, RUN)).toEqual({
      mayName: `${'a'.repeat(2 ** 20 - 1)}é${RUN}\n{"run_id":"${RUN}"}`,
      endsClean: false,
    })
    expect(scanQueue(join(dir, 'missing.jsonl'), RUN)).toEqual({ mayName: '', endsClean: true })
    writeFileSync(path, '')
    expect(scanQueue(path, RUN)).toEqual({ mayName: '', endsClean: true })
  })

  test('a queue of earlier runs is not re-validated: its bad lines do not matter to a new run', () => {
    const path = join(dir, 'older-runs.jsonl')
    // An earlier run's line that is not even JSON: appending a new run reads past it and keeps its bytes.
    writeFileSync(path, '{"run_id":"2026-11-30T00:00:00.000Z", broken\n')
    const result = appendRunToQueue(path, records, { project: 'evals', runId: RUN }, AT)
    // Hand count: MISS-1, CHECK-1 and ERR-1 need review (OK-1 is correct, KNOWN-1's failure is expected).
    expect(result).toEqual({ appended: 3, alreadyQueued: 0 })
    expect(readFileSync(path, 'utf8').startsWith('{"run_id":"2026-11-30T00:00:00.000Z", broken\n')).toBe(true)
    expect(appendRunToQueue(path, records, { project: 'evals', runId: RUN }, AT)).toEqual({
      appended: 0,
      alreadyQueued: 3,
    })
    // A queue whose last line lacks its newline gets one before the appended lines; its bytes stay.
    writeFileSync(path, 'kept as is')
    expect(appendRunToQueue(path, records, { project: 'evals', runId: RUN }, AT).appended).toBe(3)
    const text = readFileSync(path, 'utf8')
    expect(text.startsWith('kept as is\n{"version":1,"kind":"run"')).toBe(true)
    expect(text.endsWith('}\n')).toBe(true)
    // No temp file is left beside it.
    expect(readdirSync(dir).filter((f) => f.startsWith('older-runs.jsonl.'))).toEqual([])
  })
})

describe('appending a run to the queue', () => {
  test('appends once per run id: re-reporting the same run appends nothing; a new run appends again', () => {
    const path = join(dir, 'q1', 'feedback-queue.jsonl')
    expect(appendRunToQueue(path, records, { project: 'evals', runId: RUN }, AT)).toEqual({
      appended: 3,
      alreadyQueued: 0,
    })
    const first = readFileSync(path, 'utf8')
    expect(first.split('\n')).toHaveLength(4) // 3 lines + the final newline
    expect(appendRunToQueue(path, records, { project: 'evals', runId: RUN }, AT)).toEqual({
      appended: 0,
      alreadyQueued: 3,
    })
    expect(readFileSync(path, 'utf8')).toBe(first)
    // the same run reported again with one more failing case: only that one is appended
    const more = [...records, buildRecord('MISS-2', { errorClass: 'stale' })]
    expect(appendRunToQueue(path, more, { project: 'evals', runId: RUN }, AT)).toEqual({
      appended: 1,
      alreadyQueued: 3,
    })
    expect(appendRunToQueue(path, records, { project: 'evals', runId: '2026-12-02T00:00:00.000Z' }, AT)).toEqual({
      appended: 3,
      alreadyQueued: 0,
    })
    // another project reporting a run that started in the same millisecond is its own run
    expect(appendRunToQueue(path, records.slice(1, 2), { project: 'other', runId: RUN }, AT).appended).toBe(1)
    const text = readFileSync(path, 'utf8')
    expect(text.startsWith(first)).toBe(true) // append-only
    const parsed = parseFeedbackLines(text, path)
    expect(parsed.problems).toEqual([])
    expect(parsed.lines.filter(isRunRecord).map((l) => `${l.project}:${l.case_id}`)).toEqual([
      'evals:MISS-1',
      'evals:CHECK-1',
      'evals:ERR-1',
      'evals:MISS-2',
      'evals:MISS-1',
      'evals:CHECK-1',
      'evals:ERR-1',
      'other:MISS-1',
    ])
    expect(readdirSync(join(dir, 'q1'))).toEqual(['feedback-queue.jsonl']) // no temp file left behind
  })

  test('a run of more cases than one batch appends every line once, in order, after a torn last line', () => {
    const path = join(dir, 'q-batches', 'feedback-queue.jsonl')
    const many = Array.from({ length: 1030 }, (_, i) =>
      buildRecord(`M-${String(i).padStart(4, '0')}`, { line: i + 1, errorClass: 'retrieval_miss' }),
    )
    // A last line without its newline: the first batch starts on a line of its own, the later ones follow on.
    mkdirSync(join(dir, 'q-batches'))
    writeFileSync(path, 'torn')
    // 1,030 lines go in three batches (512, 512, 6).
    expect(appendRunToQueue(path, many, { project: 'evals', runId: RUN }, AT).appended).toBe(1030)
    const expected = queuedCases(many, { project: 'evals', runId: RUN }, AT).map((c) => JSON.stringify(c))
    expect(readFileSync(path, 'utf8')).toBe(`torn\n${expected.join('\n')}\n`)
  })

  test('shares a file with reviews: review lines stay, and review readers skip the run records', () => {
    const path = join(dir, 'feedback.jsonl')
    const review = `${JSON.stringify({ version: 1, run_id: RUN, case_id: 'MISS-1', error_class: 'stale', corrected: {}, reviewer: 'ana', note: '', at: AT })}`
    // a torn last line from some other writer: kept as it is, and the new lines start on a line of their own
    writeFileSync(path, `${review}\n{"version":1,"kind":"ru`)
    expect(appendRunToQueue(path, records, { project: 'evals', runId: RUN }, AT)).toEqual({
      appended: 3,
      alreadyQueued: 0,
    })
    const text = readFileSync(path, 'utf8')
    expect(text.startsWith(`${review}\n{"version":1,"kind":"ru\n`)).toBe(true)
    const { records: reviews, problems } = parseFeedback(text, path)
    expect(reviews.map((r) => [r.case_id, r.reviewer])).toEqual([['MISS-1', 'ana']])
    expect(problems.map((p) => p.line)).toEqual([2]) // only the torn line, reported where it is
  })
})
