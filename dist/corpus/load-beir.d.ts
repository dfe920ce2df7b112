import type { Corpus } from './types.js';
/** One BEIR query. `metadata` is passed through as the dataset wrote it (`{}` when absent). */
export interface BeirQuery {
    id: string;
    text: string;
    metadata: Record<string, unknown>;
}
/** Options of {@link loadBeir}. */
export interface BeirLoadOptions {
    /** Tenant every document belongs to. Default `'default'`. */
    tenantId?: string;
    /** Read only `qrels/<split>.tsv`; default: every `.tsv` file in `qrels/`, merged. */
    split?: string;
}
/** A loaded BEIR dataset. `qrels` maps query id -> corpus `_id` (the document's `key`) -> graded score. */
export interface BeirDataset {
    corpus: Corpus;
    queries: BeirQuery[];
    qrels: Map<string, Map<string, number>>;
}
/** Default options of {@link loadBeir}. */
export declare const defaultBeirLoadOptions: {
    readonly tenantId: "default";
};
/**
 * Loads the BEIR dataset at `root`. Throws {@link CorpusError} listing every problem (bad JSON lines,
 * missing fields, duplicate ids, malformed qrels rows) when there are any.
 */
export declare function loadBeir(root: string, options?: BeirLoadOptions): Promise<BeirDataset>;
