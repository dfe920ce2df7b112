import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import fc from 'fast-check'
import { afterEach, describe, expect, test } from 'vitest'
import { runCli } from '../../../src/cli/main.ts'
import { measureAgreement } from '../../../src/grading/judge/calibration.ts'
import {
  CalibrationRecordSchema,
  calibrationFigures,
  loadCalibrationRecord,
} from '../../../src/grading/judge/calibration-record.ts'
import { CalibrationRecordError } from '../../../src/grading/judge/errors.ts'
import { parseLabelsFile } from '../../../src/lab/calibration/labels-file.ts'
import { resetProviderLimiters } from '../../../src/llm/index.ts'
import { startOpenAiServer } from '../../helpers/openai-server.ts'

const repoRoot = resolve(import.meta.dirname, '../../..')
const dirs: string[] = []
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'vitest-rag-calibrate-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

async function cli(argv: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = ''
  let stderr = ''
  const code = await runCli(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), cwd })
  return { code, stdout, stderr }
}

const context = [
  { text: 'The Team plan costs $12 per seat per month. Invoices are sent on the first day of each month.' },
]
const supported = 'The Team plan costs $12 per seat per month [1].'
const unsupported = 'The Team plan costs $15 per seat per month [1].'
/**
 * Six rows whose heuristic verdicts are known: a supported answer is judged 1, one with a number the source
 * lacks ($15) is judged 0. Rows 5 and 6 are human labels the judge disagrees with.
 *
 *   row  answer       human  judge
 *   1    supported      1      1
 *   2    supported      1      1
 *   3    unsupported    0      0
 *   4    unsupported    0      0
 *   5    supported      0      1
 *   6    unsupported    1      0
 *
 * Confusion (rows human, columns judge, labels 0 / 0.5 / 1): human 0 -> [2, 0, 1]; human 0.5 -> [0, 0, 0];
 * human 1 -> [1, 0, 2].
 * accuracy p_o = 4/6 = 0.6667; marginals human {0: 3, 1: 3}, judge {0: 3, 1: 3};
 * p_e = (3/6)(3/6) + (3/6)(3/6) = 0.5; kappa = (0.6667 - 0.5) / (1 - 0.5) = 0.3333.
 */
const sixRows = [
  [supported, 1],
  [supported, 1],
  [unsupported, 0],
  [unsupported, 0],
  [supported, 0],
  [unsupported, 1],
].map(([answer, faithfulness], i) =>
  JSON.stringify({ id: `r${i + 1}`, query: 'How much is a Team seat?', context, answer, labels: { faithfulness } }),
)

/**
 * The six rows on the reporting half of a 12-row file: the default split (seed 25) puts rows 0, 2, 5, 6, 7 and 9
 * (0-based) in the reporting half, so those hold the six rows in order; the tuning half holds six supported
 * answers labelled unfaithful, which would change every figure if they were counted (accuracy 4/12).
 */
const REPORTING_SEED_25 = [0, 2, 5, 6, 7, 9]
const twelveRows = Array.from({ length: 12 }, (_, i) => {
  const at = REPORTING_SEED_25.indexOf(i)
  if (at >= 0) return sixRows[at]!
  return JSON.stringify({
    id: `t${i}`,
    query: 'How much is a Team seat?',
    context,
    answer: supported,
    labels: { faithfulness: 0 },
  })
})

