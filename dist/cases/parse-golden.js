/**
 * Golden file parsing (pure): JSONL text in, validated cases plus EVERY problem out. Blank lines and lines
 * starting with `//` are skipped, so a golden file can carry comments.
 */
import { normalizeText } from "../corpus/normalize.js";
import { sha256 } from "../util/hash.js";
import { GoldenCaseSchema } from "./schema.js";
import { problemsFromZod } from "./zod-problems.js";
/**
 * Parses a golden JSONL text. `file` is the name used in problem messages (e.g. `golden/support.golden.jsonl`).
 * Reports invalid JSON (with the parser's message), every schema issue of every line, cross-field rule
 * failures, and duplicate `case_id`s (naming both lines).
 */
export function parseGoldenText(text, file) {
    const cases = [];
    const problems = [];
    const firstLineOf = new Map();
    const lines = normalizeText(text).split('\n');
    lines.forEach((raw, index) => {
        const line = index + 1;
        const trimmed = raw.trim();
        if (trimmed === '' || trimmed.startsWith('//'))
            return;
        let json;
        try {
            json = JSON.parse(trimmed);
        }
        catch (error) {
            problems.push({
                code: 'invalid_json',
                file,
                line,
                path: '',
                message: `not valid JSON: ${error.message}`,
                fix: 'one JSON object per line; check quotes, commas and brackets',
            });
            return;
        }
        if (json === null || typeof json !== 'object' || Array.isArray(json)) {
            problems.push({
                code: 'invalid_type',
                file,
                line,
                path: '',
                value: json,
                message: `a line must hold one JSON object, got ${Array.isArray(json) ? 'an array' : JSON.stringify(json)}`,
                fix: 'write each case as {"case_id": ..., "case_type": ..., ...} on its own line',
            });
            return;
        }
        // The case id is checked for duplicates even when the rest of the line is invalid, so a user sees both.
        const id = json.case_id;
        if (typeof id === 'string') {
            const first = firstLineOf.get(id);
            if (first !== undefined) {
                problems.push({
                    code: 'duplicate_case_id',
                    file,
                    line,
                    path: 'case_id',
                    value: id,
                    message: `"${id}" is already used on line ${first}`,
                    fix: `give one of lines ${first} and ${line} a new case_id (case ids are stable: rename the newer one)`,
                });
            }
            else
                firstLineOf.set(id, line);
        }
        const parsed = GoldenCaseSchema.safeParse(json);
        if (parsed.success)
            cases.push({ case: parsed.data, line });
        else
            problems.push(...problemsFromZod(parsed.error.issues, json, GoldenCaseSchema, file, line));
    });
    return { cases, problems, hash: sha256(text) };
}
/**
 * One hash for a set of golden files: sha256 over the sorted `file:hash` lines, so the same files with the
 * same contents give the same hash in any order.
 */
export function goldenSetHash(files) {
    const lines = files.map((f) => `${f.file}:${f.hash}`).sort();
    return sha256(lines.join('\n'));
}
//# sourceMappingURL=parse-golden.js.map