#!/usr/bin/env node
// The vitest-rag binary: plain JavaScript that loads the compiled CLI from dist/ (built by `npm run build`,
// shipped in the package). No TypeScript loader is needed at run time.
import '../dist/cli/run.js'
