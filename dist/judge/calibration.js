/** The criteria a labels file can hold, as named in labels files and calibration records. */
export const CALIBRATION_CRITERIA = ['faithfulness', 'citation_accuracy', 'answer_relevance', 'crag'];
/** Category orders: scores low to high, CRAG grades best to worst. */
export const CRITERION_LABELS = {
    faithfulness: ['0', '0.5', '1'],
    citation_accuracy: ['0', '0.5', '1'],
    answer_relevance: ['0', '0.5', '1'],
    crag: ['perfect', 'acceptable', 'missing', 'incorrect'],
};
/**
 * Agreement over label pairs. Labels outside `labels` are added at the end (so nothing is silently
 * dropped). Example: pairs (1,1) x4, (1,0) x1, (0,1) x2, (0,0) x3 -> accuracy 0.7, kappa 0.4 (see above).
 */
export function measureAgreement(pairs, labels, skipped = 0) {
    const order = [...labels];
    for (const p of pairs)
        for (const l of [p.human, p.judge])
            if (!order.includes(l))
                order.push(l);
    const confusion = order.map(() => order.map(() => 0));
    for (const p of pairs) {
        const row = confusion[order.indexOf(p.human)];
        if (row)
            row[order.indexOf(p.judge)] = (row[order.indexOf(p.judge)] ?? 0) + 1;
    }
    const n = pairs.length;
    if (n === 0)
        return { n, skipped, accuracy: null, kappa: null, labels: order, confusion };
    const agree = order.reduce((sum, _l, k) => sum + (confusion[k]?.[k] ?? 0), 0);
    const po = agree / n;
    let pe = 0;
    for (let k = 0; k < order.length; k++) {
        const humanK = (confusion[k] ?? []).reduce((a, b) => a + b, 0);
        const judgeK = confusion.reduce((a, row) => a + (row[k] ?? 0), 0);
        pe += (humanK / n) * (judgeK / n);
    }
    const kappa = pe >= 1 ? null : (po - pe) / (1 - pe);
    return { n, skipped, accuracy: po, kappa, labels: order, confusion };
}
/** The judge's label for one criterion from a verdict, or undefined when it gave none (or failed). */
export function judgeLabelOf(verdict, criterion) {
    if (verdict.failed)
        return undefined;
    const value = criterion === 'faithfulness'
        ? verdict.faithfulness
        : criterion === 'citation_accuracy'
            ? verdict.citationAccuracy
            : criterion === 'answer_relevance'
                ? verdict.answerRelevance
                : verdict.crag;
    return value === undefined ? undefined : String(value);
}
/** Agreement per criterion that at least one row labels. */
export function measureCalibration(rows) {
    const out = {};
    for (const criterion of CALIBRATION_CRITERIA) {
        const labelled = rows.filter((r) => r.human[criterion] !== undefined);
        if (labelled.length === 0)
            continue;
        const pairs = [];
        let skipped = 0;
        for (const row of labelled) {
            const judge = judgeLabelOf(row.verdict, criterion);
            if (judge === undefined)
                skipped += 1;
            else
                pairs.push({ human: String(row.human[criterion]), judge });
        }
        out[criterion] = measureAgreement(pairs, CRITERION_LABELS[criterion], skipped);
    }
    return out;
}
//# sourceMappingURL=calibration.js.map