/**
 * Problems in user data (golden files, corpora, locators) as a list, rendered in one place, so a user sees
 * every problem at once instead of fixing them one run at a time.
 */

/**
 * One problem in user data.
 * - `code`: stable, machine-readable kind, e.g. `invalid_json`, `unknown_key`, `unknown_slug`;
 * - `file` / `line` (1-based): where it is, when it comes from a file;
 * - `path`: the field path inside the record, e.g. `expected_sources[0].locator.kind` (`''` for the whole record);
 * - `value`: the offending value, when there is one;
 * - `message`: what is wrong, quoting the value; `fix`: what to do about it.
 */
export interface Problem {
  code: string
  file: string
  line?: number
  path: string
  value?: unknown
  message: string
  fix?: string
}

/**
 * Renders one problem on one line:
 * `golden/support.golden.jsonl:14: expected_sources[0].grade: 7 is out of range (fix: a whole number 0-3)`.
 */
export function formatProblem(problem: Problem): string {
  const where = problem.line === undefined ? problem.file : `${problem.file}:${problem.line}`
  const field = problem.path === '' ? '' : `${problem.path}: `
  const fix = problem.fix === undefined ? '' : ` (fix: ${problem.fix})`
  return `${where}: ${field}${problem.message}${fix}`
}

/** Renders problems one per line, in the order given (parsers emit them in file order). */
export function formatProblems(problems: readonly Problem[]): string {
  return problems.map(formatProblem).join('\n')
}

/** Formats a field path the way a user writes it: `expected_sources[0].locator.kind`. */
export function formatPath(path: ReadonlyArray<PropertyKey>): string {
  let out = ''
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`
    else out += out === '' ? String(part) : `.${String(part)}`
  }
  return out
}

/** Quotes a value for a message: strings in double quotes, `undefined` as `missing`, the rest as JSON (cut at 80 chars). */
export function quoteValue(value: unknown): string {
  if (value === undefined) return 'missing'
  const json = JSON.stringify(value) ?? String(value)
  return json.length > 80 ? `${json.slice(0, 77)}...` : json
}

/**
 * Counts problems by kind (`code`), in order of first appearance, for a heading that says what went wrong:
 * `[unknown_tenant, unknown_slug, unknown_tenant]` -> `"unknown tenant: 2, unknown slug: 1"`.
 */
export function countProblemKinds(problems: readonly Problem[]): string {
  const counts = new Map<string, number>()
  for (const problem of problems) counts.set(problem.code, (counts.get(problem.code) ?? 0) + 1)
  return [...counts].map(([code, count]) => `${code.replaceAll('_', ' ')}: ${count}`).join(', ')
}
