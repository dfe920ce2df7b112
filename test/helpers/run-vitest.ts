/**
 * Runs real Vitest (and the vitest-rag CLI) as child processes over a fixture project, the way a user
 * would, and returns exit code and output. One helper for every end-to-end test.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

/** The repository root. */
export const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)))
const vitestBin = join(repoRoot, 'node_modules/vitest/vitest.mjs')
// Every child runs the built package (dist/), as an installed one runs: the CLI through the published binary,
// configs through `vitest-rag/plugin` (the package's self-reference) or {@link pluginUrl}, fixture adapters through
// dist/ paths. Node loads it natively, where from src/ Vite transformed ~130 TypeScript modules again in every
// child (about 1.6 s of its 5); and it all comes from one place, never one copy from src/ and one from dist/.
// test/setup/fresh-dist.ts rebuilds dist/ before the run when a source is newer.
const cliBin = join(repoRoot, 'bin/vitest-rag.js')

/** The built `vitest-rag/plugin` by URL, for configs written into temporary projects outside this repository. */
export const pluginUrl = pathToFileURL(join(repoRoot, 'dist/public/plugin.js')).href

/** What a finished child process left. */
export interface RunResult {
  code: number | null
  stdout: string
  stderr: string
  /** stdout + stderr, ANSI colours removed. */
  output: string
}

/** Removes ANSI escapes so assertions read plain text. */
export function stripAnsi(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\u001b\[[0-9;]*m/g, '')
}

/** How {@link runNode} runs a child. */
export interface RunOptions {
  cwd?: string
  env?: Record<string, string | undefined>
  timeoutMs?: number
  nodeArgs?: string[]
  /** Close our end of the child's stdout once this many whole lines arrived, as `| head -N` does. */
  closeStdoutAfterLines?: number
}

/** Runs `node <script> ...args` in `cwd` with extra env; resolves when it exits (killed after `timeoutMs`). */
export function runNode(script: string, args: string[], options: RunOptions = {}): Promise<RunResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [...(options.nodeArgs ?? []), script, ...args], {
      cwd: options.cwd ?? repoRoot,
      env: {
        ...process.env,
        CI: 'true',
        GITHUB_ACTIONS: undefined,
        GITHUB_STEP_SUMMARY: undefined,
        FORCE_COLOR: '0',
        NO_COLOR: '1',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString()
      const keep = options.closeStdoutAfterLines
      if (keep !== undefined && stdout.split('\n').length > keep) {
        stdout = stdout.split('\n').slice(0, keep).join('\n') + '\n'
        child.stdout.destroy()
      }
    })
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 120_000)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolvePromise({ code, stdout, stderr, output: stripAnsi(stdout + stderr) })
    })
  })
}

/** Runs `vitest <args>` with the fixture project `test/fixtures/<fixture>` as root. */
export function runVitest(
  fixture: string,
  args: string[],
  env: Record<string, string | undefined> = {},
): Promise<RunResult> {
  return runNode(vitestBin, [...args, '--root', join(repoRoot, 'test/fixtures', fixture)], { env })
}

/** Runs the `vitest-rag` CLI (the published binary, bin/vitest-rag.js over dist/) as a child process. */
export function runCliBin(
  args: string[],
  options: Pick<RunOptions, 'cwd' | 'env' | 'closeStdoutAfterLines'> = {},
): Promise<RunResult> {
  return runNode(cliBin, args, options)
}

/** A fresh temporary directory. */
export function tempDir(prefix = 'vitest-rag-e2e-'): string {
  return mkdtempSync(join(tmpdir(), prefix))
}
