/** Runs the vitest-rag CLI in-process with captured output (the golden-set command tests share it). */
import { runCli } from '../../../src/cli/main.ts'

/** The exit code and everything the command printed. */
export interface CliRun {
  code: number
  stdout: string
  stderr: string
}

/** Runs `vitest-rag <argv>` with `cwd` as the working directory. */
export async function cli(cwd: string, argv: string[]): Promise<CliRun> {
  let stdout = ''
  let stderr = ''
  const code = await runCli(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), cwd })
  return { code, stdout, stderr }
}
