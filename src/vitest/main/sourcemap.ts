/**
 * A line-level source map, written by hand (no dependency): generated line i maps to source line
 * `sourceLines[i]` (0-based), column 0. That is all Vitest needs to point test locations, `file:line`
 * filters, failures and the IDE at the golden case's line.
 */

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/** Base64 VLQ of one signed integer, as the source map v3 spec encodes segment fields. */
export function encodeVlq(value: number): string {
  let vlq = value < 0 ? (-value << 1) | 1 : value << 1
  let out = ''
  do {
    let digit = vlq & 31
    vlq >>>= 5
    if (vlq > 0) digit |= 32
    out += BASE64[digit]
  } while (vlq > 0)
  return out
}

/**
 * The `mappings` string for one source file where generated line i starts at source line `sourceLines[i]`
 * (0-based; `undefined` leaves the line unmapped). Segment fields are deltas from the previous segment:
 * [generated column, source index, source line, source column].
 */
export function encodeLineMappings(sourceLines: ReadonlyArray<number | undefined>): string {
  let previousSourceLine = 0
  return sourceLines
    .map((line) => {
      if (line === undefined) return ''
      const segment = encodeVlq(0) + encodeVlq(0) + encodeVlq(line - previousSourceLine) + encodeVlq(0)
      previousSourceLine = line
      return segment
    })
    .join(';')
}
