function contentLines(text) {
    const out = [];
    text.split(/\r?\n/).forEach((raw, index) => {
        const trimmed = raw.trim();
        if (trimmed === '' || trimmed.startsWith('#'))
            return;
        out.push({ line: index + 1, fields: trimmed.split(/\s+/) });
    });
    return out;
}
/**
 * Parses a TREC run. Each line must have 6 fields with a numeric rank and score; bad lines become
 * problems (`trec_run_columns`, `trec_run_number`) and are skipped. `file` labels the problems.
 */
export function parseTrecRun(text, file = '<run>') {
    const rows = [];
    const problems = [];
    for (const { line, fields } of contentLines(text)) {
        if (fields.length !== 6) {
            problems.push({
                code: 'trec_run_columns',
                file,
                line,
                path: '',
                value: fields.join(' '),
                message: `expected 6 fields "qid Q0 docid rank score tag", found ${fields.length}`,
                fix: 'write one retrieved document per line as "qid Q0 docid rank score tag"',
            });
            continue;
        }
        const [qid, , docid, rankText, scoreText, tag] = fields;
        const rank = Number(rankText);
        const score = Number(scoreText);
        if (!Number.isFinite(rank) || !Number.isFinite(score)) {
            problems.push({
                code: 'trec_run_number',
                file,
                line,
                path: Number.isFinite(rank) ? 'score' : 'rank',
                value: Number.isFinite(rank) ? scoreText : rankText,
                message: `${Number.isFinite(rank) ? 'score' : 'rank'} "${Number.isFinite(rank) ? scoreText : rankText}" is not a number`,
                fix: 'columns 4 and 5 must be numbers (rank, score)',
            });
            continue;
        }
        rows.push({ qid, docid, rank, score, tag });
    }
    return { rows, problems };
}
/**
 * Rankings per query from run rows, best first: score descending, then rank ascending, then file order.
 * trec_eval ignores the rank column and breaks score ties by docid DESCENDING, so on tied scores the two can
 * disagree; runs we write never tie (see {@link trecRunRowsFromRanking}).
 */
export function rankingsFromRun(rows) {
    const byQuery = new Map();
    rows.forEach((row, order) => {
        const list = byQuery.get(row.qid) ?? [];
        list.push({ row, order });
        byQuery.set(row.qid, list);
    });
    const out = new Map();
    for (const [qid, list] of byQuery) {
        list.sort((x, y) => y.row.score - x.row.score || x.row.rank - y.row.rank || x.order - y.order);
        out.set(qid, list.map((entry) => entry.row.docid));
    }
    return out;
}
/**
 * Run rows for one query's ranking: rank i + 1 and score n - i (strictly decreasing, so trec_eval's
 * re-sort by score keeps our order; small integers also stay distinct when trec_eval reads scores as
 * 32-bit floats, which raw similarity scores may not). Later repeats of an id are dropped, because trec_eval refuses duplicate
 * docids; our own metrics instead keep a repeat's slot (so the two differ on lists with repeats).
 */
export function trecRunRowsFromRanking(qid, ranked) {
    const unique = [...new Set(ranked)];
    return unique.map((docid, i) => ({ qid, docid, rank: i + 1, score: unique.length - i }));
}
/** Formats run rows as `qid Q0 docid rank score tag` lines (each ending in a newline). */
export function formatTrecRun(rows, tag) {
    return rows.map((row) => `${row.qid} Q0 ${row.docid} ${row.rank} ${row.score} ${tag}\n`).join('');
}
/**
 * Parses qrels: TREC `qid 0 docid grade` or BEIR TSV `query-id corpus-id score` (a first line whose score
 * column is not a number is taken as the BEIR header). The format is decided by the first content line.
 * Problems: `qrels_columns`, `qrels_grade` (not an integer or negative), `qrels_duplicate` (the same
 * query-doc pair judged twice; the first judgment is kept).
 */
export function parseTrecQrels(text, file = '<qrels>') {
    const lines = contentLines(text);
    const format = lines[0]?.fields.length === 3 ? 'beir' : 'trec';
    const width = format === 'beir' ? 3 : 4;
    const qrels = new Map();
    const problems = [];
    lines.forEach(({ line, fields }, index) => {
        if (format === 'beir' && index === 0 && !Number.isFinite(Number(fields[2])))
            return; // header
        if (fields.length !== width) {
            problems.push({
                code: 'qrels_columns',
                file,
                line,
                path: '',
                value: fields.join(' '),
                message: `expected ${width} fields (${format === 'beir' ? '"query-id corpus-id score"' : '"qid 0 docid grade"'}), found ${fields.length}`,
                fix: 'one judgment per line, in one format for the whole file',
            });
            return;
        }
        const qid = fields[0];
        const docid = fields[format === 'beir' ? 1 : 2];
        const gradeText = fields[width - 1];
        const grade = Number(gradeText);
        if (!Number.isInteger(grade) || grade < 0) {
            problems.push({
                code: 'qrels_grade',
                file,
                line,
                path: 'grade',
                value: gradeText,
                message: `grade "${gradeText}" is not a whole number >= 0`,
                fix: 'grades are 0 (judged not relevant) or a positive integer (higher = more relevant)',
            });
            return;
        }
        const judged = qrels.get(qid) ?? new Map();
        if (judged.has(docid)) {
            problems.push({
                code: 'qrels_duplicate',
                file,
                line,
                path: '',
                value: `${qid} ${docid}`,
                message: `query "${qid}" judges document "${docid}" twice (first grade ${judged.get(docid)}, kept)`,
                fix: 'keep one judgment per query-document pair',
            });
            return;
        }
        judged.set(docid, grade);
        qrels.set(qid, judged);
    });
    return { qrels, format, problems };
}
/** Formats qrels as TREC `qid 0 docid grade` lines, queries and documents in map order. */
export function formatTrecQrels(qrels) {
    let out = '';
    for (const [qid, judged] of qrels)
        for (const [docid, grade] of judged)
            out += `${qid} 0 ${docid} ${grade}\n`;
    return out;
}
//# sourceMappingURL=trec.js.map