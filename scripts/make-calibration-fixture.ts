/**
 * Builds the committed judge-calibration fixture `test/fixtures/calibration/halueval-54.jsonl` from HaluEval
 * (`../shared/datasets/halueval/qa_one-turn_data.json`, MIT licence, Li et al. 2023; its QA seeds come from
 * HotpotQA, CC BY-SA 4.0). Deterministic: run it again and the file is byte-identical.
 *
 *   node --import tsx scripts/make-calibration-fixture.ts [--out FILE]
 *
 * Rows (each says where it came from in `origin`):
 * - 24 questions, lines 1, 21, 41, ... 461 of the file: the `right_answer` with labels faithfulness 1,
 *   answer_relevance 1, crag perfect, and the `hallucinated_answer` with faithfulness 0, answer_relevance 1,
 *   crag incorrect. The labels hold by construction (gold answer vs. an answer generated to be wrong), not by
 *   a fresh human review: see the dataset README's caveats.
 * - 3 abstentions on lines 481, 486, 491 with their own knowledge (the answer WAS available): faithfulness 1,
 *   answer_relevance 0, crag missing.
 * - 3 abstentions on lines 496, 497, 498 shown the knowledge of the line 250 below them (the context lacks the
 *   answer): faithfulness 1, answer_relevance 1, crag perfect.
 * Every row's `reference_answer` is the question's gold `right_answer`.
 */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { writeFileAtomic } from '../src/shared/util/atomic-write.ts'

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const source = resolve(repoRoot, '../shared/datasets/halueval/qa_one-turn_data.json')
const outArg = process.argv.indexOf('--out')
const out = resolve(
  repoRoot,
  outArg >= 0 ? (process.argv[outArg + 1] ?? '') : 'test/fixtures/calibration/halueval-54.jsonl',
)

interface HaluRow {
  knowledge: string
  question: string
  right_answer: string
  hallucinated_answer: string
}

const ABSTENTION = "I don't know: the provided context does not contain the answer."

if (!existsSync(source)) {
  console.error(`make-calibration-fixture: ${source} is absent (needs ../shared/datasets/halueval)`)
  process.exit(1)
}
const data: HaluRow[] = readFileSync(source, 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l) as HaluRow)
const at = (line: number): HaluRow => {
  const row = data[line - 1]
  if (!row) throw new Error(`line ${line} missing from ${source}`)
  return row
}
const origin = (line: number, what: string) => `HaluEval qa_one-turn_data.json line ${line}, ${what} (MIT)`

const rows: unknown[] = []
for (let line = 1; line <= 461; line += 20) {
  const r = at(line)
  const base = { query: r.question, context: [{ text: r.knowledge }], reference_answer: r.right_answer }
  rows.push({
    id: `halu-${line}-right`,
    ...base,
    answer: r.right_answer,
    labels: { faithfulness: 1, answer_relevance: 1, crag: 'perfect' },
    origin: origin(line, 'right_answer'),
  })
  rows.push({
    id: `halu-${line}-hallucinated`,
    ...base,
    answer: r.hallucinated_answer,
    labels: { faithfulness: 0, answer_relevance: 1, crag: 'incorrect' },
    origin: origin(line, 'hallucinated_answer'),
  })
}
for (const line of [481, 486, 491]) {
  const r = at(line)
  rows.push({
    id: `halu-${line}-abstain-answerable`,
    query: r.question,
    context: [{ text: r.knowledge }],
    reference_answer: r.right_answer,
    answer: ABSTENTION,
    labels: { faithfulness: 1, answer_relevance: 0, crag: 'missing' },
    origin: origin(line, 'question and knowledge; abstention written for this fixture'),
  })
}
for (const line of [496, 497, 498]) {
  const r = at(line)
  const other = at(line - 250)
  rows.push({
    id: `halu-${line}-abstain-unanswerable`,
    query: r.question,
    context: [{ text: other.knowledge }],
    reference_answer: r.right_answer,
    answer: ABSTENTION,
    labels: { faithfulness: 1, answer_relevance: 1, crag: 'perfect' },
    origin: origin(line, `question; knowledge of line ${line - 250}; abstention written for this fixture`),
  })
}
await writeFileAtomic(out, `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`)
console.log(`make-calibration-fixture: wrote ${rows.length} rows to ${relative(repoRoot, out)}`)
