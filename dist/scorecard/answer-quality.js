import { groupMetrics } from "./grouped-metrics.js";
/** Answer metrics that come from the judge (and so carry a judge kind, coverage and calibration). */
export const JUDGE_METRICS = ['faithfulness', 'citation_accuracy', 'answer_relevance', 'crag_truthfulness'];
/** Calibration record keys tried, in order, for each judge metric (the calibrate command names criteria). */
export const CALIBRATION_KEYS = {
    faithfulness: ['faithfulness'],
    citation_accuracy: ['citation_accuracy', 'citationAccuracy'],
    answer_relevance: ['answer_relevance', 'answerRelevance'],
    crag_truthfulness: ['crag_truthfulness', 'crag'],
};
/** Whether a record's judge verdict counts: present and parsed. */
export function isJudged(record) {
    return record.judge !== undefined && !record.judge.failed;
}
/** The judge kind of a set of records: the one kind all judged records share, `mixed`, or `none`. */
export function judgeKindOf(records) {
    const kinds = new Set(records.filter(isJudged).map((r) => r.judge?.kind));
    if (kinds.size === 0)
        return 'none';
    if (kinds.size > 1)
        return 'mixed';
    return kinds.has('model') ? 'model' : 'heuristic';
}
/**
 * Builds the answer section from the system-mode rows (retrieval-mode cases have no answer and are left
 * out). Coverage = judged / scorable: 16 judged of 20 system-mode cases -> 0.8.
 */
export function summarizeAnswers(rows, calibration) {
    const records = rows.map((row) => row.record);
    const judged = records.filter(isJudged).length;
    const scorable = records.length;
    const grouped = groupMetrics(rows);
    const figures = {};
    for (const metric of JUDGE_METRICS) {
        if (grouped.overall.mean[metric] === undefined)
            continue;
        const key = (CALIBRATION_KEYS[metric] ?? [metric]).find((k) => calibration?.[k] !== undefined);
        figures[metric] = (key !== undefined ? calibration?.[key] : undefined) ?? 'uncalibrated';
    }
    const judgeModel = records.find((r) => isJudged(r) && r.judge?.model !== undefined)?.judge?.model;
    return {
        ...grouped,
        judgeKind: judgeKindOf(records),
        ...(judgeModel !== undefined ? { judgeModel } : {}),
        judged,
        scorable,
        coverage: scorable === 0 ? 0 : judged / scorable,
        judgeFailed: records.filter((r) => r.judge?.failed === true).length,
        calibration: figures,
    };
}
//# sourceMappingURL=answer-quality.js.map