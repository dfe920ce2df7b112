/**
 * The order case ids are listed in (scorecard cases, failures, TREC runs): the default locale's collation, as
 * `String.prototype.localeCompare` gives it, through one collator (a 20k-case sort made 300k `localeCompare`
 * calls, each building its own collator).
 */
const collator = new Intl.Collator()

/** Compares two case ids: negative when `a` sorts first. Example: `['GC-2', 'GC-10'].sort(byCaseId)` -> ['GC-10', 'GC-2']. */
export function byCaseId(a: string, b: string): number {
  return collator.compare(a, b)
}
