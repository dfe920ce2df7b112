/** Which TypeScript loader hooks this process runs under: it decides how the CLI loads a Vitest config. */
import { createRequire } from 'node:module'

/**
 * Whether a CommonJS hook for TypeScript is registered in this process (`node --import tsx`, whose loader hooks
 * `require` as well as `import`). Vite loads the config of a CommonJS package (a `.ts` or `.js` file without
 * `"type": "module"`) as a CommonJS bundle, whose `require('vitest/node')` such a hook then serves itself:
 * it turns Vitest's ES modules into CommonJS and resolves their imports with the `require` condition, which
 * fails on packages that export only `import` (estree-walker: ERR_PACKAGE_PATH_NOT_EXPORTED). Without the
 * hook Node loads them as ES modules and the bundle works (`tsx/esm` registers no such hook).
 */
export function hasCommonJsTypeScriptHook(): boolean {
  return '.ts' in createRequire(import.meta.url).extensions
}