describe("Cohen's kappa and accuracy", () => {
  test('the doc comment example: 4/1/2/3 gives accuracy 0.7 and kappa 0.4', () => {
    const pairs = [
      ...Array(4).fill({ human: '1', judge: '1' }),
      { human: '1', judge: '0' },
      ...Array(2).fill({ human: '0', judge: '1' }),
      ...Array(3).fill({ human: '0', judge: '0' }),
    ]
    const a = measureAgreement(pairs, ['0', '1'])
    expect(a.n).toBe(10)
    expect(a.accuracy).toBeCloseTo(0.7, 10)
    expect(a.kappa).toBeCloseTo(0.4, 10)
    expect(a.confusion).toEqual([
      [3, 2],
      [1, 4],
    ])
  })

  test('kappa is null when both raters use one single label (chance agreement is 1)', () => {
    const a = measureAgreement(
      [
        { human: '1', judge: '1' },
        { human: '1', judge: '1' },
      ],
      ['0', '1'],
    )
    expect(a.accuracy).toBe(1)
    expect(a.kappa).toBeNull()
  })

  test('accuracy and kappa are null with no labelled items', () => {
    expect(measureAgreement([], ['0', '1'], 2)).toMatchObject({ n: 0, skipped: 2, accuracy: null, kappa: null })
  })

  test('kappa is negative when the judge disagrees more than chance: (1,0),(0,1) gives -1', () => {
    // p_o = 0, p_e = (1/2)(1/2) + (1/2)(1/2) = 0.5, kappa = (0 - 0.5) / 0.5 = -1.
    expect(
      measureAgreement(
        [
          { human: '1', judge: '0' },
          { human: '0', judge: '1' },
        ],
        ['0', '1'],
      ).kappa,
    ).toBeCloseTo(-1, 10)
  })
})

describe('labels file', () => {
  test('every problem is reported with its line: bad JSON, a bad label value and a duplicate id', () => {
    const text = [
      sixRows[0],
      '{oops',
      JSON.stringify({ id: 'x', query: 'q', context: [], answer: 'a', labels: { faithfulness: 0.7 } }),
      sixRows[0],
    ].join('\n')
    const { rows, problems } = parseLabelsFile(text, 'labels.jsonl')
    expect(rows).toHaveLength(1)
    expect(problems.map((p) => [p.code, p.line, p.path])).toEqual([
      ['labels_bad_json', 2, ''],
      ['labels_schema', 3, 'labels.faithfulness'],
      ['labels_duplicate_id', 4, 'id'],
    ])
  })
})

