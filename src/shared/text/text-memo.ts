/**
 * Bounded memos for pure analyses of a text. One case reads the same strings in several stages: the answer is
 * checked for an abstention by the hard checks, the answer step and the judge, and split into claims by the
 * judge and the claim checker; every claim is checked against the same source texts and their sentence
 * windows. A memo keyed by the text computes each analysis once and hands the same result to every stage.
 *
 * Bounded: a memo holds at most `limit` texts and is emptied when full. The working set is the few cases in
 * flight (a run evaluates a handful of cases at a time), so a full clear costs a few recomputations and the
 * memory never grows with the number of cases. The results are shared: callers must treat them as read-only.
 */

/** Texts a memo holds before it is emptied, unless told otherwise. */
export const DEFAULT_TEXT_MEMO_LIMIT = 256

/**
 * Wraps a pure `analyse(text)` so a text analysed recently is not analysed again. `analyse` must depend on the
 * text alone (no options, no clock) and its result must not be mutated by callers.
 * Example: `const words = memoByText((t) => t.split(' '))`; `words('a b') === words('a b')` (the same array).
 */
export function memoByText<T>(analyse: (text: string) => T, limit = DEFAULT_TEXT_MEMO_LIMIT): (text: string) => T {
  const memo = new Map<string, T>()
  return (text) => {
    let result = memo.get(text)
    if (result === undefined && !memo.has(text)) {
      if (memo.size >= limit) memo.clear()
      result = analyse(text)
      memo.set(text, result)
    }
    return result as T
  }
}

/**
 * The one instance of a text seen recently: `internText(a) === internText(b)` when `a === b` as strings, while
 * both are held. Per-case records keep their messages and reasons until the run ends, and most repeat across
 * cases ("contains all 2 required literal(s)"); interned, 20,000 cases keep a few copies, not 20,000.
 */
export const internText: (text: string) => string = memoByText((text) => text)
