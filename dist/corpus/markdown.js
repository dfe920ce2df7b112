const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
function findHeadings(text) {
    const headings = [];
    let fence;
    let offset = 0;
    for (const line of text.split('\n')) {
        const start = offset;
        offset += line.length + 1;
        const fenceMatch = FENCE.exec(line);
        if (fenceMatch) {
            const marker = fenceMatch[1] ?? '';
            if (fence === undefined)
                fence = marker;
            // A fence closes only with the same character, at least as long, and nothing after it but spaces.
            else if (marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker)
                fence = undefined;
            continue;
        }
        if (fence !== undefined)
            continue;
        const match = HEADING.exec(line);
        const headingText = match?.[2]?.trim() ?? '';
        if (match && headingText !== '')
            headings.push({ level: (match[1] ?? '#').length, text: headingText, start });
    }
    return headings;
}
/**
 * The heading sections of a markdown text, in document order. A section runs from its heading line to the
 * next heading of the same or a higher level (or the end), so it includes its subsections; its `path` holds
 * the texts of its enclosing headings, outermost first: `['Billing', 'Seats', 'Limits']`.
 */
export function parseHeadingSections(text) {
    const headings = findHeadings(text);
    const sections = [];
    const stack = [];
    headings.forEach((heading, index) => {
        while (stack.length > 0 && (stack.at(-1)?.level ?? 0) >= heading.level)
            stack.pop();
        stack.push(heading);
        let end = text.length;
        for (let j = index + 1; j < headings.length; j++) {
            const next = headings[j];
            if (next && next.level <= heading.level) {
                end = next.start;
                break;
            }
        }
        sections.push({ path: stack.map((h) => h.text), level: heading.level, start: heading.start, end });
    });
    return sections;
}
/** A markdown doc's title: the text of its first level-1 heading, else `fallback` (the slug). */
export function markdownTitle(sections, fallback) {
    return sections.find((s) => s.level === 1)?.path.at(-1) ?? fallback;
}
//# sourceMappingURL=markdown.js.map