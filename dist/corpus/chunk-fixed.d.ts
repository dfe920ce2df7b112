/**
 * Fixed-size chunking (pure): windows of `size` characters sharing `overlap` characters, with each boundary
 * moved back to whitespace when the window has some, so words are not cut in half.
 */
/** A `[start, end)` character span. */
export interface Span {
    start: number;
    end: number;
}
/**
 * Windows over `text.slice(from, to)` (default: all of it), in order, covering every character.
 * Each window is at most `size` characters (>= 1), ends at a whitespace break when one exists inside it,
 * and the next starts about `overlap` characters (0 <= overlap < size) before the previous end, moved back
 * to a whitespace break up to `overlap` further characters. Windows are never empty and always advance.
 * Example: `fixedWindows('aaa bbb ccc', 6, 0)` -> `[0,4) "aaa "`, `[4,8) "bbb "`, `[8,11) "ccc"`.
 */
export declare function fixedWindows(text: string, size: number, overlap: number, from?: number, to?: number): Span[];