describe('vitest-rag calibrate', () => {
  test('on a 12-row labels file it reports, from the 6-row reporting half only, accuracy 0.667, kappa 0.333 and the confusion computed by hand', async () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'labels.jsonl'), `${twelveRows.join('\n')}\n`)
    const result = await cli(['calibrate', '--labels', 'labels.jsonl', '--out', 'cal.json'], dir)
    // Only the first line, naming the configuration (no Vitest config in dir: the default options).
    expect(result.stderr).toMatch(/^vitest-rag calibrate: default options \(no Vitest config in [^\n]*\n$/)
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(
      /faithfulness: n=6  accuracy 0\.667  kappa 0\.333 \(95% CI -?\d\.\d{3} to \d\.\d{3}\)/,
    )
    expect(result.stdout).toContain('12 labelled rows split by seed 25 into 6 tuning and 6 reporting rows')
    const record = loadCalibrationRecord(join(dir, 'cal.json'))
    expect(record?.judge).toEqual({ kind: 'heuristic', promptVersion: 'heuristic-6' })
    expect(record?.rows).toBe(12)
    expect(record?.split).toEqual({ seed: 25, tuning: 6, reporting: 6 })
    expect(record?.labelsFile).toBe('labels.jsonl')
    expect(record?.labelsHash).toMatch(/^[0-9a-f]{64}$/)
    const f = record?.criteria.faithfulness
    expect(f?.accuracy).toBeCloseTo(4 / 6, 10)
    expect(f?.kappa).toBeCloseTo(1 / 3, 10)
    expect(f?.confusion).toEqual([
      [2, 0, 1],
      [0, 0, 0],
      [1, 0, 2],
    ])
    expect(Object.keys(record?.criteria ?? {})).toEqual(['faithfulness'])
    // Support scores: a supported answer 1, the $15 one 0 (its literal is missing). Faithful rows score 1, 1, 0;
    // unfaithful 0, 0, 1: of the 9 (faithful, unfaithful) pairs 4 are ordered right, 4 tie (half each), 1 is
    // wrong -> (4 + 2) / 9 = 0.667. Unigram precision ranks them alike (1 vs 8/9, "15" missing): also 0.667, so
    // the judge does not beat the baseline on this set and the scorecard says so.
    expect(f?.rocAuc).toBeCloseTo(6 / 9, 10)
    expect(f?.unigramRocAuc).toBeCloseTo(6 / 9, 10)
    expect(result.stdout).toContain('here it is a lexical smoke test, not evidence')
    // What the scorecard prints beside the faithfulness metric; nothing for a model-judged run.
    expect(record && calibrationFigures(record, 'heuristic')).toEqual({
      faithfulness: {
        accuracy: 4 / 6,
        kappa: expect.closeTo(1 / 3, 10),
        n: 6,
        measuredOn: 'heuristic-6 on labels.jsonl, reporting half (seed 25, 6 of 12 rows)',
        rocAuc: expect.closeTo(6 / 9, 10),
        unigramRocAuc: expect.closeTo(6 / 9, 10),
        beatsBaseline: false,
      },
    })
    expect(record && calibrationFigures(record, 'model')).toEqual({})
    // A run of another rule set is told the record measured a different judge.
    expect(record && calibrationFigures(record, 'heuristic', 'heuristic-7').faithfulness?.measuredOn).toBe(
      "heuristic-6 on labels.jsonl, reporting half (seed 25, 6 of 12 rows) (not this run's judge, heuristic-7: re-run vitest-rag calibrate)",
    )
  })

  test('without --write or --out it writes to the output folder and leaves the committed record alone', async () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'labels.jsonl'), `${sixRows.join('\n')}\n`)
    const scratch = await cli(['calibrate', '--labels', 'labels.jsonl'], dir)
    expect(scratch.code, scratch.stderr).toBe(0)
    // No Vitest config in dir: the default options, whose output folder is .vitest-rag/evals.
    expect(existsSync(join(dir, '.vitest-rag/evals/calibration/heuristic.json'))).toBe(true)
    expect(existsSync(join(dir, 'evals/calibration/heuristic.json'))).toBe(false)
    expect(scratch.stdout).toContain(
      '(the committed evals/calibration/heuristic.json is unchanged; pass --write to replace it)',
    )
    const written = await cli(['calibrate', '--labels', 'labels.jsonl', '--write'], dir)
    expect(written.code).toBe(0)
    expect(loadCalibrationRecord(join(dir, 'evals/calibration/heuristic.json'))?.rows).toBe(6)
    expect((await cli(['calibrate', '--labels', 'labels.jsonl', '--write', '--out', 'x.json'], dir)).code).toBe(2)
  })

  test("--write replaces the record the project's calibration option names, the one its scorecard reads", async () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'labels.jsonl'), `${sixRows.join('\n')}\n`)
    writeFileSync(join(dir, 'rag.json'), JSON.stringify({ calibration: 'judge/cal.json', outDir: 'out' }))
    const written = await cli(['calibrate', '--config', 'rag.json', '--labels', 'labels.jsonl', '--write'], dir)
    expect(written.code, written.stderr).toBe(0)
    expect(written.stderr.split('\n')[0]).toMatch(/^vitest-rag calibrate: options file rag.json: .*, out out$/)
    expect(loadCalibrationRecord(join(dir, 'judge/cal.json'))?.rows).toBe(6)
    expect(existsSync(join(dir, 'evals/calibration/heuristic.json'))).toBe(false)
    // Without --write: the project's output folder.
    expect((await cli(['calibrate', '--config', 'rag.json', '--labels', 'labels.jsonl'], dir)).code).toBe(0)
    expect(existsSync(join(dir, 'out/calibration/heuristic.json'))).toBe(true)
  })

  test('it runs on the committed HaluEval fixture and writes a valid record', async () => {
    const dir = tempDir()
    const labels = resolve(repoRoot, 'test/fixtures/calibration/halueval-54.jsonl')
    const result = await cli(['calibrate', '--labels', labels, '--out', join(dir, 'cal.json')], dir)
    expect(result.code).toBe(0)
    const record = CalibrationRecordSchema.parse(JSON.parse(readFileSync(join(dir, 'cal.json'), 'utf8')))
    expect(record.rows).toBe(54)
    expect(record.split).toEqual({ seed: 25, tuning: 27, reporting: 27 })
    expect(record.criteria.faithfulness?.n).toBe(27)
    // Sanity floor, not a target: the lexical judge agrees with the construction labels on most rows.
    expect(record.criteria.faithfulness?.accuracy).toBeGreaterThanOrEqual(0.8)
    expect(record.criteria.faithfulness?.kappa).toBeGreaterThanOrEqual(0.6)
    // Beside agreement, the ranking figures: ROC AUC of the judge's support score against the human "faithful"
    // label, and of unigram precision (the baseline to beat) on the same 27 reporting rows (measured, heuristic-6;
    // heuristic-5's 0 / 0.5 / 1 verdicts ranked all 54 rows at 0.938 against the baseline's 0.767).
    expect(record.criteria.faithfulness?.rocAuc).toBeCloseTo(1, 4)
    expect(record.criteria.faithfulness?.unigramRocAuc).toBeCloseTo(0.8462, 4)
    expect(result.stdout).toContain(
      '  ROC AUC 1.000; unigram-precision baseline 0.846 (the judge beats it on this set)\n',
    )
  })

  test('a labels file with problems exits 1 and names each problem', async () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'labels.jsonl'), '{"id": 1}\n')
    const result = await cli(['calibrate', '--labels', 'labels.jsonl', '--out', 'cal.json'], dir)
    expect(result.code).toBe(1)
    // Rendered by the one problem renderer (file:line: field: message), like golden-set problems.
    expect(result.stderr).toContain('labels.jsonl:1: query: ')
    expect(existsSync(join(dir, 'cal.json'))).toBe(false)
  })

  test('a labels file that does not exist exits 1 and says where it looked', async () => {
    const dir = tempDir()
    const result = await cli(['calibrate', '--labels', 'nope.jsonl'], dir)
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(`no labels file at ${join(dir, 'nope.jsonl')}`)
  })

  test('a missing --labels is a usage error (exit 2)', async () => {
    const result = await cli(['calibrate'], tempDir())
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('give one of --labels FILE, --halueval DIR or --rgb DIR')
  })

  test.skipIf(!existsSync(resolve(repoRoot, '../shared/datasets/halueval')))(
    'on the HaluEval QA dataset (2,000 rows, reads ../shared/datasets/halueval) it reports n, kappa and its interval from the 1,000-row reporting half',
    async () => {
      const dir = tempDir()
      const result = await cli(
        ['calibrate', '--halueval', resolve(repoRoot, '../shared/datasets/halueval'), '--out', 'cal.json'],
        dir,
      )
      expect(result.code, result.stderr).toBe(0)
      const f = loadCalibrationRecord(join(dir, 'cal.json'))?.criteria.faithfulness
      expect(f?.n).toBe(1000)
      // Rows human 0 / 1, columns judge 0 / 0.5 / 1, reporting half (seed 25: 503 hallucinated, 497 right
      // answers). heuristic-5 scored 220 of all 1,000 hallucinated answers fully faithful; heuristic-6 (the
      // support score) scores 17 of the 503 so and 29 partly, and flags none of the 497 right answers.
      expect(f?.confusion[0]).toEqual([457, 29, 17])
      expect(f?.confusion[2]).toEqual([0, 0, 497])
      expect(f?.rocAuc).toBeGreaterThan(f?.unigramRocAuc ?? 1)
      expect(f?.kappa).toBeGreaterThan(0.7)
      expect(f?.kappaCi?.[0]).toBeLessThan(f?.kappa ?? 0)
      expect(f?.kappaCi?.[1]).toBeGreaterThan(f?.kappa ?? 1)
      expect(result.stdout).toMatch(
        /faithfulness: n=1000 {2}accuracy 0\.\d{3} {2}kappa 0\.\d{3} \(95% CI 0\.\d{3} to 0\.\d{3}\)/,
      )
    },
    60_000,
  )

  test('the kappa interval is seeded (the same labels give the same interval) and narrows with more items', () => {
    // (1,1) x4, (1,0) x1, (0,1) x2, (0,0) x3: kappa 0.4; the same table ten times over keeps kappa 0.4.
    const table = (times: number) => [
      ...Array(4 * times).fill({ human: '1', judge: '1' }),
      ...Array(1 * times).fill({ human: '1', judge: '0' }),
      ...Array(2 * times).fill({ human: '0', judge: '1' }),
      ...Array(3 * times).fill({ human: '0', judge: '0' }),
    ]
    const small = measureAgreement(table(1), ['0', '1'])
    const large = measureAgreement(table(10), ['0', '1'])
    expect(small.kappa).toBeCloseTo(0.4, 12)
    expect(large.kappa).toBeCloseTo(0.4, 12)
    expect(measureAgreement(table(1), ['0', '1']).kappaCi).toEqual(small.kappaCi)
    const width = (ci: [number, number] | undefined) => (ci ? ci[1] - ci[0] : Number.NaN)
    expect(width(large.kappaCi)).toBeLessThan(width(small.kappaCi) / 2)
    expect(large.kappaCi?.[0]).toBeLessThan(0.4)
    expect(large.kappaCi?.[1]).toBeGreaterThan(0.4)
  })

  test('loading a record of another version is refused with a fix', () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'cal.json'), JSON.stringify({ version: 99 }))
    expect(() => loadCalibrationRecord(join(dir, 'cal.json'))).toThrow(CalibrationRecordError)
    expect(() => loadCalibrationRecord(join(dir, 'cal.json'))).toThrow(/version 99 .*re-run `vitest-rag calibrate`/)
    expect(loadCalibrationRecord(join(dir, 'absent.json'))).toBeUndefined()
  })
})

