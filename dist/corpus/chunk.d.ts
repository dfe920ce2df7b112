import type { Chunk, ChunkerConfig, FixedChunkerConfig, SourceDocument, StructuralChunkerConfig } from './types.js';
/** Default fixed chunker: 800-character windows sharing 100 characters. */
export declare const defaultFixedChunkerConfig: FixedChunkerConfig;
/** Default structural chunker: sections up to 1500 characters, longer ones split in windows sharing 100. */
export declare const defaultStructuralChunkerConfig: StructuralChunkerConfig;
/** The default chunker: structural, since golden locators name sections, entries and tickets. */
export declare const defaultChunkerConfig: ChunkerConfig;
/**
 * Stable chunk id: `<docId>#<16 hex>`, the hex being the first 16 of sha256 over the canonical JSON of
 * `[docId, config, start, end]`. The same document, config and offsets give the same id in every run;
 * any change of chunker config gives new ids.
 */
export declare function chunkId(docId: string, config: ChunkerConfig, start: number, end: number): string;
/** Chunks every document, in document order then offset order. `text === doc.text.slice(start, end)` for each. */
export declare function chunkDocuments(docs: readonly SourceDocument[], config?: ChunkerConfig): Chunk[];
/**
 * Parses a one-line chunker spec: `fixed` (800/100), `fixed:<size>/<overlap>` (e.g. `fixed:800/100`;
 * `fixed:400` keeps overlap min(100, size/4)), `structural` (1500/100) or `structural:<maxSize>/<overlap>`.
 * Throws {@link ChunkerSpecError} on anything else.
 */
export declare function parseChunkerSpec(spec: string): ChunkerConfig;
/** The spec string of a config, the inverse of {@link parseChunkerSpec}: `fixed:800/100`, `structural:1500/100`. */
export declare function formatChunkerSpec(config: ChunkerConfig): string;
