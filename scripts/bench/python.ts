/**
 * Runs the bench's Python reference scripts (numpy / scipy / bm25s on this machine) and parses their JSON.
 * Which Python: env `VITEST_RAG_BENCH_PYTHON`, else `.venv/bin/python` in the repository, else `python3` (the
 * package index may be unreachable, so the bench never installs anything). Returns undefined (and says why) when
 * Python or a module is missing, so the bench still prints our side.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** The Python the bench runs its peers with. */
export function benchPython(): string {
  const fromEnv = process.env.VITEST_RAG_BENCH_PYTHON
  if (fromEnv) return fromEnv
  const venv = fileURLToPath(new URL('../../.venv/bin/python', import.meta.url))
  return existsSync(venv) ? venv : 'python3'
}

/** Undefined when `modules` all import in {@link benchPython}; else why not (one line). */
export function pythonMissing(modules: string[]): string | undefined {
  const result = spawnSync(benchPython(), ['-c', modules.map((m) => `import ${m}`).join('; ')], { encoding: 'utf8' })
  if (result.status === 0) return undefined
  const why = (result.stderr || result.error?.message || 'failed').trim().split('\n').pop()
  return `${benchPython()}: ${why} (set VITEST_RAG_BENCH_PYTHON to a Python with ${modules.join(', ')})`
}

/** Absolute path of `scripts/bench/<script>`. */
export function benchScript(script: string): string {
  return fileURLToPath(new URL(`./${script}`, import.meta.url))
}

/** Runs `scripts/bench/<script>` with `args` (and extra env); the parsed JSON of its stdout, or undefined. */
export function runPython<T>(script: string, args: Array<string | number>, env: NodeJS.ProcessEnv = {}): T | undefined {
  const result = spawnSync(benchPython(), [benchScript(script), ...args.map(String)], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, ...env },
  })
  if (result.status !== 0) {
    console.log(
      `  (python ${script} unavailable: ${(result.stderr || result.error?.message || '').trim().split('\n').pop()})`,
    )
    return undefined
  }
  return JSON.parse(result.stdout) as T
}