describe('agreement invariants', () => {
  const label = fc.constantFrom('0', '0.5', '1')
  const pairs = fc.array(fc.record({ human: label, judge: label }), { minLength: 1, maxLength: 40 })

  test('accuracy is in [0, 1], kappa at most 1, and the confusion matrix sums to n', () => {
    fc.assert(
      fc.property(pairs, (ps) => {
        const a = measureAgreement(ps, ['0', '0.5', '1'])
        const total = a.confusion.flat().reduce((x, y) => x + y, 0)
        return (
          total === ps.length &&
          a.accuracy !== null &&
          a.accuracy >= 0 &&
          a.accuracy <= 1 &&
          (a.kappa === null || a.kappa <= 1 + 1e-12)
        )
      }),
    )
  })

  test('a judge that copies the human labels has kappa 1 whenever two labels are used', () => {
    fc.assert(
      fc.property(fc.array(label, { minLength: 2, maxLength: 40 }), (hs) => {
        const a = measureAgreement(
          hs.map((h) => ({ human: h, judge: h })),
          ['0', '0.5', '1'],
        )
        return new Set(hs).size < 2 ? a.kappa === null : Math.abs((a.kappa ?? 0) - 1) < 1e-12
      }),
    )
  })
})

describe('vitest-rag calibrate --judge model', () => {
  test('scores the labels through the model client against a local server and records the judge model', async () => {
    // The scripted judge says faithful exactly when the answer holds "$12" (rows 1, 2 and 5 of the six).
    const server = await startOpenAiServer((req) => {
      const user = req.body.messages.at(-1).content as string
      const answer = /<answer[^>]*>\n([\s\S]*?)\n<\/answer>/.exec(user)?.[1] ?? ''
      const score = answer.includes('$12') ? 1 : 0
      const item = { score, reason: 'scripted' }
      return {
        text: JSON.stringify({
          faithfulness: item,
          citation_accuracy: item,
          answer_relevance: { score: 1, reason: 'scripted' },
          crag: { grade: score ? 'perfect' : 'incorrect', reason: 'scripted' },
        }),
      }
    })
    const previousKey = process.env.VITEST_RAG_CAL_KEY
    process.env.VITEST_RAG_CAL_KEY = 'sk-cal-test'
    try {
      resetProviderLimiters()
      const dir = tempDir()
      const provider = (name: string, model: string) => ({
        name,
        baseURL: server.baseURL,
        apiKeyEnv: 'VITEST_RAG_CAL_KEY',
        model,
      })
      writeFileSync(
        join(dir, 'models.json'),
        JSON.stringify({
          generator: { chain: [provider('gen', 'gen-small')] },
          judge: { chain: [provider('judge', 'judge-large')] },
          prices: {
            'gen-small': { inputPerMillion: 1, outputPerMillion: 1 },
            'judge-large': { inputPerMillion: 1, outputPerMillion: 1 },
          },
          cacheDir: join(dir, 'cache'),
          cacheMode: 'off',
        }),
      )
      writeFileSync(join(dir, 'labels.jsonl'), `${twelveRows.join('\n')}\n`)
      // The worst case first: 6 reporting rows, each judged and re-asked once = 12 planned calls. --dry-run stops
      // there, and a spend limit under the estimate refuses the run; neither reaches the server.
      const base = ['calibrate', '--labels', 'labels.jsonl', '--judge', 'model', '--out', 'cal.json']
      const dry = await cli([...base, '--models', 'models.json', '--dry-run'], dir)
      expect(dry.code, dry.stderr).toBe(0)
      expect(dry.stderr).toMatch(
        /\nvitest-rag calibrate: estimated worst-case cost: \$0\.\d{4} over 12 model calls \(judge-large: 12\) \(no spend limit set\)\nvitest-rag calibrate: dry run: stopped before any model call\n$/,
      )
      const models = JSON.parse(readFileSync(join(dir, 'models.json'), 'utf8')) as Record<string, unknown>
      writeFileSync(join(dir, 'models-capped.json'), JSON.stringify({ ...models, spendLimitUsd: 1e-9 }))
      const capped = await cli([...base, '--models', 'models-capped.json'], dir)
      expect(capped.code).toBe(1)
      expect(capped.stderr).toContain('vitest-rag calibrate: refused before any model call: ')
      expect(server.requests).toHaveLength(0)
      expect(existsSync(join(dir, 'cal.json'))).toBe(false)
      const result = await cli(
        ['calibrate', '--labels', 'labels.jsonl', '--judge', 'model', '--models', 'models.json', '--out', 'cal.json'],
        dir,
      )
      // The line naming the configuration (no Vitest config in dir: the default options), then the estimate.
      expect(result.stderr).toMatch(
        /^vitest-rag calibrate: default options \(no Vitest config in [^\n]*\nvitest-rag calibrate: estimated worst-case cost: [^\n]*\n$/,
      )
      expect(result.code).toBe(0)
      expect(server.requests).toHaveLength(6) // only the reporting half is judged: the tuning half costs nothing
      const record = loadCalibrationRecord(join(dir, 'cal.json'))
      expect(record?.judge).toEqual({ kind: 'model', model: 'judge-large', promptVersion: 'judge@1' })
      // Same verdicts as the heuristic judge on these rows, so the same hand-computed figures: 4/6 and 1/3.
      expect(record?.criteria.faithfulness?.accuracy).toBeCloseTo(4 / 6, 10)
      expect(record?.criteria.faithfulness?.kappa).toBeCloseTo(1 / 3, 10)
    } finally {
      if (previousKey === undefined) delete process.env.VITEST_RAG_CAL_KEY
      else process.env.VITEST_RAG_CAL_KEY = previousKey
      await server.close()
    }
  })
})
