/**
 * Baseline file I/O: load (refusing an incompatible version) and atomic write.
 */
import { writeFileAtomic } from "../util/atomic-write.js";
import { parseBaseline, serializeBaseline } from "./baseline.js";
import { BaselineFormatError } from "./errors.js";
import { readTextIfExists } from "../util/read-if-exists.js";
/**
 * Loads a baseline file; resolves to `undefined` when the file does not exist (the gate then passes with
 * the how-to message).
 * @throws BaselineVersionError on another version; BaselineFormatError when unreadable or malformed.
 */
export async function loadBaseline(path) {
    let text;
    try {
        text = await readTextIfExists(path);
    }
    catch (error) {
        throw new BaselineFormatError(path, `cannot read it (${String(error)})`);
    }
    return text === undefined ? undefined : parseBaseline(text, path);
}
/** Writes a baseline atomically (temp file + rename), creating its folder. */
export async function writeBaseline(path, baseline) {
    await writeFileAtomic(path, serializeBaseline(baseline));
}
//# sourceMappingURL=baseline-file.js.map