/**
 * Calibration labels from RGB's English counterfactual set (`en_fact.json`, CC BY-NC-SA 4.0: read at run time,
 * never committed). Each question comes with passages that support its answer (`positive`) and the same
 * passages with the answer swapped for a fake one (`positive_wrong`). Faithfulness is to the CONTEXT, not to the
 * world, so each question gives four labelled rows: the true answer over the true passages (faithful), the fake
 * answer over them (unfaithful), the true answer over the swapped passages (unfaithful), and the fake answer over
 * them (faithful). 100 questions, 400 rows. Pure: text in, labels-file text out.
 */

/** The file read from the RGB folder. */
export const RGB_FACT_FILE = 'en_fact.json'

interface RgbFactRow {
  id: number
  query: string
  answer: string | string[][]
  fakeanswer: string
  positive: string[]
  positive_wrong: string[]
}

/**
 * The answer's surface form as the passages spell it: a plain string as is; for a list of equivalent forms
 * (`[["July 21 2017", "Jul 21, 2017"]]`) the first form some positive passage holds, else the first form.
 */
export function rgbAnswerText(row: Pick<RgbFactRow, 'answer' | 'positive'>): string {
  if (typeof row.answer === 'string') return row.answer
  const forms = row.answer.flat()
  const passages = row.positive.join('\n').toLowerCase()
  return forms.find((f) => passages.includes(f.toLowerCase())) ?? forms[0] ?? ''
}

/** The labels-file text (JSON Lines, the `vitest-rag calibrate --labels` format) for RGB's `en_fact.json` text. */
export function rgbLabelsText(text: string): string {
  const out: string[] = []
  for (const raw of text.split('\n')) {
    if (raw.trim() === '') continue
    const r = JSON.parse(raw) as RgbFactRow
    const truth = rgbAnswerText(r)
    const variants: Array<[string, string, string[], number]> = [
      ['true-over-true', truth, r.positive, 1],
      ['fake-over-true', r.fakeanswer, r.positive, 0],
      ['true-over-fake', truth, r.positive_wrong, 0],
      ['fake-over-fake', r.fakeanswer, r.positive_wrong, 1],
    ]
    for (const [tag, answer, passages, faithfulness] of variants) {
      out.push(
        JSON.stringify({
          id: `rgb-${r.id}-${tag}`,
          query: r.query,
          context: passages.map((p) => ({ text: p })),
          answer,
          labels: { faithfulness },
          origin: `RGB ${RGB_FACT_FILE} id ${r.id}, ${tag} (CC BY-NC-SA 4.0)`,
        }),
      )
    }
  }
  return `${out.join('\n')}\n`
}
