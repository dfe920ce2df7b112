/**
 * RGB en_fact as calibration labels (four rows per question: faithfulness is to the context, not the world),
 * and `calibrate --rgb` over a two-question file in RGB's shape, split by a stated seed.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { runCli } from '../../../src/cli/main.ts'
import { loadCalibrationRecord } from '../../../src/grading/judge/calibration-record.ts'
import { parseLabelsFile } from '../../../src/lab/calibration/labels-file.ts'
import { rgbAnswerText, rgbLabelsText } from '../../../src/lab/calibration/rgb-labels.ts'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** Two questions in RGB's shape (made up here; the real file is CC BY-NC-SA and never committed). */
const fact = [
  {
    id: 0,
    query: 'Where was the 2021 final played?',
    answer: 'Tampa, Florida',
    fakeanswer: 'Glendale, Arizona',
    positive: ['The 2021 final was played at the stadium in Tampa, Florida.'],
    positive_wrong: ['The 2021 final was played at the stadium in Glendale, Arizona.'],
    negative: ['Tickets for the next final are on sale.'],
  },
  {
    id: 1,
    query: 'When did the ship launch?',
    answer: [['July 21 2017', 'Jul 21, 2017']],
    fakeanswer: 'Jul 21, 2016',
    positive: ['The ship was launched on Jul 21, 2017 at the northern yard.'],
    positive_wrong: ['The ship was launched on Jul 21, 2016 at the northern yard.'],
    negative: ['The yard builds ferries.'],
  },
]
const factText = `${fact.map((r) => JSON.stringify(r)).join('\n')}\n`

describe('rgbLabelsText', () => {
  test('gives four labelled rows per question: true/fake answer over true/swapped passages', () => {
    const { rows, problems } = parseLabelsFile(rgbLabelsText(factText), 'rgb')
    expect(problems).toEqual([])
    expect(rows.map((r) => [r.id, r.answer, r.context[0]?.text.includes('Tampa'), r.labels.faithfulness])).toEqual([
      ['rgb-0-true-over-true', 'Tampa, Florida', true, 1],
      ['rgb-0-fake-over-true', 'Glendale, Arizona', true, 0],
      ['rgb-0-true-over-fake', 'Tampa, Florida', false, 0],
      ['rgb-0-fake-over-fake', 'Glendale, Arizona', false, 1],
      ['rgb-1-true-over-true', 'Jul 21, 2017', false, 1],
      ['rgb-1-fake-over-true', 'Jul 21, 2016', false, 0],
      ['rgb-1-true-over-fake', 'Jul 21, 2017', false, 0],
      ['rgb-1-fake-over-fake', 'Jul 21, 2016', false, 1],
    ])
  })

  test('a list answer is read as the surface form its passages spell, else its first form', () => {
    expect(rgbAnswerText({ answer: [['July 21 2017', 'Jul 21, 2017']], positive: ['on Jul 21, 2017'] })).toBe(
      'Jul 21, 2017',
    )
    expect(rgbAnswerText({ answer: [['July 21 2017', 'Jul 21, 2017']], positive: ['in summer'] })).toBe('July 21 2017')
  })
})

test('calibrate --rgb DIR --seed N splits the 8 rows by that seed and publishes the reporting half only', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'vitest-rag-rgb-'))
  dirs.push(dir)
  writeFileSync(join(dir, 'en_fact.json'), factText)
  let stdout = ''
  let stderr = ''
  const io = { stdout: (t: string) => (stdout += t), stderr: (t: string) => (stderr += t), cwd: dir }
  const code = await runCli(['calibrate', '--rgb', '.', '--seed', '3', '--out', 'cal.json'], io)
  // Only the line naming the configuration the command read (no Vitest config here: the defaults).
  expect(stderr).toMatch(/^vitest-rag calibrate: default options \(no Vitest config in [^\n]*\n$/)
  expect(code).toBe(0)
  expect(stdout).toContain('RGB en_fact (en_fact.json): 8 labelled rows split by seed 3 into 4 tuning and 4 reporting')
  const record = loadCalibrationRecord(join(dir, 'cal.json'))
  expect(record?.split).toEqual({ seed: 3, tuning: 4, reporting: 4 })
  expect(record?.criteria.faithfulness?.n).toBe(4)
  expect((await runCli(['calibrate', '--rgb', '.', '--seed', 'x'], io)) === 2).toBe(true)
  expect(stderr).toContain('--seed must be a whole number, got "x"')
})
