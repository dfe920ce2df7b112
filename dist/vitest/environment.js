import { createRagRuntime } from "../runtime/create-runtime.js";
/** The global the golden runtime reads. */
export const RUNTIME_GLOBAL = '__VITEST_RAG__';
const environment = {
    name: 'rag',
    // Required: it defaults to `name`, and Vite has no environment called "rag".
    viteEnvironment: 'ssr',
    async setup(global, options) {
        const config = options.rag;
        if (!config) {
            throw new Error('vitest-rag: the rag environment needs environmentOptions.rag; add ragEval() to the project\'s plugins instead of setting environment: "rag" by hand');
        }
        let runtime;
        const handle = { config, getRuntime: () => (runtime ??= createRagRuntime(config)) };
        global[RUNTIME_GLOBAL] = handle;
        return {
            async teardown(g) {
                delete g[RUNTIME_GLOBAL];
                if (runtime)
                    await (await runtime.catch(() => undefined))?.close();
            },
        };
    },
};
export default environment;
//# sourceMappingURL=environment.js.map