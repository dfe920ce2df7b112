/**
 * GitHub Actions annotations for a run with golden files. Vitest's own `github-actions` reporter (on by
 * default in Actions) writes one `::error` per failed `expect` and one `::notice` per annotation, located at
 * the stack frame that raised them: for a golden case that is the harness's golden runtime (inside
 * node_modules for a user), and a case with two failed checks is reported twice. The scorecard reporter
 * already writes exactly one `::error` per failing case at its golden-file line, so golden tests are taken
 * out of Vitest's reporter here; every other test (unit tests in the same run) is annotated as before.
 */
import { GithubActionsReporter, type Reporter, type SerializedError, type TestCase, type TestModule } from 'vitest/node'
import { isGoldenModule } from './golden-modules.ts'

type Annotation = Parameters<NonNullable<Reporter['onTestCaseAnnotate']>>[1]

/** Vitest's GitHub Actions reporter, blind to golden-case modules (their annotations come from the scorecard reporter). */
export class NonGoldenGithubActionsReporter extends GithubActionsReporter {
  override onTestCaseAnnotate(testCase: TestCase, annotation: Annotation): void {
    if (isGoldenModule(testCase.module)) return
    super.onTestCaseAnnotate(testCase, annotation)
  }

  override onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    super.onTestRunEnd(
      modules.filter((m) => !isGoldenModule(m)),
      unhandledErrors,
    )
  }
}

function isGithubActionsEntry(entry: unknown): boolean {
  if (entry instanceof NonGoldenGithubActionsReporter) return false
  return (
    entry === 'github-actions' ||
    (Array.isArray(entry) && entry[0] === 'github-actions') ||
    entry instanceof GithubActionsReporter
  )
}

/** Swaps every `github-actions` entry of Vitest's resolved `reporters` for {@link NonGoldenGithubActionsReporter}, keeping its options. */
export function replaceGithubActionsReporter(reporters: unknown[]): void {
  reporters.forEach((entry, i) => {
    if (!isGithubActionsEntry(entry)) return
    const options = Array.isArray(entry)
      ? (entry[1] as ConstructorParameters<typeof GithubActionsReporter>[0])
      : undefined
    reporters[i] = new NonGoldenGithubActionsReporter(options)
  })
}
