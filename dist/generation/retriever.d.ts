/**
 * Adapting the search core to the pipeline's {@link Retriever}: the index ranks chunk ids, the pipeline
 * needs the chunks themselves (text, title, headings, date, version) to gate, prompt and cite.
 */
import type { Chunk } from '../corpus/types.js';
import type { SearchArm, SearchIndex } from '../search/index.js';
import type { Retriever } from './pipeline.js';
/**
 * A retriever over a built search index: `searchAsync` for the case's tenant (so vector and hybrid arms can
 * embed the query), hits mapped back to `chunks` by id. A hit whose chunk is unknown is a configuration
 * error (the index was built from other chunks), reported with the id.
 */
export declare function createIndexRetriever(index: Pick<SearchIndex, 'searchAsync'>, chunks: Iterable<Chunk>, options?: {
    arm?: SearchArm;
}): Retriever;
