/**
 * The process entry of the `vitest-rag` binary: runs the CLI on the process's arguments and streams and sets
 * the exit code (commands never call `process.exit`). `bin/vitest-rag.js` loads the compiled copy; this
 * repository's tests run this source with `node --import tsx`.
 */
import { runCli } from './main.ts'

process.exitCode = await runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  cwd: process.cwd(),
})
