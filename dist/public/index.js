/**
 * `vitest-rag`: the public surface. Named exports only.
 */
export { ragEval } from "../vitest/plugin.js";
export { functionAdapter } from "../adapter/function-adapter.js";
export { httpAdapter } from "../adapter/http-adapter.js";
export { GoldenCaseSchema } from "../cases/schema.js";
//# sourceMappingURL=index.js.map