/**
 * Binary search over ascending numbers: the first index whose value is not below `value` (`end` when every
 * value is). Example: `lowerBound([0, 0.5, 1], 0.5)` -> 1; `lowerBound([0, 0.5, 1], 2)` -> 3.
 */
export function lowerBound(sorted: ArrayLike<number>, value: number, end: number = sorted.length): number {
  let lo = 0
  let hi = end
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if ((sorted[mid] as number) < value) lo = mid + 1
    else hi = mid
  }
  return lo
}
