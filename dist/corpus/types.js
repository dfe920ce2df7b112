/**
 * Corpus data types shared by every stage: source documents, chunks and chunker configuration.
 * Pure types; no I/O.
 */
export {};
//# sourceMappingURL=types.js.map