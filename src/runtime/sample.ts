/**
 * @deprecated Moved to `src/golden-set/sample.ts` when src/runtime/ was split by stage. This re-export stays for one
 * release so branches that import the old path still build; import the new path.
 */
export * from '../golden-set/sample.ts'
