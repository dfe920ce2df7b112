/**
 * docs/errors.md, generated from the error code registry (src/shared/util/error-codes.ts): every `VITEST_RAG_*` code,
 * the class that throws it and what it means. `npm run docs:errors` rewrites the file;
 * test/shared/util/error-codes.test.ts fails when it is stale.
 */
import { writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ERROR_CODES, WARNING_CODES } from '../src/shared/util/error-codes.ts'

const repoRoot = resolve(fileURLToPath(new URL('..', import.meta.url)))

/** The generated file, relative to the repository root. */
export const ERROR_CODES_DOCS_PATH = 'docs/errors.md'

const cell = (text: string): string => text.replace(/\|/g, '\\|')

/** The whole of docs/errors.md. */
export function renderErrorCodesDoc(): string {
  const errors = Object.entries(ERROR_CODES).map(
    ([code, entry]) => `| \`${code}\` | \`${entry.errorClass}\` | ${cell(entry.meaning)} |`,
  )
  const warnings = Object.entries(WARNING_CODES).map(([code, meaning]) => `| \`${code}\` | ${cell(meaning)} |`)
  return [
    '# Error codes',
    '',
    '<!-- Generated from src/shared/util/error-codes.ts by `npm run docs:errors`; do not edit by hand (a test fails when it is stale). -->',
    '',
    "Every failure in vitest-rag's own code is a `VitestRagError` with a stable `code` and its class as `name`:",
    'branch on `error.code`, not on the message, which may be reworded. Every message starts with `vitest-rag: `,',
    'quotes the bad value and, where there is one, says the fix. Problems in your data (golden files, corpus,',
    'config) are collected and reported together by one error, each problem with its file, line and field.',
    '',
    '| Code | Class | Meaning |',
    '|---|---|---|',
    ...errors,
    '',
    '## Warnings',
    '',
    'Emitted with `process.emitWarning` (the run goes on); `warning.code` is one of:',
    '',
    '| Code | Meaning |',
    '|---|---|',
    ...warnings,
    '',
  ].join('\n')
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  writeFileSync(join(repoRoot, ERROR_CODES_DOCS_PATH), renderErrorCodesDoc())
  console.log(`wrote ${ERROR_CODES_DOCS_PATH}`)
}
