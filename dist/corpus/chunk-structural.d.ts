/**
 * Structural chunking (pure): one span per markdown heading section, per changelog entry and per ticket;
 * generic documents and anything longer than `maxSize` fall back to fixed windows inside it.
 */
import { type Span } from './chunk-fixed.js';
import type { SourceDocument, StructuralChunkerConfig } from './types.js';
/** A span plus the heading path of the section it starts in (markdown docs). */
export interface StructuralSpan extends Span {
    headingPath?: string[];
}
/**
 * The spans of one document under structural chunking. A markdown section's span starts at its heading line
 * and runs to the next heading of any level (subsections get their own spans). Text before the first
 * heading joins the first section when it is only whitespace, else it is a span of its own.
 */
export declare function structuralSpans(doc: SourceDocument, config: StructuralChunkerConfig): StructuralSpan[];
