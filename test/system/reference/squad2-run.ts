/**
 * The offline pipeline on SQuAD 2.0 (CS224N dev split, `../shared/datasets/squad2-dev-cs224n`, read at run
 * time, never copied): each Wikipedia paragraph is one chunk of one tenant; answerable questions should be
 * answered with a sentence holding a gold answer, unanswerable ones (written adversarially against their own
 * paragraph) should ideally be declined. An outside check that the gate and the extractive generator were not
 * just fitted to the bundled sample KB.
 */
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Chunk } from '../../../src/corpus/types.ts'
import { createReferencePipeline } from '../../../src/system/reference/pipeline.ts'
import { createIndexRetriever } from '../../../src/system/reference/retriever.ts'
import { buildSearchIndex } from '../../../src/search/index.ts'

/** Where the dataset lives: beside the repository, never inside it. */
export const squadDir = resolve(
  fileURLToPath(new URL('../../..', import.meta.url)),
  '../shared/datasets/squad2-dev-cs224n',
)

interface SquadQuery {
  _id: string
  text: string
  metadata: { is_impossible: boolean; answers: string[]; source_paragraph: string }
}

/** Figures of one run: rates in [0, 1]. */
export interface SquadFigures {
  answerable: number
  unanswerable: number
  /** Answerable questions whose answer holds a gold answer (case-insensitive). */
  answerContainsGold: number
  /** Answerable questions the pipeline declined. */
  answerableAbstained: number
  /** Unanswerable questions the pipeline declined. */
  unanswerableAbstained: number
  /** Answerable questions whose source paragraph was among the shown sources. */
  sourceShown: number
}

/** Runs the first `limit` questions (file order) through the offline pipeline. */
export async function runSquad(limit = Number.POSITIVE_INFINITY): Promise<SquadFigures> {
  const chunks: Chunk[] = readFileSync(join(squadDir, 'corpus.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as { _id: string; title: string; text: string })
    .map((p) => ({
      id: p._id,
      docId: p._id,
      tenantId: 'squad',
      kind: 'document',
      title: p.title.replace(/_/g, ' '),
      text: p.text,
      start: 0,
      end: p.text.length,
    }))
  const queries = readFileSync(join(squadDir, 'queries.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .slice(0, limit)
    .map((l) => JSON.parse(l) as SquadQuery)
  const pipeline = createReferencePipeline({
    retriever: createIndexRetriever(await buildSearchIndex(chunks, { arm: 'bm25' }), chunks),
    chunks,
  })
  const f: SquadFigures = {
    answerable: 0,
    unanswerable: 0,
    answerContainsGold: 0,
    answerableAbstained: 0,
    unanswerableAbstained: 0,
    sourceShown: 0,
  }
  for (const q of queries) {
    const out = await pipeline.run({ caseId: q._id, query: q.text, tenantId: 'squad', history: [], mode: 'system' })
    const answer = (out.answer ?? '').toLowerCase()
    if (q.metadata.is_impossible) {
      f.unanswerable += 1
      if (out.abstained) f.unanswerableAbstained += 1
      continue
    }
    f.answerable += 1
    if (out.abstained) f.answerableAbstained += 1
    if (!out.abstained && q.metadata.answers.some((a) => answer.includes(a.toLowerCase()))) f.answerContainsGold += 1
    if ((out.sources ?? []).some((s) => s.chunkId === q.metadata.source_paragraph)) f.sourceShown += 1
  }
  const rate = (n: number, d: number) => (d === 0 ? 0 : n / d)
  return {
    answerable: f.answerable,
    unanswerable: f.unanswerable,
    answerContainsGold: rate(f.answerContainsGold, f.answerable),
    answerableAbstained: rate(f.answerableAbstained, f.answerable),
    unanswerableAbstained: rate(f.unanswerableAbstained, f.unanswerable),
    sourceShown: rate(f.sourceShown, f.answerable),
  }
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const t = Date.now()
  console.log(
    await runSquad(process.argv[2] === undefined ? undefined : Number(process.argv[2])),
    `${Date.now() - t} ms`,
  )
}
