/**
 * The judging rubric: named criteria with anchored 0 / 0.5 / 1 scores, the CRAG grade, and the verdict
 * schema a model judge must return. Both judges (heuristic and model) score against these anchors.
 */
import { z } from 'zod';
/** The score scale: 0 (fails), 0.5 (partly), 1 (fully). */
export declare const RUBRIC_SCORES: readonly [0, 0.5, 1];
/** One rubric score. */
export type RubricScore = (typeof RUBRIC_SCORES)[number];
/** Criterion names as they appear in verdicts, labels files and calibration records. */
export type CriterionName = 'faithfulness' | 'citation_accuracy' | 'answer_relevance';
/** A criterion: what it measures and what each score means. */
export interface Criterion {
    name: CriterionName;
    /** The question the judge answers. */
    question: string;
    anchors: Record<'0' | '0.5' | '1', string>;
    /** Special rules that override the anchors. */
    rules: string[];
}
/**
 * FAITHFULNESS: every claim is traceable to the CONTEXT, judged against the context only, never against
 * the judge's own knowledge (a true fact absent from the context is unfaithful).
 */
export declare const FAITHFULNESS: Criterion;
/** CITATION_ACCURACY: each `[n]` supports the claim it is attached to; a claim with no marker counts against. */
export declare const CITATION_ACCURACY: Criterion;
/** ANSWER_RELEVANCE: the answer addresses the question; an abstention is relevant only when it is right. */
export declare const ANSWER_RELEVANCE: Criterion;
/** The three scored criteria, in prompt order. */
export declare const CRITERIA: readonly Criterion[];
/** CRAG grades (Yang et al., 2024): perfect (+1), acceptable (+0.5), missing (0), incorrect (-1). */
export declare const CragGradeSchema: z.ZodEnum<{
    missing: "missing";
    perfect: "perfect";
    acceptable: "acceptable";
    incorrect: "incorrect";
}>;
/** One CRAG grade. */
export type CragGrade = z.infer<typeof CragGradeSchema>;
/** What each CRAG grade means, for the prompt. */
export declare const CRAG_ANCHORS: Record<CragGrade, string>;
/** CRAG truthfulness score of a grade: perfect 1, acceptable 0.5, missing 0, incorrect -1. */
export declare const CRAG_SCORE: Record<CragGrade, number>;
/** A rubric score as a model writes it: 0, 0.5 or 1 (numbers or numeric strings). */
export declare const RubricScoreSchema: z.ZodUnion<readonly [z.ZodLiteral<0>, z.ZodLiteral<0.5>, z.ZodLiteral<1>]>;
/**
 * The verdict a model judge returns, as JSON. A short reason per criterion; `claims` is optional (a model
 * may list the claims it checked, with the markers that support each).
 */
export declare const VerdictSchema: z.ZodObject<{
    faithfulness: z.ZodObject<{
        score: z.ZodPipe<z.ZodCoercedNumber<unknown>, z.ZodUnion<readonly [z.ZodLiteral<0>, z.ZodLiteral<0.5>, z.ZodLiteral<1>]>>;
        reason: z.ZodString;
    }, z.core.$strip>;
    citation_accuracy: z.ZodObject<{
        score: z.ZodPipe<z.ZodCoercedNumber<unknown>, z.ZodUnion<readonly [z.ZodLiteral<0>, z.ZodLiteral<0.5>, z.ZodLiteral<1>]>>;
        reason: z.ZodString;
    }, z.core.$strip>;
    answer_relevance: z.ZodObject<{
        score: z.ZodPipe<z.ZodCoercedNumber<unknown>, z.ZodUnion<readonly [z.ZodLiteral<0>, z.ZodLiteral<0.5>, z.ZodLiteral<1>]>>;
        reason: z.ZodString;
    }, z.core.$strip>;
    crag: z.ZodObject<{
        grade: z.ZodEnum<{
            missing: "missing";
            perfect: "perfect";
            acceptable: "acceptable";
            incorrect: "incorrect";
        }>;
        reason: z.ZodString;
    }, z.core.$strip>;
    claims: z.ZodDefault<z.ZodArray<z.ZodObject<{
        text: z.ZodString;
        markers: z.ZodDefault<z.ZodArray<z.ZodNumber>>;
        supporting_markers: z.ZodDefault<z.ZodArray<z.ZodNumber>>;
        supported: z.ZodBoolean;
    }, z.core.$strip>>>;
}, z.core.$strip>;
/** A parsed model verdict. */
export type Verdict = z.infer<typeof VerdictSchema>;
/** The rubric as prompt text: one block per criterion with its anchors and rules, then the CRAG grades. */
export declare function renderRubric(criteria?: readonly Criterion[]): string;
