/**
 * What a generated golden test module calls: `registerGoldenFile(data).run(i, ctx)` evaluates case i through
 * the system under test, records its metrics in `task.meta.rag`, and turns each applicable hard check into a
 * soft `expect` (every failing check of a case is reported, not only the first).
 */
import type { TestContext } from 'vitest';
import type { GoldenModuleData } from '../runtime/golden-module.js';
import './matchers.js';
import './task-meta.js';
/** A registered golden file: run case i of it inside a test. */
export interface RegisteredGoldenFile {
    run(index: number, ctx: TestContext): Promise<void>;
}
/** Called once by each generated golden test module. */
export declare function registerGoldenFile(data: GoldenModuleData): RegisteredGoldenFile;
