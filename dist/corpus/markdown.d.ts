/**
 * Markdown structure (pure): ATX headings (`#` .. `######`) into {@link HeadingSection}s with full heading
 * paths and `[start, end)` offsets. Headings inside fenced code blocks are ignored, since a `# comment` in a
 * shell snippet is not a section.
 */
import type { HeadingSection } from './types.js';
/**
 * The heading sections of a markdown text, in document order. A section runs from its heading line to the
 * next heading of the same or a higher level (or the end), so it includes its subsections; its `path` holds
 * the texts of its enclosing headings, outermost first: `['Billing', 'Seats', 'Limits']`.
 */
export declare function parseHeadingSections(text: string): HeadingSection[];
/** A markdown doc's title: the text of its first level-1 heading, else `fallback` (the slug). */
export declare function markdownTitle(sections: readonly HeadingSection[], fallback: string): string;
