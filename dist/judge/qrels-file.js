/**
 * The qrels file: JSON Lines of {@link QrelsRow}, APPEND-ONLY. Reading reports every bad line as a problem;
 * appending writes the old bytes unchanged plus the new rows, atomically, so no judgment is ever rewritten.
 * Appenders of one file must run one at a time (the pool runs in the main process, after the workers).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { writeFileAtomic } from "../util/atomic-write.js";
import { QrelsAppendError } from "./errors.js";
import { QrelsRowSchema } from "./qrels.js";
/** Parses qrels text: valid rows in file order, and every problem with its line. */
export function parseQrels(text, file) {
    const rows = [];
    const problems = [];
    text.split(/\r?\n/).forEach((raw, index) => {
        if (raw.trim() === '')
            return;
        const line = index + 1;
        let json;
        try {
            json = JSON.parse(raw);
        }
        catch (error) {
            problems.push({ code: 'qrels_bad_json', file, line, path: '', message: `not valid JSON: ${error.message}` });
            return;
        }
        const parsed = QrelsRowSchema.safeParse(json);
        if (parsed.success)
            rows.push(parsed.data);
        else
            for (const issue of parsed.error.issues)
                problems.push({ code: 'qrels_schema', file, line, path: issue.path.join('.'), message: issue.message });
    });
    return { rows, problems };
}
/** Reads a qrels file; an absent file has no rows. */
export async function readQrelsFile(path) {
    if (!existsSync(path))
        return { rows: [], problems: [] };
    return parseQrels(await readFile(path, 'utf8'), path);
}
/** Appends rows (validated) to the qrels file, creating it when absent. Existing lines are never touched. */
export async function appendQrelsRows(path, rows) {
    if (rows.length === 0)
        return;
    const lines = rows.map((r) => JSON.stringify(QrelsRowSchema.parse(r)));
    const before = existsSync(path) ? await readFile(path, 'utf8') : '';
    const prefix = before === '' || before.endsWith('\n') ? before : `${before}\n`;
    const { problems } = parseQrels(before, path);
    if (problems.length > 0)
        throw new QrelsAppendError(path, `has ${problems.length} bad line(s), first at line ${problems[0]?.line}: ${problems[0]?.message}; fix the file before appending`);
    await writeFileAtomic(path, `${prefix}${lines.join('\n')}\n`);
}
//# sourceMappingURL=qrels-file.js.map