/**
 * A peer library kept alive in a Python child (`bm25s_peer.py`, `numpy_vector.py`) so that its repetitions and
 * ours can be interleaved: on a shared machine load comes and goes, and two series timed minutes apart compare
 * different machines. Protocol: the child prints one JSON line when ready, then one JSON line per command line.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { benchPython, benchScript } from './python.ts'
import type { Spread as FullSpread } from './spread.ts'

/** One timed pass of the peer: wall and CPU (all its threads) milliseconds. */
export interface PeerPass {
  wall_ms: number
  cpu_ms: number
}

/** A running peer script. */
export class PeerProcess {
  private readonly child: ChildProcessWithoutNullStreams
  private readonly lines: AsyncIterator<string>
  private stderr = ''

  /** Starts `scripts/bench/<script>` with `args` and extra `env` (thread pins) in {@link benchPython}. */
  constructor(script: string, args: Array<string | number>, env: NodeJS.ProcessEnv = {}) {
    this.child = spawn(benchPython(), [benchScript(script), ...args.map(String)], { env: { ...process.env, ...env } })
    this.child.stderr.on('data', (chunk: Buffer) => (this.stderr = (this.stderr + chunk.toString()).slice(-4000)))
    this.lines = createInterface({ input: this.child.stdout })[Symbol.asyncIterator]()
  }

  /** The next JSON line; throws with the child's last stderr line when it ended instead. */
  async next<T>(): Promise<T> {
    const line = await this.lines.next()
    if (line.done) throw new Error(`${this.stderr.trim().split('\n').pop() ?? 'peer exited'}`)
    return JSON.parse(line.value) as T
  }

  /** Sends one command and waits for its answer. */
  async ask<T = PeerPass>(command: string): Promise<T> {
    this.child.stdin.write(`${command}\n`)
    return this.next<T>()
  }

  /** Asks the child to quit and waits for it. */
  async close(): Promise<void> {
    if (this.child.exitCode !== null) return
    const exited = new Promise((resolve) => this.child.once('exit', resolve))
    this.child.stdin.end('quit\n')
    await exited
  }
}

/** A figure's median and range (`spreadOf` in `spread.ts` makes them, with the run count). */
export type Spread = Pick<FullSpread, 'median' | 'min' | 'max'>

/** `median (min-max)` with 3 significant digits. */
export function showSpread(s: Spread | undefined, digits = 3): string {
  if (!s || !Number.isFinite(s.median)) return '-'
  const f = (v: number) => v.toPrecision(digits)
  return `${f(s.median)} (${f(s.min)}-${f(s.max)})`
}
