/**
 * Validates what an adapter returns, once, at the boundary: a user's chatbot may return anything, and a
 * malformed output must fail its case with a message naming the field, not crash a metric later.
 */
import { z } from 'zod';
/** The zod form of {@link SystemOutput}. Unknown fields are allowed (and ignored). */
export const SystemOutputSchema = z.object({
    retrieved: z.array(z.object({
        chunkId: z.string().min(1),
        tenantId: z.string().min(1),
        score: z.number().finite(),
        docId: z.string().optional(),
    })),
    answer: z.string().optional(),
    sources: z
        .array(z.object({
        marker: z.number().int().positive(),
        chunkId: z.string().min(1),
        tenantId: z.string().min(1),
        text: z.string().optional(),
        date: z.string().optional(),
        version: z.string().optional(),
    }))
        .optional(),
    abstained: z.boolean().optional(),
    confidence: z.number().min(0).max(1).optional(),
    rewrittenQuery: z.string().optional(),
    usage: z
        .object({
        calls: z.number(),
        cachedCalls: z.number(),
        retries: z.number(),
        inputTokens: z.number(),
        outputTokens: z.number(),
        costUsd: z.number(),
        savedUsd: z.number(),
    })
        .optional(),
});
/** An adapter returned something that is not a {@link SystemOutput}. */
export class InvalidSystemOutputError extends Error {
    code = 'VITEST_RAG_INVALID_OUTPUT';
}
/** Returns `value` as a {@link SystemOutput}, or throws naming every bad field and the adapter. */
export function validateSystemOutput(value, adapterName) {
    const parsed = SystemOutputSchema.safeParse(value);
    if (parsed.success)
        return parsed.data;
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(output)'}: ${i.message}`);
    throw new InvalidSystemOutputError(`vitest-rag: adapter "${adapterName}" returned an invalid output:\n${lines.join('\n')}\n` +
        '(expected { retrieved: [{ chunkId, tenantId, score }], answer?, sources?: [{ marker, chunkId, tenantId }], abstained?, confidence? })');
}
//# sourceMappingURL=validate-output.js.map