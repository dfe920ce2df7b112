/**
 * Loading a team's own module by path (a module adapter, a `sourceMap` module). Inside a Vitest worker, the
 * generated golden test module installs Vite's importer here, so the user's file loads the way their test
 * files do: TypeScript, their aliases and Vite plugins. Elsewhere (the CLI) it is Node's own `import()`, which
 * loads JavaScript; a TypeScript file there gets an error that says how to load it.
 *
 * Why: the installed package is JavaScript in node_modules, which Vitest imports natively, and a native
 * `import()` of `bot.ts` fails with ERR_UNKNOWN_FILE_EXTENSION on Node 20.
 */
import { pathToFileURL } from 'node:url'
import type { CodeOf } from './error-code-types.ts'
import { VitestRagError } from './errors.ts'

/** Imports a module by absolute path and resolves to its namespace. */
export type ModuleImporter = (path: string) => Promise<unknown>

let installed: ModuleImporter | undefined

/** Installs the importer user modules load through (the golden runtime does, with Vite's); `undefined` removes it. */
export function useModuleImporter(importer: ModuleImporter | undefined): void {
  installed = importer
}

/** A user's module could not be loaded. */
export class UserModuleError extends VitestRagError<CodeOf<'UserModuleError'>> {
  constructor(message: string, options?: ErrorOptions) {
    super('VITEST_RAG_USER_MODULE', message, options)
  }
}

/** Imports the user's module at absolute `path` (`what` names it in errors: "adapter module", "sourceMap module"). */
export async function importUserModule(path: string, what: string): Promise<Record<string, unknown>> {
  try {
    return (await (installed ? installed(path) : import(pathToFileURL(path).href))) as Record<string, unknown>
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_UNKNOWN_FILE_EXTENSION') {
      throw new UserModuleError(
        `cannot load the ${what} ${path} outside Vitest: Node ${process.versions.node} does not load TypeScript; run the CLI with a loader (\`node --import tsx node_modules/.bin/vitest-rag ...\`) or point it at compiled JavaScript`,
        { cause: error },
      )
    }
    throw error
  }
}
