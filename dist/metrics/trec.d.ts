/**
 * TREC run and qrels files as pure string functions, so runs can be scored by our metrics and by
 * trec_eval alike. Problems in the text come back as a list (one per bad line), never thrown.
 *
 * - run: `qid Q0 docid rank score tag`, whitespace separated;
 * - qrels: `qid 0 docid grade` (TREC), or the BEIR qrels TSV `query-id<TAB>corpus-id<TAB>score` with an
 *   optional header line.
 * Blank lines and lines starting with `#` are skipped.
 */
import type { Problem } from '../cases/problems.js';
/** One line of a TREC run. */
export interface TrecRunRow {
    qid: string;
    docid: string;
    rank: number;
    score: number;
    /** Run name; `formatTrecRun` writes its own. */
    tag?: string;
}
/** Query id -> doc id -> grade (higher = more relevant; grade > 0 is relevant). */
export type Qrels = Map<string, Map<string, number>>;
/** The rows of a run file, in file order, and any problems. */
export interface ParsedRun {
    rows: TrecRunRow[];
    problems: Problem[];
}
/** The judgments of a qrels file and any problems. */
export interface ParsedQrels {
    qrels: Qrels;
    /** `trec` (4 columns) or `beir` (3 columns, optional header). */
    format: 'trec' | 'beir';
    problems: Problem[];
}
/**
 * Parses a TREC run. Each line must have 6 fields with a numeric rank and score; bad lines become
 * problems (`trec_run_columns`, `trec_run_number`) and are skipped. `file` labels the problems.
 */
export declare function parseTrecRun(text: string, file?: string): ParsedRun;
/**
 * Rankings per query from run rows, best first: score descending, then rank ascending, then file order.
 * trec_eval ignores the rank column and breaks score ties by docid DESCENDING, so on tied scores the two can
 * disagree; runs we write never tie (see {@link trecRunRowsFromRanking}).
 */
export declare function rankingsFromRun(rows: readonly TrecRunRow[]): Map<string, string[]>;
/**
 * Run rows for one query's ranking: rank i + 1 and score n - i (strictly decreasing, so trec_eval's
 * re-sort by score keeps our order; small integers also stay distinct when trec_eval reads scores as
 * 32-bit floats, which raw similarity scores may not). Later repeats of an id are dropped, because trec_eval refuses duplicate
 * docids; our own metrics instead keep a repeat's slot (so the two differ on lists with repeats).
 */
export declare function trecRunRowsFromRanking(qid: string, ranked: readonly string[]): TrecRunRow[];
/** Formats run rows as `qid Q0 docid rank score tag` lines (each ending in a newline). */
export declare function formatTrecRun(rows: readonly TrecRunRow[], tag: string): string;
/**
 * Parses qrels: TREC `qid 0 docid grade` or BEIR TSV `query-id corpus-id score` (a first line whose score
 * column is not a number is taken as the BEIR header). The format is decided by the first content line.
 * Problems: `qrels_columns`, `qrels_grade` (not an integer or negative), `qrels_duplicate` (the same
 * query-doc pair judged twice; the first judgment is kept).
 */
export declare function parseTrecQrels(text: string, file?: string): ParsedQrels;
/** Formats qrels as TREC `qid 0 docid grade` lines, queries and documents in map order. */
export declare function formatTrecQrels(qrels: Qrels): string;
