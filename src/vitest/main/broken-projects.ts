/**
 * A project whose `ragEval` options are bad stops that project only. The plugin's `config` hook cannot end the
 * process (other projects of the run, the team's unit tests among them, would not run) and cannot tell
 * whether other projects are selected (Vitest filters by `--project` after the plugins' `config` hooks ran).
 * So it empties the project's test files and marks the project with its problem; once Vitest has resolved the
 * selected projects (`configureVitest`), the run either stops at startup (no healthy project is selected: the
 * problem is all there is to say) or runs the others, prints the problems before any case runs and fails at the end.
 */
import type { UserConfig } from 'vite'
import type { Reporter, TestProject, Vitest } from 'vitest/node'
import { stopAtStartup } from './startup-error.ts'
import '../environment-options.ts'

/** A broken project's problem, carried on its `environmentOptions` so every plugin copy can read it. */
export interface ProjectProblem {
  /** The project's name, as its options were resolved for it. */
  project: string
  /** The problems, as the options resolver listed them. */
  message: string
  /** Where the options are: `the options are in vitest.config.ts`. */
  where: string
}

declare module 'vitest/node' {
  interface EnvironmentOptions {
    /** Set by `ragEval()` when the project's options are bad: the project has no test files and this problem. */
    ragStartupProblem?: ProjectProblem
  }
}

/**
 * Empties the project's test files (the user's own `include` too: mutated, since Vite concatenates arrays
 * a `config` hook returns) and returns the config that marks it as broken.
 */
export function isolateBrokenProject(userConfig: UserConfig, problem: ProjectProblem): UserConfig {
  userConfig.test ??= {}
  userConfig.test.include = []
  userConfig.test.includeSource = []
  return { test: { environmentOptions: { ragStartupProblem: problem } } }
}

/** The problem a project was marked with by {@link isolateBrokenProject}, if any. */
export function projectProblem(project: TestProject): ProjectProblem | undefined {
  return project.config.environmentOptions?.ragStartupProblem
}

/**
 * A broken project's text: its problems, where the options are and what happens to the run, `isolated` when
 * the other projects run without it (else the run stops at startup).
 */
export function problemText(problem: ProjectProblem, isolated: boolean): string {
  if (!isolated) return `${problem.message}\n(${problem.where}: fix it and run again)`
  const effect = `project "${problem.project}" does not run, the other projects do, and the run fails at the end`
  return `${problem.message}\n(${problem.where}; ${effect}: fix it and run again)`
}

/**
 * Vitest configs whose broken projects are handled (once, whichever broken project's hook comes first). Keyed
 * by the resolved config, not the Vitest instance: a config edit in watch mode sets Vitest up again, with new
 * reporters.
 */
const handled = new WeakSet<object>()

/** `project "evals"`, `projects "evals", "squad"`. */
function projectsLabel(problems: readonly ProjectProblem[]): string {
  const names = problems.map((p) => JSON.stringify(p.project)).join(', ')
  return `${problems.length === 1 ? 'project' : 'projects'} ${names}`
}

/**
 * The closing line of a run in which broken projects did not run; `watching` (watch mode, which never exits)
 * leaves out the exit code and says how the run comes back.
 */
export function brokenProjectsClosingLine(problems: readonly ProjectProblem[], watching = false): string {
  const label = projectsLabel(problems)
  const outcome = watching ? ' (saving the fixed config restarts the run)' : ': exit code 1'
  return `vitest-rag: ${label} did not run (bad ragEval options, listed at the start) and count${problems.length === 1 ? 's' : ''} as failed${outcome}.`
}

/**
 * Prints the broken projects' problems once, before any case runs, and fails the run at its end (Vitest's own
 * summary counts only the projects that ran). Never throws: in watch mode a throwing reporter ends the watcher.
 */
export class BrokenProjectsReporter implements Reporter {
  private vitest: Vitest | undefined
  constructor(private readonly problems: readonly ProjectProblem[]) {}

  onInit(vitest: Vitest): void {
    this.vitest = vitest
  }

  onTestRunStart(): void {
    this.print(`\n${this.problems.map((p) => problemText(p, true)).join('\n\n')}\n`)
  }

  onTestRunEnd(): void {
    process.exitCode = 1
    // Reporters end in parallel, so the scorecard summary of the projects that ran would print after this line.
    // A run ends in process.exit, and stderr is synchronous for files, pipes and terminals: written on exit,
    // the line is the last one. Watch mode never exits: there it follows Vitest's own verdict (onWatcherStart).
    if (this.vitest?.config.watch) return
    const line = `\n${brokenProjectsClosingLine(this.problems)}\n`
    process.once('exit', () => process.stderr.write(`${line}\n`))
  }

  /**
   * In watch mode Vitest closes each run with "PASS Waiting for file changes..." when the projects that ran
   * passed; a broken project did not run, so the line that says so follows that verdict, after every rerun.
   */
  onWatcherStart(): void {
    this.print(brokenProjectsClosingLine(this.problems, true))
  }

  /** On stderr, through Vitest's logger when it is known (it keeps the live display intact). */
  private print(text: string): void {
    if (this.vitest) this.vitest.logger.error(text)
    else process.stderr.write(`${text}\n`)
  }
}

/**
 * Called from a broken project's `configureVitest`, when the selected projects are known: with no healthy
 * project selected, stops at startup with every broken project's problem; else registers the
 * {@link BrokenProjectsReporter}, once per Vitest.
 */
export function handleBrokenProjects(vitest: Vitest): void {
  if (handled.has(vitest.config)) return
  handled.add(vitest.config)
  const problems = vitest.projects.map(projectProblem).filter((p) => p !== undefined)
  if (problems.length === vitest.projects.length) {
    stopAtStartup({ message: problems.map((p) => problemText(p, false)).join('\n\n') })
  }
  ;(vitest.config.reporters as unknown[]).push(new BrokenProjectsReporter(problems))
}
