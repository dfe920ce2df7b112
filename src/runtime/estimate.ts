/**
 * @deprecated Moved to `src/cost/estimate.ts` when src/runtime/ was split by stage. This re-export stays for one
 * release so branches that import the old path still build; import the new path.
 */
export * from '../cost/estimate.ts'
