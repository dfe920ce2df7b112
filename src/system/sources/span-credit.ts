/**
 * When a passage earns credit for a chunk: it must cover some of the chunk's content, not only its heading
 * line or its whitespace. A 300-character window that ends in the next section's `## Trash` line overlaps
 * that section's chunk by 8 characters and says nothing of it. Pure.
 */
import type { Chunk } from '../../corpus/types.ts'

/**
 * What a passage must cover of a chunk's content to count for it: `min(chars, share x the chunk's content)`
 * content characters, content being the non-whitespace characters outside markdown heading lines (`#` to
 * `######` then a space). Default 40 characters (about eight words) or half the chunk's content, whichever is
 * less. Examples: a chunk `## Trash\n\n` + 100 content characters needs 40 of them; with 60, 30; with 10, 5;
 * a passage covering only its `## Trash` line covers 0 and earns nothing.
 */
export const defaultSpanCredit: Readonly<{ chars: number; share: number }> = Object.freeze({ chars: 40, share: 0.5 })

/** Content characters of `chunk.text` within `[from, to)` (chunk-relative offsets). */
function contentChars(text: string, from: number, to: number): number {
  let count = 0
  let lineStart = text.lastIndexOf('\n', from - 1) + 1
  let heading = /^#{1,6}\s/.test(text.slice(lineStart, lineStart + 7))
  for (let i = from; i < to; i++) {
    const ch = text[i]!
    if (i > from && text[i - 1] === '\n') {
      lineStart = i
      heading = /^#{1,6}\s/.test(text.slice(lineStart, lineStart + 7))
    }
    if (!heading && ch.trim() !== '') count++
  }
  return count
}

/**
 * Whether the document span `[start, end)` covers enough of `chunk`'s content to count for it (see
 * {@link defaultSpanCredit}). A chunk with no content at all (a lone heading) counts when any of it is covered.
 */
export function coversContent(
  chunk: Chunk,
  start: number,
  end: number,
  rule: { chars: number; share: number } = defaultSpanCredit,
): boolean {
  const from = Math.max(start, chunk.start) - chunk.start
  const to = Math.min(end, chunk.end) - chunk.start
  if (to <= from) return false
  const total = contentChars(chunk.text, 0, chunk.text.length)
  if (total === 0) return chunk.text.slice(from, to).trim() !== ''
  return contentChars(chunk.text, from, to) >= Math.min(rule.chars, rule.share * total)
}
