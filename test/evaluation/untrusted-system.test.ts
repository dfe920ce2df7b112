/**
 * The system under test is never trusted, on the bundled sample (golden/*.golden.jsonl over evals/sample-kb)
 * through `evaluateCase` with the real corpus, pipeline and heuristic judge: a broken index filter is caught
 * by the leak check, a bot that knows only its own document ids gets the reference pipeline's document-level
 * metrics through a sourceMap, retrieval mode runs the same rewrite as system mode, and abstaining on an
 * answerable case scores as missing.
 */
import { exportTrec } from '../../src/report/scorecard/trec-export.ts'
import { describe, expect, test } from 'vitest'
import { functionAdapter } from '../../src/system/adapter/function-adapter.ts'
import type { RagAdapter, SystemOutput } from '../../src/system/adapter/types.ts'
import { resolveLocators } from '../../src/cases/resolve-locators.ts'
import { resolveConfig } from '../../src/config/resolve.ts'
import { createReferencePipeline } from '../../src/system/reference/pipeline.ts'
import { createIndexRetriever } from '../../src/system/reference/retriever.ts'
import { createHeuristicJudge } from '../../src/grading/judge/heuristic-judge.ts'
import { buildSearchIndex } from '../../src/search/index.ts'
import { createRagRuntime, type RagRuntime } from '../../src/evaluation/create-runtime.ts'
import { evaluateCase } from '../../src/evaluation/evaluate-case.ts'
import { prepareCase, type ModuleCase } from '../../src/cases/prepared-case.ts'
import { readGoldenSet } from '../../src/evaluation/golden-set/golden-set.ts'
import { prepareCorpus } from '../../src/corpus/prepare-corpus.ts'
import { createSourceResolver } from '../../src/system/sources/resolve-source.ts'
import { sourceMapFromTable } from '../../src/system/sources/source-map.ts'
import { repoRoot, tempDir } from '../helpers/run-vitest.ts'

const config = resolveConfig({ outDir: tempDir() }, repoRoot, {})
const prepared = await prepareCorpus(config.corpus, config.chunker)
const set = readGoldenSet(config)
const all = set.files.flatMap((f) => f.parsed.cases.map(({ case: c, line }) => ({ c, line })))
const resolution = resolveLocators(
  all.map((x) => x.c),
  prepared.corpus.documents,
  prepared.chunks,
)
const cases: ModuleCase[] = all.map(({ c, line }) => prepareCase(c, line, resolution))
const index = await buildSearchIndex(prepared.chunks)
const reference = createReferencePipeline({
  retriever: createIndexRetriever(index, prepared.chunks),
  chunks: prepared.chunks,
  k: config.search.k,
})

function runtimeFor(adapter: RagAdapter, extra: Partial<RagRuntime> = {}): RagRuntime {
  return { config, prepared, adapter, judge: createHeuristicJudge(), async close() {}, ...extra }
}

async function evaluateAll(runtime: RagRuntime, only: (c: ModuleCase) => boolean = () => true) {
  const records = []
  for (const c of cases.filter(only)) records.push((await evaluateCase(runtime, c, 'golden/x.golden.jsonl')).record)
  return records
}

