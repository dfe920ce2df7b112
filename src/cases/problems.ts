/**
 * @deprecated Moved to `src/problems/problems.ts` (below cases/ and corpus/, which both report problems).
 * This re-export stays for one release so branches that import the old path still build; import the new one.
 */
export { formatPath, formatProblem, formatProblems, quoteValue, type Problem } from '../problems/problems.ts'
