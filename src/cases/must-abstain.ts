/**
 * Which case types must abstain, apart from the golden case schema: the worker reads it for every case's base
 * record before the first system call, and the schema module loads zod, which that call does not need.
 */

/** Case types that expect no sources and must abstain. */
export const ABSTAIN_CASE_TYPES: ReadonlySet<string> = new Set(['out_of_scope', 'cross_tenant'])

/** Whether a case must abstain (its hard assertion `toAbstain` applies). */
export function mustAbstain(c: { case_type: string }): boolean {
  return ABSTAIN_CASE_TYPES.has(c.case_type)
}
