import { describe, expect, test } from 'vitest'
import type { TestCase, TestModule } from 'vitest/node'
import { formatDuration, formatProgress, ProgressReporter } from '../../../src/vitest/main/progress.ts'

describe('the non-TTY progress line', () => {
  test('durations read as 42s, 3m05s, 1h02m', () => {
    expect([formatDuration(42_900), formatDuration(185_000), formatDuration(3_725_000), formatDuration(-5)]).toEqual([
      '42s',
      '3m05s',
      '1h02m',
      '0s',
    ])
  })

  test('time left is the remaining cases at the mean time of the finished ones', () => {
    // 100 of 400 in 50 s -> 0.5 s a case; 300 left -> 150 s = 2m30s.
    expect(formatProgress({ done: 100, total: 400, elapsedMs: 50_000, spentUsd: 0.1234 })).toBe(
      'vitest-rag: 100/400 cases (25%), 50s elapsed, ~2m30s left, $0.1234 spent',
    )
    expect(formatProgress({ done: 0, total: 6078, elapsedMs: 10_000, spentUsd: 0 })).toBe(
      'vitest-rag: 0/6078 cases (0%), 10s elapsed, ? left, $0.0000 spent',
    )
  })

  test("counts only its own project's golden cases and sums their spend", () => {
    let now = 1_000
    const lines: string[] = []
    const reporter = new ProgressReporter(
      'squad',
      (l) => lines.push(l),
      60_000,
      () => now,
    )
    const module = (project: string, moduleId: string, tests: number) =>
      ({
        moduleId,
        project: { name: project },
        children: { allTests: () => Array.from({ length: tests }) },
      }) as unknown as TestModule
    const squad = module('squad', '/w/golden/b.golden.jsonl', 4)
    const evals = module('evals', '/w/golden/a.golden.jsonl', 10)
    const unit = module('squad', '/w/test/x.test.ts', 3)
    const result = (m: TestModule, costUsd: number) =>
      ({ module: m, meta: () => ({ rag: { usage: { costUsd } } }) }) as unknown as TestCase
    reporter.onTestRunStart()
    for (const m of [squad, evals, unit]) reporter.onTestModuleCollected(m)
    reporter.onTestCaseResult(result(squad, 0.25))
    reporter.onTestCaseResult(result(squad, 0.5))
    reporter.onTestCaseResult(result(evals, 9))
    reporter.onTestCaseResult(result(unit, 9))
    now += 20_000
    reporter.tick()
    reporter.onTestRunEnd()
    // 2 of 4 in 20 s -> 10 s a case, 2 left -> 20 s; spend 0.25 + 0.5.
    expect(lines).toEqual(['vitest-rag: 2/4 cases (50%), 20s elapsed, ~20s left, $0.7500 spent'])
  })
})
