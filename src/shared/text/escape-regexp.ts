/**
 * `text` as a literal inside a regular expression: every character with a meaning in a pattern is escaped.
 * Example: `new RegExp(escapeRegExp('k.b+(1)'))` matches `k.b+(1)` and not `kxbb(1)`.
 */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
