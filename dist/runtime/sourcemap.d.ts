/**
 * A line-level source map, written by hand (no dependency): generated line i maps to source line
 * `sourceLines[i]` (0-based), column 0. That is all Vitest needs to point test locations, `file:line`
 * filters, failures and the IDE at the golden case's line.
 */
/** Base64 VLQ of one signed integer, as the source map v3 spec encodes segment fields. */
export declare function encodeVlq(value: number): string;
/**
 * The `mappings` string for one source file where generated line i starts at source line `sourceLines[i]`
 * (0-based; `undefined` leaves the line unmapped). Segment fields are deltas from the previous segment:
 * [generated column, source index, source line, source column].
 */
export declare function encodeLineMappings(sourceLines: ReadonlyArray<number | undefined>): string;
