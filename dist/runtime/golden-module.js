import { encodeLineMappings } from "./sourcemap.js";
/**
 * Builds the test module. `runtimeImport` is the absolute path of `src/vitest/golden-runtime.ts`; `source`
 * is the golden file's text and `sourcePath` its absolute path (for the map).
 */
export function buildGoldenModule(data, runtimeImport, source, sourcePath) {
    const header = [
        `import { test } from 'vitest'`,
        `import { registerGoldenFile } from ${JSON.stringify(runtimeImport)}`,
        `const __golden = registerGoldenFile(${JSON.stringify(data)})`,
    ];
    // One generated line per case: the test() call site is what Vitest reads the location from.
    const body = data.cases.map((c, i) => `test.concurrent(${JSON.stringify(c.case.case_id)}, (ctx) => __golden.run(${i}, ctx))`);
    const firstCaseLine = (data.cases[0]?.line ?? 1) - 1;
    const lines = [...header.map(() => firstCaseLine), ...data.cases.map((c) => c.line - 1)];
    return {
        code: [...header, ...body].join('\n'),
        map: { version: 3, sources: [sourcePath], sourcesContent: [source], names: [], mappings: encodeLineMappings(lines) },
    };
}
//# sourceMappingURL=golden-module.js.map