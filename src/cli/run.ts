/**
 * The process entry of the `vitest-rag` binary: runs the CLI on the process's arguments and streams and sets
 * the exit code (commands never call `process.exit`). `bin/vitest-rag.js` loads the compiled copy; this
 * repository's tests run this source with `node --import tsx`.
 */
import { runCli } from './main.ts'

// A reader that stops early (`vitest-rag search ... | head -1`) closes the pipe: the rest of the output has
// nowhere to go, so exit quietly with 0 as git and ripgrep do, instead of an unhandled EPIPE stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0)
  throw error
})

process.exitCode = await runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  cwd: process.cwd(),
})
