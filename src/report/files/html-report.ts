/**
 * Writing the HTML scorecard (the I/O around the pure `scorecard/render-html.ts`): after every Vitest run
 * the reporter calls {@link writeRunHtml}, which adds each case's query (from the golden set's summary) and chunk
 * snippets (from the corpus) to the drill-down; `compare` calls {@link writeHtmlFile} with its own deltas.
 * The page goes to the configured output folder, atomically.
 */
import { join } from 'node:path'
import type { RagEvalConfig } from '../../config/schema.ts'
import { gateView } from '../gate/gate-messages.ts'
import type { GateResult } from '../gate/gate-result.ts'
import { readGoldenSummary } from '../../evaluation/golden-set/golden-set.ts'
import { prepareCorpus } from '../../corpus/prepare-corpus.ts'
import type { CaseRecord } from '../../evaluation/case-record.ts'
import { caseDetailsFromRecords } from '../scorecard/html-case-details.ts'
import { selectShownCases } from '../scorecard/html-case-list.ts'
import { renderHtmlScorecard, type HtmlScorecardInput } from '../scorecard/render-html.ts'
import type { Scorecard } from '../scorecard/scorecard.ts'
import { writeFileAtomic } from '../../shared/util/atomic-write.ts'

/** The page's file name inside the output folder. */
export const HTML_SCORECARD_FILE = 'scorecard.html'

/** Renders `input` and writes it atomically to `path`. */
export async function writeHtmlFile(path: string, input: HtmlScorecardInput): Promise<void> {
  await writeFileAtomic(path, renderHtmlScorecard(input))
}

/** Writes `<outDir>/scorecard.html` for a finished run; resolves to its path. */
export async function writeRunHtml(
  config: RagEvalConfig,
  scorecard: Scorecard,
  gate: GateResult,
  records: readonly CaseRecord[],
): Promise<string> {
  const golden = readGoldenSummary(config).files
  const queryOf = (id: string) => golden.find((f) => f.queries.has(id))?.queries.get(id)
  const prepared = await prepareCorpus(config.corpus, config.chunker)
  // Only the cases the page lists get a drill-down built (failing first, capped): see selectShownCases.
  const { shown, failing, correct } = selectShownCases(
    records.map((r) => ({ record: r, error: r.error, hard: r.hard, errorClass: r.errorClass })),
  )
  const cases = caseDetailsFromRecords(
    shown.map((s) => s.record),
    queryOf,
    (id) => prepared.chunkById.get(id)?.text,
  )
  const path = join(config.outDir, HTML_SCORECARD_FILE)
  await writeHtmlFile(path, {
    title: 'vitest-rag scorecard',
    scorecard,
    gate: gateView(gate),
    cases,
    caseTotals: { failing, correct },
  })
  return path
}
