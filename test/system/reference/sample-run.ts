/**
 * Runs the offline reference pipeline (BM25 retrieval, deterministic rewrite, extractive generator) over the
 * bundled sample KB and its golden set, and checks each case's hard assertions the way the harness states
 * them. Shared by `sample-kb.test.ts` and by ad-hoc tuning (`node --import tsx test/system/reference/sample-run.ts`).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { GoldenCase } from '../../../src/cases/schema.ts'
import { mustAbstain } from '../../../src/cases/schema.ts'
import { parseGoldenText } from '../../../src/cases/parse-golden.ts'
import { resolveLocators } from '../../../src/cases/resolve-locators.ts'
import { chunkDocuments, defaultChunkerConfig } from '../../../src/corpus/chunk.ts'
import type { ChunkerConfig } from '../../../src/corpus/types.ts'
import { loadKnowledgeBase } from '../../../src/corpus/load-kb.ts'
import { isAbstention } from '../../../src/shared/text/abstention.ts'
import { statesDisagreement } from '../../../src/system/reference/conflict.ts'
import {
  createReferencePipeline,
  type ReferenceOutput,
  type ReferencePipelineOptions,
} from '../../../src/system/reference/pipeline.ts'
import { createIndexRetriever } from '../../../src/system/reference/retriever.ts'
import { buildSearchIndex, type SearchArm } from '../../../src/search/index.ts'

/** The repository root. */
export const repoRoot = resolve(fileURLToPath(new URL('../../..', import.meta.url)))

/** One case's outcome; a check is `undefined` when it does not apply to the case. */
export interface SampleCaseResult {
  c: GoldenCase
  out: ReferenceOutput
  abstainOk?: boolean
  noLeak: boolean
  markersOk: boolean
  mustContainOk?: boolean
  conflictOk?: boolean
  /** An answerable case that abstained. */
  wrongAbstention?: boolean
  /** Some grade >= 2 expected chunk was among the shown sources (answerable cases). */
  evidenceShown?: boolean
}

/** Runs every sample golden case through the offline pipeline. */
export async function runSample(
  options: Partial<ReferencePipelineOptions> = {},
  chunker: ChunkerConfig = defaultChunkerConfig,
  arm: SearchArm = 'bm25',
): Promise<SampleCaseResult[]> {
  const corpus = await loadKnowledgeBase(join(repoRoot, 'evals/sample-kb'))
  const chunks = chunkDocuments(corpus.documents, chunker)
  const files = readdirSync(join(repoRoot, 'golden'))
    .filter((f) => f.endsWith('.golden.jsonl'))
    .sort()
  const cases: GoldenCase[] = []
  for (const f of files)
    cases.push(...parseGoldenText(readFileSync(join(repoRoot, 'golden', f), 'utf8'), f).cases.map((x) => x.case))
  const expected = resolveLocators(cases, corpus.documents, chunks).expected
  const retriever = createIndexRetriever(await buildSearchIndex(chunks, { arm }), chunks)
  const pipeline = createReferencePipeline({ retriever, chunks, ...options })
  const results: SampleCaseResult[] = []
  for (const c of cases) {
    const out = await pipeline.run({
      caseId: c.case_id,
      query: c.query,
      tenantId: c.tenant_id,
      history: c.history,
      mode: 'system',
    })
    const answer = out.answer ?? ''
    const abstained = isAbstention(answer)
    const shownMarkers = new Set((out.sources ?? []).map((s) => s.marker))
    const lower = answer.toLowerCase()
    const r: SampleCaseResult = {
      c,
      out,
      noLeak:
        (out.sources ?? []).every((s) => s.tenantId === c.tenant_id) &&
        out.retrieved.every((h) => h.tenantId === c.tenant_id) &&
        c.forbidden_text.every((t) => !lower.includes(t.toLowerCase())),
      markersOk: [...answer.matchAll(/\[(\d+)\]/g)].every((m) => shownMarkers.has(Number(m[1]))),
    }
    if (mustAbstain(c)) r.abstainOk = abstained
    else {
      r.wrongAbstention = abstained
      const strong = new Set((expected.get(c.case_id) ?? []).filter((e) => e.grade >= 2).map((e) => e.chunkId))
      r.evidenceShown = (out.sources ?? []).some((s) => strong.has(s.chunkId ?? ''))
    }
    if (c.must_contain.length > 0) r.mustContainOk = c.must_contain.every((t) => lower.includes(t.toLowerCase()))
    if (c.case_type === 'stale_conflict') r.conflictOk = (r.mustContainOk ?? true) && statesDisagreement(answer)
    results.push(r)
  }
  return results
}

/** Pass rate of one check over the cases it applies to: `{ passed, total, rate }`. */
export function passRate(results: readonly SampleCaseResult[], pick: (r: SampleCaseResult) => boolean | undefined) {
  const applied = results.map(pick).filter((v): v is boolean => v !== undefined)
  const passed = applied.filter(Boolean).length
  return { passed, total: applied.length, rate: applied.length === 0 ? 1 : passed / applied.length }
}

/** The summary printed by the test and the script. */
export function summarise(results: readonly SampleCaseResult[]) {
  return {
    toAbstain: passRate(results, (r) => r.abstainOk),
    noCrossTenantLeak: passRate(results, (r) => r.noLeak),
    noFabricatedCitations: passRate(results, (r) => r.markersOk),
    mustContain: passRate(results, (r) => r.mustContainOk),
    staleConflict: passRate(results, (r) => r.conflictOk),
    answeredWhenAnswerable: passRate(results, (r) =>
      r.wrongAbstention === undefined ? undefined : !r.wrongAbstention,
    ),
    evidenceShown: passRate(results, (r) => r.evidenceShown),
  }
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const chunker =
    process.argv[2] === 'fixed' ? ({ kind: 'fixed', size: 800, overlap: 100 } as const) : defaultChunkerConfig
  const arm = (process.argv[3] ?? 'bm25') as SearchArm
  const results = await runSample({}, chunker, arm)
  console.log(summarise(results))
  for (const r of results) {
    const bad =
      r.abstainOk === false ||
      !r.noLeak ||
      !r.markersOk ||
      r.mustContainOk === false ||
      r.conflictOk === false ||
      r.wrongAbstention
    if (!bad) continue
    console.log(`\n${r.c.case_id} ${r.c.case_type} [${r.c.tenant_id}] ${r.c.query}`)
    if (r.c.history.length > 0) console.log(`  rewritten: ${r.out.rewrittenQuery}`)
    console.log(
      `  gate: ${r.out.gate.reason} conf=${r.out.gate.confidence.toFixed(3)} evidenceShown=${String(r.evidenceShown)}`,
    )
    console.log(`  must: ${JSON.stringify(r.c.must_contain)} answer: ${r.out.answer}`)
    console.log(`  shown: ${(r.out.sources ?? []).map((s) => s.chunkId).join(' | ')}`)
  }
}
