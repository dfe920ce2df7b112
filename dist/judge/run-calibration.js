/**
 * Runs a judge over a labels file and builds the calibration record (the orchestration behind
 * `vitest-rag calibrate`, kept apart from argument parsing so tests call it directly).
 */
import { readFile } from 'node:fs/promises';
import { sha256 } from "../util/hash.js";
import { measureCalibration } from "./calibration.js";
import { CALIBRATION_RECORD_VERSION } from "./calibration-record.js";
import { labelRowToJudgeInput, parseLabelsFile } from "./labels-file.js";
/**
 * Judges every row of the labels file at `path` (read as given) and measures agreement per criterion.
 * `labelsFile` is how the file is named in the record (e.g. relative to the project root).
 */
export async function runCalibration(path, judge, labelsFile = path, now = new Date()) {
    const bytes = await readFile(path);
    const { rows, problems } = parseLabelsFile(bytes.toString('utf8'), labelsFile);
    if (problems.length > 0)
        return { ok: false, problems };
    const judged = [];
    for (const row of rows) {
        judged.push({ human: row.labels, verdict: await judge.judge(labelRowToJudgeInput(row)) });
    }
    const record = {
        version: CALIBRATION_RECORD_VERSION,
        judge: { kind: judge.kind, ...(judge.model === undefined ? {} : { model: judge.model }), promptVersion: judge.promptVersion },
        labelsFile,
        labelsHash: sha256(bytes),
        rows: rows.length,
        date: now.toISOString(),
        criteria: measureCalibration(judged),
    };
    return { ok: true, record, judged };
}
//# sourceMappingURL=run-calibration.js.map