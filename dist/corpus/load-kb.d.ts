import type { Corpus } from './types.js';
/**
 * Loads every tenant under `<root>/tenants/`, sorted by document id. Throws {@link CorpusError} listing every
 * problem (missing `tenants/` folder, malformed or duplicate changelog entries and tickets) when there are any.
 */
export declare function loadKnowledgeBase(root: string): Promise<Corpus>;
