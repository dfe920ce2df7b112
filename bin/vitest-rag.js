#!/usr/bin/env node
// The vitest-rag binary: plain JavaScript that loads the compiled CLI from dist/ (built by `npm run build`,
// shipped in the package). No TypeScript loader is needed at run time.
try {
  await import('../dist/cli/run.js')
} catch (error) {
  // In a checkout of this repository before a build, dist/ does not exist: say so instead of a module stack.
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes('/dist/cli/run.js')) throw error
  process.stderr.write(
    'vitest-rag: the CLI is not built (no dist/cli/run.js): run `npm run build` in this checkout first\n',
  )
  process.exitCode = 1
}
