/**
 * The reference pipeline's own way of declining (recognising any system's abstention is
 * `isAbstention` in `src/shared/text/abstention.ts`).
 */

/** The sentence the extractive generator (and the answer prompt) uses to decline. */
export const ABSTENTION_TEXT = "I can't answer that from the available sources."
