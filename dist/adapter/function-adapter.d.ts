import type { RagAdapter, SystemInput, SystemOutput } from './types.js';
/** A plain function system under test. */
export type SystemFunction = (input: SystemInput) => SystemOutput | Promise<SystemOutput>;
/** Makes a {@link RagAdapter} from a function. */
export declare function functionAdapter(fn: SystemFunction, name?: string): RagAdapter;
/** Loads the adapter a module exports (`export default`, or `export const createAdapter`). */
export declare function loadModuleAdapter(path: string, options?: unknown): Promise<RagAdapter>;
