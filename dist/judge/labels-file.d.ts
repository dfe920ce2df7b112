/**
 * The human labels file for judge calibration: JSON Lines, one labelled answer per line.
 *
 * ```json
 * {"id": "halu-001-right", "query": "...", "context": [{"text": "...", "date": "2024-01-02"}],
 *  "answer": "...", "reference_answer": "...",
 *  "labels": {"faithfulness": 1, "citation_accuracy": 0.5, "answer_relevance": 1, "crag": "perfect"},
 *  "origin": "where the row came from"}
 * ```
 * `context[i]` is shown to the judge under marker `[i + 1]`. Every label is optional; a criterion is
 * calibrated over the rows that label it. Blank lines and lines starting with `//` are skipped.
 */
import { z } from 'zod';
import type { JudgeDataProblem } from './errors.js';
import type { JudgeInput } from './types.js';
import type { CaseType } from '../cases/schema.js';
/** One labelled row. */
export declare const LabelRowSchema: z.ZodObject<{
    id: z.ZodPipe<z.ZodUnion<readonly [z.ZodString, z.ZodNumber]>, z.ZodTransform<string, string | number>>;
    query: z.ZodString;
    context: z.ZodArray<z.ZodObject<{
        text: z.ZodString;
        date: z.ZodOptional<z.ZodString>;
        version: z.ZodOptional<z.ZodString>;
    }, z.core.$strict>>;
    answer: z.ZodString;
    reference_answer: z.ZodOptional<z.ZodString>;
    must_contain: z.ZodOptional<z.ZodArray<z.ZodString>>;
    abstained: z.ZodOptional<z.ZodBoolean>;
    labels: z.ZodObject<{
        faithfulness: z.ZodOptional<z.ZodUnion<readonly [z.ZodLiteral<0>, z.ZodLiteral<0.5>, z.ZodLiteral<1>]>>;
        citation_accuracy: z.ZodOptional<z.ZodUnion<readonly [z.ZodLiteral<0>, z.ZodLiteral<0.5>, z.ZodLiteral<1>]>>;
        answer_relevance: z.ZodOptional<z.ZodUnion<readonly [z.ZodLiteral<0>, z.ZodLiteral<0.5>, z.ZodLiteral<1>]>>;
        crag: z.ZodOptional<z.ZodEnum<{
            missing: "missing";
            perfect: "perfect";
            acceptable: "acceptable";
            incorrect: "incorrect";
        }>>;
    }, z.core.$strict>;
    origin: z.ZodOptional<z.ZodString>;
}, z.core.$strict>;
/** One labelled row. */
export type LabelRow = z.infer<typeof LabelRowSchema>;
/**
 * Parses a labels file's text. Returns every valid row and every problem (bad JSON, schema, duplicate id),
 * each with its line, so a user fixes them all at once.
 */
export declare function parseLabelsFile(text: string, file: string): {
    rows: LabelRow[];
    problems: JudgeDataProblem[];
};
/** The judge input for a labelled row: context entries become sources `[1]..[n]`. */
export declare function labelRowToJudgeInput(row: LabelRow, caseType?: CaseType): JudgeInput;
/** Renders problems one per line: `file:line path: message [code]`. */
export declare function formatProblems(problems: readonly JudgeDataProblem[]): string;
