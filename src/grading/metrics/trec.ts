/**
 * TREC run and qrels files as pure string functions, so runs can be scored by our metrics and by
 * trec_eval alike. Problems in the text come back as a list (one per bad line), never thrown.
 *
 * - run: `qid Q0 docid rank score tag`, whitespace separated; fields after the sixth are ignored, as trec_eval
 *   ignores them;
 * - qrels: `qid 0 docid grade` (TREC), or the BEIR qrels TSV `query-id<TAB>corpus-id<TAB>score` with an
 *   optional header line. A negative grade (TREC Web track style: -1, -2 for junk) is read as judged
 *   non-relevant, grade 0 (trec_eval reads it as "in the pool, not judged": neither counts as relevant nor adds
 *   gain, so every measure we share gives the same value).
 * Blank lines and lines starting with `#` are skipped.
 */
import type { Problem } from '../../shared/problems/problems.ts'

/** One line of a TREC run. */
export interface TrecRunRow {
  qid: string
  docid: string
  rank: number
  score: number
  /** Run name; `formatTrecRun` writes its own. */
  tag?: string
}

/** Query id -> doc id -> grade (higher = more relevant; grade > 0 is relevant). */
export type Qrels = Map<string, Map<string, number>>

/** The rows of a run file, in file order, and any problems. */
export interface ParsedRun {
  rows: TrecRunRow[]
  problems: Problem[]
}

/** The judgments of a qrels file and any problems. */
export interface ParsedQrels {
  qrels: Qrels
  /** `trec` (4 columns) or `beir` (3 columns, optional header). */
  format: 'trec' | 'beir'
  /** Judgments with a negative grade, read as judged non-relevant (grade 0). */
  negativeGrades: number
  problems: Problem[]
}

function contentLines(text: string): Array<{ line: number; fields: string[] }> {
  const out: Array<{ line: number; fields: string[] }> = []
  text.split(/\r?\n/).forEach((raw, index) => {
    const trimmed = raw.trim()
    if (trimmed === '' || trimmed.startsWith('#')) return
    out.push({ line: index + 1, fields: trimmed.split(/\s+/) })
  })
  return out
}

/**
 * Parses a TREC run. Each line must have at least 6 fields with a numeric rank and score; fields after the
 * sixth are ignored (trec_eval reads six and skips the rest of the line). Bad lines become problems
 * (`trec_run_columns`, `trec_run_number`) and are skipped. `file` labels the problems.
 * Example: `q1 Q0 d7 1 2.5 bm25 extra notes` -> { qid: q1, docid: d7, rank: 1, score: 2.5, tag: bm25 }.
 */
export function parseTrecRun(text: string, file = '<run>'): ParsedRun {
  const rows: TrecRunRow[] = []
  const problems: Problem[] = []
  for (const { line, fields } of contentLines(text)) {
    if (fields.length < 6) {
      problems.push({
        code: 'trec_run_columns',
        file,
        line,
        path: '',
        value: fields.join(' '),
        message: `expected at least 6 fields "qid Q0 docid rank score tag", found ${fields.length}`,
        fix: 'write one retrieved document per line as "qid Q0 docid rank score tag"',
      })
      continue
    }
    const [qid, , docid, rankText, scoreText, tag] = fields as [
      string,
      string,
      string,
      string,
      string,
      string,
      ...string[],
    ]
    const rank = Number(rankText)
    const score = Number(scoreText)
    if (!Number.isFinite(rank) || !Number.isFinite(score)) {
      problems.push({
        code: 'trec_run_number',
        file,
        line,
        path: Number.isFinite(rank) ? 'score' : 'rank',
        value: Number.isFinite(rank) ? scoreText : rankText,
        message: `${Number.isFinite(rank) ? 'score' : 'rank'} "${Number.isFinite(rank) ? scoreText : rankText}" is not a number`,
        fix: 'columns 4 and 5 must be numbers (rank, score)',
      })
      continue
    }
    rows.push({ qid, docid, rank, score, tag })
  }
  return { rows, problems }
}

/**
 * Rankings per query from run rows, best first: score descending, then rank ascending, then file order.
 * trec_eval ignores the rank column and breaks score ties by docid DESCENDING, so on tied scores the two can
 * disagree; runs we write never tie (see {@link trecRunRowsFromRanking}).
 */
export function rankingsFromRun(rows: readonly TrecRunRow[]): Map<string, string[]> {
  const byQuery = new Map<string, Array<{ row: TrecRunRow; order: number }>>()
  rows.forEach((row, order) => {
    const list = byQuery.get(row.qid) ?? []
    list.push({ row, order })
    byQuery.set(row.qid, list)
  })
  const out = new Map<string, string[]>()
  for (const [qid, list] of byQuery) {
    list.sort((x, y) => y.row.score - x.row.score || x.row.rank - y.row.rank || x.order - y.order)
    out.set(
      qid,
      list.map((entry) => entry.row.docid),
    )
  }
  return out
}

