import type { Plugin } from 'vite';
import type { RagEvalOptions } from '../config/schema.ts';
/** The Vite plugins of a vitest-rag `evals` project. */
export declare function ragEval(options?: RagEvalOptions): Plugin[];
//# sourceMappingURL=plugin.d.ts.map