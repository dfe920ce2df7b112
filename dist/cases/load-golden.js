/**
 * Golden file loading (the I/O side of {@link parseGoldenText}): reads a file, parses it, and throws one
 * {@link GoldenFileError} listing every problem when there are any.
 */
import { readFile } from 'node:fs/promises';
import { relative, sep } from 'node:path';
import { GoldenFileError } from "./errors.js";
import { parseGoldenText } from "./parse-golden.js";
/**
 * Reads and parses the golden file at `path`. Throws {@link GoldenFileError} (code `VITEST_RAG_GOLDEN_INVALID`)
 * carrying every problem when the file has any; `cwd` (default `process.cwd()`) only shortens names in messages.
 */
export async function loadGoldenFile(path, cwd = process.cwd()) {
    const text = await readFile(path, 'utf8');
    const rel = relative(cwd, path);
    const file = (rel.startsWith('..') || rel === '' ? path : rel).split(sep).join('/');
    const result = parseGoldenText(text, file);
    if (result.problems.length > 0)
        throw new GoldenFileError(result.problems);
    return { ...result, file };
}
//# sourceMappingURL=load-golden.js.map