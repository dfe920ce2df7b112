/**
 * A spend ledger shared by every process and worker thread of one run through a small JSON file, so the hard
 * limit holds for the run as a whole and not once per Vitest worker. Each update takes a lock (an exclusive
 * `mkdir` of `<file>.lock`, atomic on POSIX), reads the totals, checks, writes them atomically and unlocks; the
 * critical section is a few small sync file operations per model call.
 *
 * Reservations are kept per holder (`pid:threadId`); holders whose process is gone are dropped on the next
 * read, so a killed worker cannot pin its in-flight reservations for the rest of the run. The file is per run:
 * reset it at the start of a run ({@link resetSpendFile}) or point each run at its own path.
 */
import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { dirname } from 'node:path'
import { threadId } from 'node:worker_threads'
import { writeFileAtomicSync } from '../shared/util/atomic-write.ts'
import { LlmError, SpendLimitError } from './errors.ts'
import { SpendLedger, type SpendReservation, type SpendSnapshot } from './spend.ts'

/** Spend file format version. */
export const spendFileVersion = 1

/** A lock older than this is taken to belong to a dead process and is broken. ms. */
const staleLockMs = 10_000
/** Give up waiting for the lock after this long. ms. */
const lockTimeoutMs = 30_000

/** What the spend file holds. */
export interface SpendFileState {
  version: number
  spentUsd: number
  savedUsd: number
  /** USD reserved by in-flight calls, per holder `pid:threadId`. */
  reservations: Record<string, number>
}

/** The spend file could not be locked or read. */
export class SpendFileError extends LlmError {
  constructor(path: string, detail: string) {
    super(
      'VITEST_RAG_SPEND_FILE',
      `cannot use the shared spend file ${path}: ${detail}. Delete it (and ${path}.lock) between runs.`,
    )
  }
}

const sleepCell = new Int32Array(new SharedArrayBuffer(4))
function sleepSync(ms: number): void {
  Atomics.wait(sleepCell, 0, 0, ms)
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Starts a run's shared spend from zero (call once, before any worker starts). */
export function resetSpendFile(path: string): void {
  rmSync(path, { force: true })
  rmSync(`${path}.lock`, { recursive: true, force: true })
}

/** A {@link SpendLedger} whose totals live in a file shared across processes (see the file comment). */
export class FileSpendLedger extends SpendLedger {
  readonly path: string
  private readonly holder = `${process.pid}:${threadId}`

  /** `limitUsd`: the run's hard limit (every participant should pass the same one). */
  constructor(path: string, limitUsd = Number.POSITIVE_INFINITY) {
    super(limitUsd)
    this.path = path
    mkdirSync(dirname(path), { recursive: true })
  }

  override reserve(worstCaseUsd: number, what: string): SpendReservation {
    return this.update((state) => {
      const reserved = Object.values(state.reservations).reduce((sum, usd) => sum + usd, 0)
      if (state.spentUsd + reserved + worstCaseUsd > this.limitUsd + 1e-12) {
        throw new SpendLimitError(this.limitUsd, state.spentUsd, reserved, worstCaseUsd, what)
      }
      state.reservations[this.holder] = (state.reservations[this.holder] ?? 0) + worstCaseUsd
      return { amountUsd: worstCaseUsd }
    })
  }

  override settle(reservation: SpendReservation, actualUsd: number): void {
    this.update((state) => {
      const left = (state.reservations[this.holder] ?? 0) - reservation.amountUsd
      if (left > 1e-12) state.reservations[this.holder] = left
      else delete state.reservations[this.holder]
      state.spentUsd += actualUsd
    })
  }

  override recordSaved(originalUsd: number): void {
    this.update((state) => {
      state.savedUsd += originalUsd
    })
  }

  override snapshot(): SpendSnapshot {
    const state = this.read()
    const reservedUsd = Object.values(state.reservations).reduce((sum, usd) => sum + usd, 0)
    return { spentUsd: state.spentUsd, reservedUsd, limitUsd: this.limitUsd, savedUsd: state.savedUsd }
  }

  private read(): SpendFileState {
    let state: SpendFileState
    try {
      state = JSON.parse(readFileSync(this.path, 'utf8')) as SpendFileState
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        return { version: spendFileVersion, spentUsd: 0, savedUsd: 0, reservations: {} }
      throw new SpendFileError(this.path, (error as Error).message)
    }
    if (state.version !== spendFileVersion)
      throw new SpendFileError(this.path, `format version ${JSON.stringify(state.version)}`)
    for (const holder of Object.keys(state.reservations)) {
      if (!isAlive(Number(holder.split(':')[0]))) delete state.reservations[holder]
    }
    return state
  }

  private update<T>(change: (state: SpendFileState) => T): T {
    this.lock()
    try {
      const state = this.read()
      const result = change(state) // may throw SpendLimitError: nothing is written then
      writeFileAtomicSync(this.path, `${JSON.stringify(state)}\n`)
      return result
    } finally {
      rmSync(`${this.path}.lock`, { recursive: true, force: true })
    }
  }

  private lock(): void {
    const lockPath = `${this.path}.lock`
    const deadline = Date.now() + lockTimeoutMs
    for (;;) {
      try {
        mkdirSync(lockPath)
        return
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST')
          throw new SpendFileError(this.path, (error as Error).message)
      }
      try {
        if (Date.now() - statSync(lockPath).mtimeMs > staleLockMs) rmSync(lockPath, { recursive: true, force: true })
      } catch {
        // the holder released it between our mkdir and stat: just retry
      }
      if (Date.now() > deadline)
        throw new SpendFileError(this.path, `lock ${lockPath} held for over ${lockTimeoutMs} ms`)
      sleepSync(1)
    }
  }
}
