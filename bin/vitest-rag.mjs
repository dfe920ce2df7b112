#!/usr/bin/env node
// The vitest-rag binary: loads the TypeScript CLI through tsx (Node 20 cannot run .ts on its own).
import { register } from 'tsx/esm/api'

register()
const { runCli } = await import('../src/cli/main.ts')
const code = await runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  cwd: process.cwd(),
})
process.exitCode = code