/**
 * What a score tied with (or above) the score before it in an exported run is lowered to: the previous score
 * minus this. Small enough to keep real gaps between scores, large enough to survive printing and reading back.
 */
export const TIE_DECREMENT = 1e-6

/**
 * Makes a ranking's scores strictly decreasing, keeping its order: each score that is not below the one
 * before it becomes that score minus {@link TIE_DECREMENT} (cascading through a run of ties), so trec_eval's
 * re-sort by score (ties by docid descending) and ours (ties by rank) read the same order.
 * Example: [3, 2, 2, 1] -> [3, 2, 1.999999, 1]; [1, 1, 1] -> [1, 0.999999, 0.999998].
 */
export function strictlyDecreasing(scores: readonly number[]): number[] {
  const out: number[] = []
  for (const score of scores) {
    const previous = out[out.length - 1]
    // Rounded to 12 decimals so 1 - 2e-6 prints as 0.999998, not 0.9999979999999999.
    out.push(previous === undefined || score < previous ? score : Math.round((previous - TIE_DECREMENT) * 1e12) / 1e12)
  }
  return out
}

/**
 * Run rows for one query's ranking: rank i + 1 and score n - i (strictly decreasing, so trec_eval's
 * re-sort by score keeps our order; small integers also stay distinct when trec_eval reads scores as
 * 32-bit floats, which raw similarity scores may not). Later repeats of an id are dropped, because trec_eval refuses duplicate
 * docids; our own metrics instead keep a repeat's slot (so the two differ on lists with repeats).
 */
export function trecRunRowsFromRanking(qid: string, ranked: readonly string[]): TrecRunRow[] {
  const unique = [...new Set(ranked)]
  return unique.map((docid, i) => ({ qid, docid, rank: i + 1, score: unique.length - i }))
}

/** Formats run rows as `qid Q0 docid rank score tag` lines (each ending in a newline). */
export function formatTrecRun(rows: readonly TrecRunRow[], tag: string): string {
  return rows.map((row) => `${row.qid} Q0 ${row.docid} ${row.rank} ${row.score} ${tag}\n`).join('')
}

/**
 * Parses qrels: TREC `qid 0 docid grade` or BEIR TSV `query-id corpus-id score` (a first line whose score
 * column is not a number is taken as the BEIR header). The format is decided by the first content line.
 * A negative whole grade is read as 0, judged non-relevant, and counted in `negativeGrades`.
 * Problems: `qrels_columns`, `qrels_grade` (not a whole number), `qrels_duplicate` (the same query-doc pair
 * judged twice; the first judgment is kept).
 * Example: `q1 0 d3 -1` -> q1 judges d3 with grade 0; negativeGrades 1.
 */
export function parseTrecQrels(text: string, file = '<qrels>'): ParsedQrels {
  const lines = contentLines(text)
  const format: 'trec' | 'beir' = lines[0]?.fields.length === 3 ? 'beir' : 'trec'
  const width = format === 'beir' ? 3 : 4
  const qrels: Qrels = new Map()
  const problems: Problem[] = []
  let negativeGrades = 0
  lines.forEach(({ line, fields }, index) => {
    if (format === 'beir' && index === 0 && !Number.isFinite(Number(fields[2]))) return // header
    if (fields.length !== width) {
      problems.push({
        code: 'qrels_columns',
        file,
        line,
        path: '',
        value: fields.join(' '),
        message: `expected ${width} fields (${format === 'beir' ? '"query-id corpus-id score"' : '"qid 0 docid grade"'}), found ${fields.length}`,
        fix: 'one judgment per line, in one format for the whole file',
      })
      return
    }
    const qid = fields[0]!
    const docid = fields[format === 'beir' ? 1 : 2]!
    const gradeText = fields[width - 1]!
    const read = Number(gradeText)
    if (!Number.isInteger(read)) {
      problems.push({
        code: 'qrels_grade',
        file,
        line,
        path: 'grade',
        value: gradeText,
        message: `grade "${gradeText}" is not a whole number`,
        fix: 'grades are 0 or negative (judged not relevant) or a positive integer (higher = more relevant)',
      })
      return
    }
    if (read < 0) negativeGrades++
    const grade = Math.max(0, read)
    const judged = qrels.get(qid) ?? new Map<string, number>()
    if (judged.has(docid)) {
      problems.push({
        code: 'qrels_duplicate',
        file,
        line,
        path: '',
        value: `${qid} ${docid}`,
        message: `query "${qid}" judges document "${docid}" twice (first grade ${judged.get(docid)}, kept)`,
        fix: 'keep one judgment per query-document pair',
      })
      return
    }
    judged.set(docid, grade)
    qrels.set(qid, judged)
  })
  return { qrels, format, negativeGrades, problems }
}

/** Formats qrels as TREC `qid 0 docid grade` lines, queries and documents in map order. */
export function formatTrecQrels(qrels: Qrels): string {
  let out = ''
  for (const [qid, judged] of qrels) for (const [docid, grade] of judged) out += `${qid} 0 ${docid} ${grade}\n`
  return out
}
