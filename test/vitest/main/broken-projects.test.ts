/**
 * The texts of a run in which projects with bad `ragEval` options are set aside (the run itself is checked in
 * startup-problems-e2e.test.ts): what the problem says in each case, the closing line for one and several, and
 * where that line goes in watch mode.
 */
import { expect, test } from 'vitest'
import type { Vitest } from 'vitest/node'
import {
  BrokenProjectsReporter,
  brokenProjectsClosingLine,
  problemText,
  type ProjectProblem,
} from '../../../src/vitest/main/broken-projects.ts'

const evals: ProjectProblem = {
  project: 'evals',
  message: 'vitest-rag: 1 problem in the ragEval options of project "evals" (root /p):\nadaptor: unknown field',
  where: 'the options are in vitest.config.ts',
}
const squad: ProjectProblem = { ...evals, project: 'squad' }

test('a problem says whether the other projects run', () => {
  expect(problemText(evals, true).split('\n').at(-1)).toBe(
    '(the options are in vitest.config.ts; project "evals" does not run, the other projects do, and the run fails at the end: fix it and run again)',
  )
  // Alone, nothing ran: the run stops at startup, so there is nothing more to say than the fix.
  expect(problemText(evals, false).split('\n').at(-1)).toBe(
    '(the options are in vitest.config.ts: fix it and run again)',
  )
  expect(problemText(evals, false).startsWith(evals.message)).toBe(true)
})

test('the closing line names every project that did not run, in the number it needs', () => {
  expect(brokenProjectsClosingLine([evals])).toBe(
    'vitest-rag: project "evals" did not run (bad ragEval options, listed at the start) and counts as failed: exit code 1.',
  )
  expect(brokenProjectsClosingLine([evals, squad])).toBe(
    'vitest-rag: projects "evals", "squad" did not run (bad ragEval options, listed at the start) and count as failed: exit code 1.',
  )
})

test("in watch mode the closing line follows Vitest's own verdict after every run, without an exit code", () => {
  const printed: string[] = []
  // Only what the reporter reads of Vitest: whether it watches, and its logger.
  const vitest = { config: { watch: true }, logger: { error: (text: string) => printed.push(text) } }
  const reporter = new BrokenProjectsReporter([evals])
  reporter.onInit(vitest as unknown as Vitest)
  const exitCode = process.exitCode
  reporter.onTestRunEnd()
  process.exitCode = exitCode
  // Vitest prints "PASS Waiting for file changes..." for the projects that ran in its onWatcherStart, which runs
  // before this reporter's (registered last): the line saying the broken project counts as failed comes after.
  expect(printed).toEqual([])
  reporter.onWatcherStart()
  reporter.onWatcherStart()
  expect(printed).toEqual([
    'vitest-rag: project "evals" did not run (bad ragEval options, listed at the start) and counts as failed (saving the fixed config restarts the run).',
    'vitest-rag: project "evals" did not run (bad ragEval options, listed at the start) and counts as failed (saving the fixed config restarts the run).',
  ])
})
