import type { Plugin } from 'vite';
import type { RagEvalOptions } from '../config/schema.js';
/** The Vite plugins of a vitest-rag `evals` project. */
export declare function ragEval(options?: RagEvalOptions): Plugin[];
