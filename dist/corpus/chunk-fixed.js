/**
 * Fixed-size chunking (pure): windows of `size` characters sharing `overlap` characters, with each boundary
 * moved back to whitespace when the window has some, so words are not cut in half.
 */
const isSpace = (ch) => ch !== undefined && /\s/.test(ch);
/** Whether offset `p` sits between a whitespace character and anything (a clean place to cut). */
function isBreak(text, p) {
    return isSpace(text[p - 1]) || isSpace(text[p]);
}
/**
 * Windows over `text.slice(from, to)` (default: all of it), in order, covering every character.
 * Each window is at most `size` characters (>= 1), ends at a whitespace break when one exists inside it,
 * and the next starts about `overlap` characters (0 <= overlap < size) before the previous end, moved back
 * to a whitespace break up to `overlap` further characters. Windows are never empty and always advance.
 * Example: `fixedWindows('aaa bbb ccc', 6, 0)` -> `[0,4) "aaa "`, `[4,8) "bbb "`, `[8,11) "ccc"`.
 */
export function fixedWindows(text, size, overlap, from = 0, to = text.length) {
    const width = Math.max(1, Math.floor(size));
    const shared = Math.max(0, Math.min(Math.floor(overlap), width - 1));
    const spans = [];
    let start = from;
    while (start < to) {
        let end = Math.min(start + width, to);
        if (end < to) {
            for (let p = end; p > start; p--) {
                if (isBreak(text, p)) {
                    end = p;
                    break;
                }
            }
        }
        spans.push({ start, end });
        if (end >= to)
            break;
        // The next window starts `shared` characters back; a whitespace break just before that spot is
        // preferred, but it must start after this window's start or chunking would not progress.
        const target = Math.max(start + 1, end - shared);
        let next = target;
        for (let p = target; p >= Math.max(start + 1, target - shared); p--) {
            if (isBreak(text, p)) {
                next = p;
                break;
            }
        }
        start = next;
    }
    return spans;
}
//# sourceMappingURL=chunk-fixed.js.map