/**
 * End to end: a system that answers in process without ever yielding (test/fixtures/fast-bot). Its cases run
 * as one chain of microtasks in the worker; the main process must still see them finish as the run goes on,
 * or it cannot stop a run whose sources do not resolve until every case has run.
 */
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { repoRoot, runVitest, tempDir } from '../../helpers/run-vitest.ts'

const CASES = 2000
const copy = `fast-bot-tmp-${process.pid}`
const copyDir = join(repoRoot, 'test/fixtures', copy)
const out = tempDir()
afterAll(() => {
  rmSync(copyDir, { recursive: true, force: true })
  rmSync(out, { recursive: true, force: true })
})

describe('a system that never yields', () => {
  test(`its unresolvable sources stop the run early, not after all ${CASES} cases`, async () => {
    cpSync(join(repoRoot, 'test/fixtures/fast-bot'), copyDir, { recursive: true })
    mkdirSync(join(copyDir, 'golden'), { recursive: true })
    const line = (i: number) =>
      JSON.stringify({
        case_id: `F-${String(i).padStart(4, '0')}`,
        case_type: 'normal',
        tenant_id: 'acme',
        query: 'How long is retention?',
        expected_sources: [{ locator: { kind: 'doc', slug: 'setting' } }],
        must_contain: ['ninety'],
      })
    writeFileSync(
      join(copyDir, 'golden/fast.golden.jsonl'),
      `${Array.from({ length: CASES }, (_, i) => line(i)).join('\n')}\n`,
    )
    const result = await runVitest(copy, ['run'], { FIXTURE_OUT: out })
    expect(result.code, result.output).toBe(1)
    expect(result.output.split('vitest-rag: the run stopped:').length - 1).toBe(1)
    expect(result.output).toMatch(
      /the run stopped: \d+ of \d+ source references \(100%\) in the first \d+ cases \(in golden order\) name nothing in the corpus, so 100% of what the system retrieved would score 0 for that reason alone/,
    )
    const scorecard = JSON.parse(readFileSync(join(out, 'scorecard.json'), 'utf8'))
    // The worker lets its event loop turn every 2 ms, so results reach the main process while cases run and
    // the stop lands a few batches later (about 500 cases in); before, all 2000 results arrived together, after
    // the last case had run, and the "stopped" run had run them all.
    expect(scorecard.run.cases).toBeGreaterThanOrEqual(5)
    expect(scorecard.run.cases).toBeLessThan(CASES)
  }, 120_000)
})
