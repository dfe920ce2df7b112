/**
 * Runs a command and samples the resident memory of its whole process tree (the Vitest main process and its
 * worker processes) every 50 ms from /proc, so the benchmark reports the peak the machine actually carried.
 * Linux only (reads /proc); elsewhere the peak is reported as undefined.
 */
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'

/** What one command left: exit code, output, wall time and peak tree memory. */
export interface TreeRun {
  code: number | null
  output: string
  wallMs: number
  /** Epoch ms when the command was spawned and when it exited (to place a traced system's calls in the run). */
  startedAt: number
  endedAt: number
  /** Peak of the summed RSS of the process and its descendants, MiB; undefined without /proc. */
  peakMiB?: number
  /** Peak RSS of the process itself (Vitest's main process), MiB. */
  mainPeakMiB?: number
  /** Peak of the summed RSS of its descendants (the test workers), MiB. */
  workersPeakMiB?: number
  /**
   * The largest peak of any one process of the tree (the kernel's VmHWM), MiB: what `/usr/bin/time` reports as
   * maximum resident set size, the figure peers publish for a run.
   */
  largestPeakMiB?: number
}

function treeRssKiB(root: number): { total: number; main: number; largest: number } | undefined {
  let entries: string[]
  try {
    entries = readdirSync('/proc')
  } catch {
    return undefined
  }
  const parent = new Map<number, number>()
  const rss = new Map<number, number>()
  for (const name of entries) {
    if (!/^\d+$/.test(name)) continue
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
      // Field 4 (ppid) and 24 (rss, pages) follow the parenthesised command name, which may hold spaces.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      parent.set(Number(name), Number(fields[1]))
      rss.set(Number(name), Number(fields[21]) * 4)
    } catch {
      // the process ended while we looked
    }
  }
  let total = 0
  let largest = 0
  const main = rss.get(root) ?? 0
  for (const [pid, kib] of rss) {
    for (let p: number | undefined = pid; p !== undefined && p > 1; p = parent.get(p)) {
      if (p === root) {
        total += kib
        largest = Math.max(largest, highWaterKiB(pid) ?? kib)
        break
      }
    }
  }
  return { total, main, largest }
}

/** A process's peak resident set so far (VmHWM in /proc/<pid>/status), KiB. */
function highWaterKiB(pid: number): number | undefined {
  try {
    const match = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return match ? Number(match[1]) : undefined
  } catch {
    return undefined
  }
}

/** Runs `node args...` in `cwd` with `env`, sampling its tree's memory. */
export function runMeasured(args: string[], cwd: string, env: Record<string, string>): Promise<TreeRun> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const startedAt = Date.now()
    const child = spawn(process.execPath, args, {
      cwd,
      env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', CI: 'true', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (d: Buffer) => (output += d.toString()))
    child.stderr.on('data', (d: Buffer) => (output += d.toString()))
    let peak: number | undefined
    let mainPeak = 0
    let workersPeak = 0
    let largestPeak = 0
    const timer = setInterval(() => {
      const kib = child.pid === undefined ? undefined : treeRssKiB(child.pid)
      if (kib === undefined) return
      peak = Math.max(peak ?? 0, kib.total)
      mainPeak = Math.max(mainPeak, kib.main)
      workersPeak = Math.max(workersPeak, kib.total - kib.main)
      largestPeak = Math.max(largestPeak, kib.largest)
    }, 50)
    child.on('error', reject)
    child.on('close', (code) => {
      clearInterval(timer)
      resolve({
        code,
        output,
        wallMs: performance.now() - started,
        startedAt,
        endedAt: Date.now(),
        ...(peak !== undefined
          ? {
              peakMiB: peak / 1024,
              mainPeakMiB: mainPeak / 1024,
              workersPeakMiB: workersPeak / 1024,
              largestPeakMiB: largestPeak / 1024,
            }
          : {}),
      })
    })
  })
}
