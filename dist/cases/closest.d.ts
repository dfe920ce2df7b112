/**
 * "Did you mean" hints: the known name closest to a misspelt one by edit distance.
 */
/** Levenshtein edit distance (insertions, deletions, substitutions each cost 1): `kitten` -> `sitting` is 3. */
export declare function editDistance(a: string, b: string): number;
/**
 * The candidate closest to `name` (case-insensitive), or `undefined` when none is within `maxDistance`.
 * Default `maxDistance`: a third of the longer name's length, at least 2, so a typo matches but an
 * unrelated word does not. Ties go to the earlier candidate.
 */
export declare function closestMatch(name: string, candidates: Iterable<string>, maxDistance?: number): string | undefined;
