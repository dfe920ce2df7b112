/**
 * Validates what an adapter returns, once, at the boundary: a user's chatbot may return anything, and a
 * malformed output must fail its case with a message naming the field, not crash a metric later.
 */
import { z } from 'zod';
import type { SystemOutput } from './types.js';
/** The zod form of {@link SystemOutput}. Unknown fields are allowed (and ignored). */
export declare const SystemOutputSchema: z.ZodObject<{
    retrieved: z.ZodArray<z.ZodObject<{
        chunkId: z.ZodString;
        tenantId: z.ZodString;
        score: z.ZodNumber;
        docId: z.ZodOptional<z.ZodString>;
    }, z.core.$strip>>;
    answer: z.ZodOptional<z.ZodString>;
    sources: z.ZodOptional<z.ZodArray<z.ZodObject<{
        marker: z.ZodNumber;
        chunkId: z.ZodString;
        tenantId: z.ZodString;
        text: z.ZodOptional<z.ZodString>;
        date: z.ZodOptional<z.ZodString>;
        version: z.ZodOptional<z.ZodString>;
    }, z.core.$strip>>>;
    abstained: z.ZodOptional<z.ZodBoolean>;
    confidence: z.ZodOptional<z.ZodNumber>;
    rewrittenQuery: z.ZodOptional<z.ZodString>;
    usage: z.ZodOptional<z.ZodObject<{
        calls: z.ZodNumber;
        cachedCalls: z.ZodNumber;
        retries: z.ZodNumber;
        inputTokens: z.ZodNumber;
        outputTokens: z.ZodNumber;
        costUsd: z.ZodNumber;
        savedUsd: z.ZodNumber;
    }, z.core.$strip>>;
}, z.core.$strip>;
/** An adapter returned something that is not a {@link SystemOutput}. */
export declare class InvalidSystemOutputError extends Error {
    readonly code = "VITEST_RAG_INVALID_OUTPUT";
}
/** Returns `value` as a {@link SystemOutput}, or throws naming every bad field and the adapter. */
export declare function validateSystemOutput(value: unknown, adapterName: string): SystemOutput;
