var __rewriteRelativeImportExtension = (this && this.__rewriteRelativeImportExtension) || function (path, preserveJsx) {
    if (typeof path === "string" && /^\.\.?\//.test(path)) {
        return path.replace(/\.(tsx)$|((?:\.d)?)((?:\.[^./]+?)?)\.([cm]?)ts$/i, function (m, tsx, d, ext, cm) {
            return tsx ? preserveJsx ? ".jsx" : ".js" : d && (!ext || !cm) ? m : (d + ext + "." + cm.toLowerCase() + "js");
        });
    }
    return path;
};
/**
 * Wraps a user's TypeScript function (or module) as a {@link RagAdapter}, so the harness evaluates their
 * own chatbot in-process. A module's default export may be a `RagAdapter`, a function `(input) => output`,
 * or a factory `(options) => RagAdapter | Promise<RagAdapter>` marked with `createAdapter`.
 */
import { pathToFileURL } from 'node:url';
/** Makes a {@link RagAdapter} from a function. */
export function functionAdapter(fn, name = fn.name || 'function') {
    return { name, run: async (input) => fn(input) };
}
/** Loads the adapter a module exports (`export default`, or `export const createAdapter`). */
export async function loadModuleAdapter(path, options) {
    const mod = (await import(__rewriteRelativeImportExtension(pathToFileURL(path).href)));
    if (typeof mod.createAdapter === 'function')
        return (await mod.createAdapter(options));
    const exported = mod.default;
    if (exported && typeof exported === 'object' && typeof exported.run === 'function')
        return exported;
    if (typeof exported === 'function')
        return functionAdapter(exported, path.split('/').pop());
    throw new Error(`vitest-rag: adapter module ${path} must export default a RagAdapter ({ name, run(input) }) or a function (input) => output, or export createAdapter(options)`);
}
//# sourceMappingURL=function-adapter.js.map