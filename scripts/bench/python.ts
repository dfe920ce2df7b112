/**
 * Runs one of the bench's Python reference scripts (numpy / scipy on this machine) and parses its JSON.
 * Returns undefined (and says why) when python3 or the module is missing, so the bench still prints our side.
 */
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

/** Runs `scripts/bench/<script>` with `args`; the parsed JSON of its stdout, or undefined. */
export function runPython<T>(script: string, args: Array<string | number>): T | undefined {
  const path = fileURLToPath(new URL(`./${script}`, import.meta.url))
  const result = spawnSync('python3', [path, ...args.map(String)], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 })
  if (result.status !== 0) {
    console.log(
      `  (python ${script} unavailable: ${(result.stderr || result.error?.message || '').trim().split('\n').pop()})`,
    )
    return undefined
  }
  return JSON.parse(result.stdout) as T
}
