import { type SearchHit } from '../../search/types.js';
import { type CliCommand } from '../command.js';
/** Collapses a chunk ranking to documents (best chunk's score), keeping the first `k` documents. */
export declare function rankDocuments(hits: readonly SearchHit[], docOf: (chunkId: string) => string, k: number): Array<{
    docid: string;
    score: number;
}>;
/** The `search` command. */
export declare const searchCommand: CliCommand;
