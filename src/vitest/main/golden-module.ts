/**
 * Turns a parsed, resolved golden file into a Vitest test module of two lines, whatever the file's size: its
 * cases travel in a prepared-cases file beside the run's outputs (read once by the worker with `JSON.parse`),
 * and the golden runtime registers one test per case at the case's golden line. Pure string building.
 *
 * Why not the cases inline: a 6,000-case golden file made a 4.5 MB module (and, as one generated line per
 * case, a 230 KB one) that Vite parsed, source-mapped and shipped to the worker, and V8 compiled; that was
 * most of a large run's transform and import time.
 */
import { encodeLineMappings } from './sourcemap.ts'

/** Generated code and its source map. */
export interface GoldenModule {
  code: string
  map: { version: 3; sources: string[]; sourcesContent: string[]; names: string[]; mappings: string }
}

/**
 * Builds the test module: two lines that register the prepared cases (and the module's importer for the
 * user's own modules); the golden runtime adds one concurrent test per case, located at its golden line.
 * `runtimeImport` is the absolute path of the golden runtime, `casesPath` that of the prepared-cases file,
 * `sourcePath` the golden file's and `sourceText` its text. The map's source is the golden file; it maps the
 * module to the first case's line, the one line of code it has (each test carries its own case's line).
 *
 * The map carries the golden text only up to that line: without `sourcesContent`, Vite reads the whole golden
 * file into the map and inlines it, base64, into the module it ships to the worker (8.7 MB at 20,000 cases,
 * held three times in the worker and once in the main process, for a mapping that names one line).
 */
export function buildGoldenModule(
  firstCaseLine: number,
  runtimeImport: string,
  casesPath: string,
  sourcePath: string,
  sourceText: string,
): GoldenModule {
  const code = [
    `import { registerGoldenFile } from ${JSON.stringify(runtimeImport)}`,
    // The importer is this module's own dynamic import, which Vite runs: a team's TypeScript adapter (or
    // sourceMap module) loads like their test files do, not through Node's native import.
    `registerGoldenFile(${JSON.stringify(casesPath)}, (path) => import(/* @vite-ignore */ path))`,
  ].join('\n')
  const map = {
    version: 3 as const,
    sources: [sourcePath],
    sourcesContent: [linesUpTo(sourceText, firstCaseLine)],
    names: [],
    mappings: encodeLineMappings([firstCaseLine - 1, firstCaseLine - 1]),
  }
  return { code, map }
}

/**
 * The first `line` lines of `text` (1-based, line endings kept), as a string of their own: V8 makes a slice of
 * a long string a view that keeps the whole string alive, and Vite holds this map for the whole run (the
 * 5.6 MB text of a 20,000-case golden file stayed in the main process for one line).
 */
function linesUpTo(text: string, line: number): string {
  let end = -1
  for (let i = 0; i < line; i++) {
    end = text.indexOf('\n', end + 1)
    if (end < 0) return text
  }
  return Buffer.from(text.slice(0, end + 1), 'utf8').toString('utf8')
}
