/**
 * Progress for long runs where nobody sees Vitest's live display (CI logs, piped output): every 10 seconds one
 * line with cases done of the total, elapsed time, the estimated time left and the model spend so far. In a
 * TTY, Vitest's own display is enough and this reporter is not registered.
 */
import type { Reporter, TestCase, TestModule } from 'vitest/node'
import { isGoldenModuleOf } from './golden-modules.ts'
import '../task-meta.ts'

/** How often a progress line is printed, ms. */
export const PROGRESS_INTERVAL_MS = 10_000

/** What a progress line reports. */
export interface ProgressSnapshot {
  /** Golden cases finished (passed, failed or skipped). */
  done: number
  /** Golden cases collected so far (grows while files are collected). */
  total: number
  elapsedMs: number
  /** Model spend of the finished cases, USD. */
  spentUsd: number
}

/** `1h02m`, `3m05s`, `42s`: a duration for a log line (rounded down to the second). */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000))
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  const sec = s % 60
  if (h > 0) return `${h}h${String(m).padStart(2, '0')}m`
  if (m > 0) return `${m}m${String(sec).padStart(2, '0')}s`
  return `${sec}s`
}

/**
 * One progress line. Time left assumes the remaining cases take the mean time of the finished ones:
 * 100 of 400 done in 50 s -> 0.5 s a case -> 300 left x 0.5 s = 2m30s. Unknown ("?") before the first case ends.
 */
export function formatProgress(p: ProgressSnapshot): string {
  const left = p.done === 0 ? '?' : `~${formatDuration(((p.total - p.done) * p.elapsedMs) / p.done)}`
  const pct = p.total === 0 ? 0 : Math.floor((100 * p.done) / p.total)
  return `vitest-rag: ${p.done}/${p.total} cases (${pct}%), ${formatDuration(p.elapsedMs)} elapsed, ${left} left, $${p.spentUsd.toFixed(4)} spent`
}

/** Prints {@link formatProgress} every `intervalMs` while golden cases of `project` run. */
export class ProgressReporter implements Reporter {
  private done = 0
  private total = 0
  private spentUsd = 0
  private startedAt = 0
  private timer: NodeJS.Timeout | undefined

  constructor(
    private readonly project: string,
    private readonly print: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
    private readonly intervalMs = PROGRESS_INTERVAL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  private owns(module: TestModule): boolean {
    return isGoldenModuleOf(module, this.project)
  }

  onTestRunStart(): void {
    this.done = 0
    this.total = 0
    this.spentUsd = 0
    this.startedAt = this.now()
    clearInterval(this.timer)
    this.timer = setInterval(() => this.tick(), this.intervalMs)
    // Never keep the process alive for a progress line.
    this.timer.unref()
  }

  onTestModuleCollected(module: TestModule): void {
    if (this.owns(module)) this.total += [...module.children.allTests()].length
  }

  onTestCaseResult(testCase: TestCase): void {
    if (!this.owns(testCase.module)) return
    this.done++
    this.spentUsd += testCase.meta().rag?.usage.costUsd ?? 0
  }

  onTestRunEnd(): void {
    clearInterval(this.timer)
    this.timer = undefined
  }

  /** Prints the current line (the timer calls it; tests call it directly). */
  tick(): void {
    if (this.total === 0) return
    this.print(
      formatProgress({
        done: this.done,
        total: this.total,
        elapsedMs: this.now() - this.startedAt,
        spentUsd: this.spentUsd,
      }),
    )
  }
}
