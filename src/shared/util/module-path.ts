/**
 * Paths of the harness's own modules that are loaded by path rather than imported (the Vitest environment,
 * global setup and golden runtime, the tinypool worker). Installed from npm, the harness runs as compiled
 * `.js` in dist/; in this repository's own tests it runs from the `.ts` sources. A sibling module has the
 * extension of the module that asks for it, so both work without a build step in between.
 */
import { fileURLToPath } from 'node:url'

/** True when `moduleUrl` (an `import.meta.url`) is a TypeScript source rather than compiled JavaScript. */
export function isSourceModule(moduleUrl: string): boolean {
  return moduleUrl.endsWith('.ts')
}

/**
 * The absolute path of module `relative` (written without extension, e.g. `./environment`) next to
 * `moduleUrl`, with `moduleUrl`'s own extension: `.../dist/vitest/worker/environment.js` when built,
 * `.../src/vitest/worker/environment.ts` from source.
 */
export function siblingModulePath(moduleUrl: string, relative: string): string {
  return fileURLToPath(new URL(`${relative}${isSourceModule(moduleUrl) ? '.ts' : '.js'}`, moduleUrl))
}

/**
 * A pattern matching every module under folder `relative` of `moduleUrl` (the package's compiled root, e.g.
 * `../..` from dist/vitest/main/), for Vitest's `server.deps.external`; undefined from source, where the `.ts`
 * modules need Vite's transform. Module ids use `/` on every platform, so the path does too.
 */
export function compiledModulesPattern(moduleUrl: string, relative: string): RegExp | undefined {
  if (isSourceModule(moduleUrl)) return undefined
  const root = fileURLToPath(new URL(`${relative}/`, moduleUrl)).replaceAll('\\', '/')
  return new RegExp(root.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
}
