/**
 * Pooled relevance judgments (qrels): the row format and the rule that picks the effective judgment.
 *
 * Golden locators judge only the expected sources; every other retrieved chunk is unjudged, and counting
 * unjudged as non-relevant punishes a retriever for finding good evidence nobody labelled. Pooling labels
 * the retrieved pool's unjudged chunks with a graded judge, in an APPEND-ONLY file: a later judgment (a
 * human correcting the LLM) is a new row, so the LLM's judgment and the correction that disputes it both
 * survive, and {@link effectiveQrels} decides which one counts.
 */
import { z } from 'zod';
import type { Chunk } from '../corpus/types.js';
/**
 * Where a judged passage lives: a document id with an optional `[start, end)` character span (what golden
 * locators resolve to), or a chunk id with the chunker spec that produced it (what a retriever returns).
 */
export declare const ChunkLocatorSchema: z.ZodUnion<readonly [z.ZodObject<{
    doc_id: z.ZodString;
    span: z.ZodOptional<z.ZodTuple<[z.ZodNumber, z.ZodNumber], null>>;
}, z.core.$strict>, z.ZodObject<{
    chunk_id: z.ZodString;
    chunker: z.ZodString;
}, z.core.$strict>]>;
/** See {@link ChunkLocatorSchema}. */
export type ChunkLocator = z.infer<typeof ChunkLocatorSchema>;
/**
 * Who made a judgment, in precedence order (highest first): `human` corrections, `provenance` (the golden
 * file's locators: free and deterministic), `llm` (a model grader), `heuristic` (the offline lexical grader,
 * an additive source beside the three the design names, so offline grades are never passed off as a model's).
 */
export declare const QrelsSourceSchema: z.ZodEnum<{
    heuristic: "heuristic";
    human: "human";
    provenance: "provenance";
    llm: "llm";
}>;
/** See {@link QrelsSourceSchema}. */
export type QrelsSource = z.infer<typeof QrelsSourceSchema>;
/** Precedence of each source: higher wins. */
export declare const QRELS_SOURCE_PRECEDENCE: Record<QrelsSource, number>;
/** One judgment: one line of the qrels file. Grades 0-3 as in TREC / UMBRELA (0 = not relevant). */
export declare const QrelsRowSchema: z.ZodObject<{
    case_id: z.ZodString;
    chunk_locator: z.ZodUnion<readonly [z.ZodObject<{
        doc_id: z.ZodString;
        span: z.ZodOptional<z.ZodTuple<[z.ZodNumber, z.ZodNumber], null>>;
    }, z.core.$strict>, z.ZodObject<{
        chunk_id: z.ZodString;
        chunker: z.ZodString;
    }, z.core.$strict>]>;
    grade: z.ZodNumber;
    source: z.ZodEnum<{
        heuristic: "heuristic";
        human: "human";
        provenance: "provenance";
        llm: "llm";
    }>;
    judge_model: z.ZodOptional<z.ZodString>;
    prompt_version: z.ZodOptional<z.ZodString>;
    reason: z.ZodOptional<z.ZodString>;
    at: z.ZodString;
}, z.core.$strict>;
/** See {@link QrelsRowSchema}. */
export type QrelsRow = z.infer<typeof QrelsRowSchema>;
/** A stable key for a locator: `doc:<id>@<start>-<end>` (or `doc:<id>` for a whole doc), `chunk:<chunker>:<id>`. */
export declare function locatorKey(locator: ChunkLocator): string;
/** The judgment that counts for one (case, locator). */
export interface EffectiveQrel {
    caseId: string;
    key: string;
    locator: ChunkLocator;
    grade: number;
    source: QrelsSource;
    /** The row it came from. */
    row: QrelsRow;
}
/** Which qrels a metric ran on: `golden` (provenance keys only) or `pooled` (every judged key). */
export type QrelsMode = 'golden' | 'pooled';
/** The effective qrels per case, labelled with the mode so every metric says which it ran on. */
export interface EffectiveQrels {
    mode: QrelsMode;
    /** Human-readable label for reports, e.g. `golden-only qrels (12 judgments)`. */
    label: string;
    byCase: Map<string, EffectiveQrel[]>;
}
/**
 * Picks, for each (case, locator), the row of the highest-precedence source (human > provenance > llm >
 * heuristic), and among rows of that source the latest by `at` (file order breaks ties: later wins).
 * With `pooled: false` only locators the golden file judged (a `provenance` row exists) are kept, with any
 * human correction of them applied; with `pooled: true` every judged locator is kept.
 * Example: rows [llm grade 0, human grade 2] for one chunk -> grade 2 (human); the llm row stays in the file.
 */
export declare function effectiveQrels(rows: readonly QrelsRow[], options: {
    pooled: boolean;
}): EffectiveQrels;
/** Provenance rows for a case's golden expected sources (already resolved to document ids and spans). */
export declare function provenanceRows(caseId: string, expected: ReadonlyArray<{
    locator: ChunkLocator;
    grade: number;
}>, at: string): QrelsRow[];
/** A human correction: a new row that outranks the LLM's and the golden file's judgments of the same locator. */
export declare function humanJudgment(caseId: string, locator: ChunkLocator, grade: number, at: string, reason?: string): QrelsRow;
/**
 * The graded chunk ids of one case's effective qrels under the current chunking, as the retrieval metrics take
 * them (`chunkId -> grade`). A document row grades every chunk of `chunker`'s output that overlaps its span (or
 * the whole document); a chunk row grades its chunk when it was made by the same `chunker`. When rows of
 * different sources reach one chunk, the higher-precedence source decides (a human chunk row beats a golden
 * span, a golden span beats an LLM chunk row), and the highest grade among that source's rows counts.
 * Example: golden span grade 3 over chunk A, LLM row grade 1 on chunk A -> A: 3; LLM row grade 2 on B -> B: 2.
 */
export declare function judgedChunkGrades(qrels: readonly EffectiveQrel[], chunks: readonly Chunk[], chunker: string): Map<string, number>;
