import type { GoldenCase } from '../cases/schema.js';
/** The matchers `vitest-rag/matchers` adds to `expect(...)`. */
export interface RagMatchers<R = unknown> {
    /** The output is an abstention, as an out_of_scope or cross_tenant case requires. */
    toAbstain(goldenCase: GoldenCase): R;
    /** No retrieved chunk or shown source from another tenant, and no forbidden text in the answer. */
    toNotLeakAcrossTenants(goldenCase: GoldenCase): R;
    /** Every `[n]` marker in the answer points at a source actually shown to the generator. */
    toHaveNoFabricatedCitations(): R;
    /** Every `must_contain` literal of the case appears in the answer. */
    toContainAll(goldenCase: GoldenCase): R;
}
declare module 'vitest' {
    interface Assertion<T = any> extends RagMatchers<T> {
    }
    interface AsymmetricMatchersContaining extends RagMatchers {
    }
}