describe('an untrusted system on the sample', () => {
  test('a deliberately broken index tenant filter is caught by the leak check in system mode', async () => {
    // The broken index answers every query from BOTH tenants (its tenant filter lets the other one through).
    const broken = {
      async searchAsync(query: string, options: { tenantId: string; k: number }) {
        const other = options.tenantId === 'quillfern' ? 'brassmoth' : 'quillfern'
        const [own, foreign] = await Promise.all([
          index.searchAsync(query, options),
          index.searchAsync(query, { ...options, tenantId: other }),
        ])
        return [...foreign.slice(0, 1), ...own]
      },
    }
    const pipeline = createReferencePipeline({
      retriever: createIndexRetriever(broken, prepared.chunks),
      chunks: prepared.chunks,
    })
    const [record] = await evaluateAll(runtimeFor(pipeline), (c) => c.case.case_id === 'GC-0001')
    const leak = record?.hard.find((h) => h.name === 'toNotLeakAcrossTenants')
    expect(leak?.passed).toBe(false)
    expect(leak?.message).toMatch(
      /^retrieved #1 chunkId "brassmoth\/\S+" is brassmoth's \S+, in tenant "brassmoth", not the case's tenant "quillfern"$/,
    )
    // The generator still saw only the case's tenant (the filter moved after the report, it did not go away).
    expect(record?.hard.find((h) => h.name === 'toHaveNoFabricatedCitations')?.passed).toBe(true)
  })

  test('a bot with only its own document ids and a sourceMap gets the document-level metrics of the reference ranking', async () => {
    // Own ids: "DOC-<n>" for the n-th document of the corpus; the sourceMap table maps each back.
    const ownId = new Map(prepared.corpus.documents.map((d, i) => [d.id, `DOC-${i + 1}`]))
    const table = Object.fromEntries([...ownId].map(([docId, own]) => [own, docId]))
    const docOf = (chunkId: string | undefined) => prepared.chunkById.get(chunkId ?? '')?.docId ?? ''
    const asDocuments = (own: boolean): RagAdapter =>
      functionAdapter(async (input) => {
        const out = await reference.run({ ...input, mode: 'retrieval' })
        return {
          retrieved: out.retrieved.map((h) => ({
            docId: own ? ownId.get(docOf(h.chunkId)) : docOf(h.chunkId),
            score: h.score,
          })),
        }
      })
    const scored = (c: ModuleCase) =>
      c.expected.some((e) => e.grade > 0) && !['out_of_scope', 'cross_tenant'].includes(c.case.case_type)
    const retrievalConfig = { ...config, mode: 'retrieval' as const }
    const harnessIds = await evaluateAll({ ...runtimeFor(asDocuments(false)), config: retrievalConfig }, scored)
    const ownIds = await evaluateAll(
      {
        ...runtimeFor(asDocuments(true), {
          resolveSource: createSourceResolver(prepared.corpus.documents, prepared.chunks, sourceMapFromTable(table)),
        }),
        config: retrievalConfig,
      },
      scored,
    )
    expect(ownIds).toHaveLength(57)
    for (const [i, record] of ownIds.entries()) {
      expect(record.retrieval.level).toBe('document')
      expect(record.sources?.unresolved).toEqual([])
      expect(record.sources?.via).toEqual({ source_map: record.retrieval.retrieved.length })
      expect(record.retrieval.metrics).toEqual(harnessIds[i]?.retrieval.metrics)
    }
    // The qrels are per document: GC-0002 expects billing/seats "Guest limits" (grade 3) and admin/roles
    // "Workspace roles" (grade 1), so its judged ids are those two documents.
    const gc2 = ownIds.find((r) => r.caseId === 'GC-0002')
    expect(gc2?.retrieval.judged).toEqual([
      { chunkId: 'quillfern/doc/billing/seats', grade: 3 },
      { chunkId: 'quillfern/doc/admin/roles', grade: 1 },
    ])
    // Without the map, nothing resolves: every reference is a per-case problem and every metric is 0.
    const unmapped = await evaluateAll(
      { ...runtimeFor(asDocuments(true)), config: retrievalConfig },
      (c) => c.case.case_id === 'GC-0001',
    )
    expect(unmapped[0]?.sources?.unresolved[0]).toMatch(/^docId "DOC-\d+"$/)
    expect(unmapped[0]?.retrieval.metrics['recall@20']).toBe(0)
  })

  test('a shown source sent as an own id without its text is judged by the corpus text it resolves to', async () => {
    const ownId = new Map(prepared.corpus.documents.map((d, i) => [d.id, `DOC-${i + 1}`]))
    const table = Object.fromEntries([...ownId].map(([docId, own]) => [own, docId]))
    const docOf = (chunkId: string | undefined) => prepared.chunkById.get(chunkId ?? '')?.docId ?? ''
    const ownBot = functionAdapter(async (input) => {
      const out = await reference.run(input)
      return {
        retrieved: out.retrieved.map((h) => ({ docId: ownId.get(docOf(h.chunkId)) })),
        answer: out.answer,
        sources: (out.sources ?? []).map((s) => ({ marker: s.marker, docId: ownId.get(docOf(s.chunkId)) })),
      }
    })
    const resolveSource = createSourceResolver(prepared.corpus.documents, prepared.chunks, sourceMapFromTable(table))
    const [own] = await evaluateAll(runtimeFor(ownBot, { resolveSource }), (c) => c.case.case_id === 'GC-0001')
    const [ref] = await evaluateAll(runtimeFor(reference), (c) => c.case.case_id === 'GC-0001')
    expect(ref?.answerMetrics.faithfulness).toBe(1)
    expect(own?.answerMetrics.faithfulness).toBe(1)
    expect(own?.hard.every((h) => h.passed)).toBe(true)
  })

  test('retrieval mode runs the same rewrite as system mode: the same multi_turn recall in both', async () => {
    const multiTurn = (c: ModuleCase) => c.case.case_type === 'multi_turn'
    const records = async (mode: 'retrieval' | 'system') => {
      const runtime = await createRagRuntime({ ...config, mode })
      try {
        return await evaluateAll(runtime, multiTurn)
      } finally {
        await runtime.close()
      }
    }
    const [retrieval, system] = [await records('retrieval'), await records('system')]
    expect(retrieval).toHaveLength(10)
    expect(retrieval.map((r) => r.retrieval.metrics['recall@5'])).toEqual(
      system.map((r) => r.retrieval.metrics['recall@5']),
    )
    // At chunk level the ranked ids are the retrieved chunk ids and the qrels are the expected chunks: the record
    // leaves both lists out, and the TREC files are what they were with them written out.
    for (const r of system)
      expect([r.retrieval.level, r.retrieval.ranked, r.retrieval.judged]).toEqual(['chunk', undefined, undefined])
    const written = system.map((r) => ({
      ...r,
      retrieval: { ...r.retrieval, ranked: r.retrieval.retrieved.map((h) => h.chunkId), judged: r.retrieval.expected },
    }))
    expect(exportTrec(system)).toEqual(exportTrec(written))
    expect(exportTrec(system).run.split('\n').length).toBeGreaterThan(10)
  })

  test('always abstaining: CRAG 0 and wrong_abstention on every answerable case, no judge metric scored for silence', async () => {
    const abstain = functionAdapter(async (input): Promise<SystemOutput> => {
      const out = await reference.run({ ...input, mode: 'retrieval' })
      return { retrieved: out.retrieved, answer: "I don't know.", sources: [], abstained: true }
    })
    const records = await evaluateAll(runtimeFor(abstain), (c) => c.case.answerable)
    expect(records).toHaveLength(57)
    for (const r of records) {
      expect(r.errorClass).toBe('wrong_abstention')
      expect(r.answerMetrics.crag_truthfulness).toBe(0)
      // The judge's own grade agrees with the metric (no source was shown, yet the case was answerable).
      expect(r.judge?.crag).toBe('missing')
      expect(r.answerMetrics.faithfulness).toBeUndefined()
      expect(r.answerMetrics.citation_accuracy).toBeUndefined()
    }
  })
})
