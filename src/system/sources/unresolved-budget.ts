/**
 * Stopping a run whose system names sources the harness cannot find: after a few cases, if too many of the
 * references did not resolve, every further case would score 0 for the same reason. The run stops with one
 * message that shows examples and how to map them. Pure tally; the reporter feeds it and cancels the run.
 */

/** When to stop: more than `maxUnresolvedShare` of references unresolved once `afterCases` cases reported. */
export interface UnresolvedBudget {
  /** Cases (with at least one reference) to see before judging. Default 5. */
  afterCases: number
  /** Share of unresolved references, in [0, 1], above which the run stops. Default 0.2. */
  maxUnresolvedShare: number
}

/** The defaults: more than 20% of references unresolved after 5 cases. */
export const defaultUnresolvedBudget: UnresolvedBudget = Object.freeze({ afterCases: 5, maxUnresolvedShare: 0.2 })

/** One case's references as the tally needs them. */
export interface CaseSourceCounts {
  caseId: string
  references: number
  /** How many of them did not resolve. */
  unresolvedCount: number
  /** Distinct descriptions of the references that did not resolve (examples for the message). */
  unresolved: readonly string[]
}

/** The running tally of a run. */
export interface UnresolvedTally {
  cases: number
  references: number
  unresolved: number
  examples: Array<{ caseId: string; reference: string }>
}

/** An empty tally. */
export function emptyTally(): UnresolvedTally {
  return { cases: 0, references: 0, unresolved: 0, examples: [] }
}

/** Adds one case (cases with no references are not counted: they say nothing about resolution). */
export function addCase(tally: UnresolvedTally, counts: CaseSourceCounts): UnresolvedTally {
  if (counts.references === 0) return tally
  const examples = [...tally.examples]
  for (const reference of counts.unresolved)
    if (examples.length < 5) examples.push({ caseId: counts.caseId, reference })
  return {
    cases: tally.cases + 1,
    references: tally.references + counts.references,
    unresolved: tally.unresolved + counts.unresolvedCount,
    examples,
  }
}

/**
 * Whether to stop: `afterCases` cases seen and unresolved / references > `maxUnresolvedShare`.
 * Example: 5 cases, 50 references, 11 unresolved -> 0.22 > 0.2 -> stop; 10 unresolved -> 0.2, go on.
 */
export function shouldStop(tally: UnresolvedTally, budget: UnresolvedBudget = defaultUnresolvedBudget): boolean {
  return (
    tally.cases >= budget.afterCases &&
    tally.references > 0 &&
    tally.unresolved / tally.references > budget.maxUnresolvedShare
  )
}

/**
 * The one message a stopped run prints: the share of references that name nothing (that share, and only it,
 * would score 0 whatever the system's quality), the cases it was judged on, examples, and the ways to map.
 */
export function unresolvedMessage(tally: UnresolvedTally): string {
  const share = tally.references === 0 ? 0 : tally.unresolved / tally.references
  return [
    `vitest-rag: the run stopped: ${tally.unresolved} of ${tally.references} source references (${(share * 100).toFixed(0)}%) in the first ${tally.cases} cases (in golden order) name nothing in the corpus, so ${(share * 100).toFixed(0)}% of what the system retrieved would score 0 for that reason alone.`,
    'Examples:',
    ...tally.examples.map((e) => `  ${e.caseId}: ${e.reference}`),
    'Return sources the harness can find (see docs/adapters.md): a harness chunk id, a document id (`acme/doc/billing/seats`) or key',
    '(a BEIR `_id`), a URL or path ending in one (with its `tenants/<tenant>/` segment), a JSON Lines file with a line, a locator',
    '({ kind: "doc", slug, heading }), or the passage text; or map your own ids with the `sourceMap` option: a table',
    'ragEval({ sourceMap: { "KB-17": "acme/doc/billing/seats" } }) or a module path exporting (ref, tenant) => id.',
  ].join('\n')
}
