/**
 * Calibration labels from HaluEval's knowledge-grounded QA files (`qa_one-turn_data.json`,
 * `qa_multi-turn_data.json`: the same 500 HotpotQA questions, each with its Wikipedia knowledge, the gold
 * answer and a generated hallucinated answer). Every question gives two labelled rows: the right answer,
 * faithful to the knowledge (faithfulness 1), and the hallucinated one, unfaithful (faithfulness 0). Both files
 * together: 1,000 pairs, 2,000 rows, the largest labelled set at hand. The labels hold by construction (see the
 * dataset README's caveats), so only faithfulness is labelled. Pure: text in, labels-file text out.
 */

/** The QA files read, in this order. */
export const HALUEVAL_QA_FILES = ['qa_one-turn_data.json', 'qa_multi-turn_data.json'] as const

interface HaluEvalQaRow {
  knowledge: string
  question: string
  right_answer: string
  hallucinated_answer: string
}

/**
 * The labels-file text (JSON Lines, the `vitest-rag calibrate --labels` format) for HaluEval QA files given as
 * `{ file, text }`; each row's `origin` names its file, line and answer.
 */
export function haluEvalLabelsText(files: ReadonlyArray<{ file: string; text: string }>): string {
  const out: string[] = []
  for (const { file, text } of files) {
    text.split('\n').forEach((raw, index) => {
      if (raw.trim() === '') return
      const r = JSON.parse(raw) as HaluEvalQaRow
      const base = { query: r.question, context: [{ text: r.knowledge }], reference_answer: r.right_answer }
      const tag = file.replace(/_data\.json$/, '')
      out.push(
        JSON.stringify({
          id: `${tag}-${index + 1}-right`,
          ...base,
          answer: r.right_answer,
          labels: { faithfulness: 1 },
          origin: `HaluEval ${file} line ${index + 1}, right_answer (MIT)`,
        }),
      )
      out.push(
        JSON.stringify({
          id: `${tag}-${index + 1}-hallucinated`,
          ...base,
          answer: r.hallucinated_answer,
          labels: { faithfulness: 0 },
          origin: `HaluEval ${file} line ${index + 1}, hallucinated_answer (MIT)`,
        }),
      )
    })
  }
  return `${out.join('\n')}\n`
}
