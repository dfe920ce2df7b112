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
// The CLI from source (tsx loads the .ts): tests exercise the current code without a build. The published
// binary (bin/vitest-rag.js over dist/) is exercised by the packaging test.
const cliSource = join(repoRoot, 'src/cli/run.ts')
// By URL, so it loads whatever the child's working directory (a temp project has no tsx of its own). tsx's
// ES-module hook only, as the published binary runs: its full loader also hooks `require`, which breaks Vite's
// bundled load of a CommonJS project's config (see hasCommonJsTypeScriptHook) and made every call load it twice.
const tsxLoader = pathToFileURL(join(repoRoot, 'node_modules/tsx/dist/esm/index.mjs')).href

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

/** Runs the `vitest-rag` CLI (from source) as a child process. */
export function runCliBin(
  args: string[],
  options: Pick<RunOptions, 'cwd' | 'env' | 'closeStdoutAfterLines'> = {},
): Promise<RunResult> {
  return runNode(cliSource, args, { ...options, nodeArgs: ['--import', tsxLoader] })
}

/** A fresh temporary directory. */
export function tempDir(prefix = 'vitest-rag-e2e-'): string {
  return mkdtempSync(join(tmpdir(), prefix))
}
