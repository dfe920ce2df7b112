/**
 * Structural chunking (pure): one span per markdown heading section, per changelog entry and per ticket;
 * generic documents and anything longer than `maxSize` fall back to fixed windows inside it.
 */
import { fixedWindows } from "./chunk-fixed.js";
function splitLong(doc, span, config) {
    if (span.end - span.start <= config.maxSize)
        return [span];
    return fixedWindows(doc.text, config.maxSize, config.overlap, span.start, span.end).map((w) => ({
        ...w,
        ...(span.headingPath ? { headingPath: span.headingPath } : {}),
    }));
}
/**
 * The spans of one document under structural chunking. A markdown section's span starts at its heading line
 * and runs to the next heading of any level (subsections get their own spans). Text before the first
 * heading joins the first section when it is only whitespace, else it is a span of its own.
 */
export function structuralSpans(doc, config) {
    const text = doc.text;
    if (text.length === 0)
        return [];
    const sections = doc.kind === 'doc' ? (doc.sections ?? []) : [];
    if (sections.length === 0)
        return splitLong(doc, { start: 0, end: text.length }, config);
    const ordered = [...sections].sort((a, b) => a.start - b.start);
    const spans = [];
    const firstStart = ordered[0]?.start ?? 0;
    const preambleIsBlank = text.slice(0, firstStart).trim() === '';
    if (firstStart > 0 && !preambleIsBlank)
        spans.push({ start: 0, end: firstStart });
    ordered.forEach((section, i) => {
        const start = i === 0 && preambleIsBlank ? 0 : section.start;
        const end = ordered[i + 1]?.start ?? text.length;
        if (end > start)
            spans.push(...splitLong(doc, { start, end, headingPath: section.path }, config));
    });
    return spans;
}
//# sourceMappingURL=chunk-structural.js.map