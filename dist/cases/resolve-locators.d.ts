/**
 * Locator resolution (pure): turns each golden case's expected sources (doc + heading, changelog entry,
 * ticket, document id + span) into the chunk ids of the current chunking, with grades. Ground truth names
 * sources, so re-chunking never invalidates a golden file; it only changes which chunk ids a locator hits.
 *
 * Every locator that points at nothing is reported, all together, with a fix hint; none is dropped.
 */
import type { Chunk, HeadingSection, SourceDocument } from '../corpus/types.js';
import { UnresolvedLocatorsError } from './errors.js';
import type { Problem } from './problems.js';
import type { GoldenCase, Locator } from './schema.js';
export { UnresolvedLocatorsError };
/** One expected chunk of a case: its id, its grade (0-3, the highest over the locators hitting it) and that locator. */
export interface ExpectedChunk {
    chunkId: string;
    grade: number;
    locator: Locator;
}
/** The `[start, end)` text span a locator names in a document, with the source's grade. */
export interface ExpectedSpan {
    docId: string;
    start: number;
    end: number;
    grade: number;
}
/** Resolution of every case: expected chunks and spans by case id, and every locator that did not resolve. */
export interface LocatorResolution {
    expected: Map<string, ExpectedChunk[]>;
    spans: Map<string, ExpectedSpan[]>;
    problems: Problem[];
}
/** Where a case came from, for messages. */
export interface CaseOrigin {
    file: string;
    line: number;
}
/** Sections whose heading path ends with `heading` (one heading text, or a ` > ` path), case-insensitively. */
export declare function findSections(sections: readonly HeadingSection[], heading: string): HeadingSection[];
/**
 * Resolves every expected source of every case against the corpus and its chunks. A locator is looked up in
 * its source's `tenant`, else the case's tenant. It maps to the chunks of that document sharing a
 * non-whitespace character with the located text (whole doc, heading section with its subsections, entry,
 * ticket, document or span). A chunk hit by several locators keeps its highest grade. Cases that expect
 * nothing get an empty list. `files` (case id -> file and line) only locates problems in messages.
 */
export declare function resolveLocators(cases: readonly GoldenCase[], documents: readonly SourceDocument[], chunks: readonly Chunk[], files?: ReadonlyMap<string, CaseOrigin>): LocatorResolution;
/** Throws {@link UnresolvedLocatorsError} listing every problem of `resolution`, when there is any. */
export declare function assertLocatorsResolved(resolution: Pick<LocatorResolution, 'problems'>): void;
