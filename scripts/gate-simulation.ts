/**
 * The gate's operating characteristics, by seeded simulation through the real gate (`buildScorecard`,
 * `createBaseline`, `evaluateGate`): how often a run with NO real change fails (the run-level false-alarm rate
 * over every gated metric and group), and how often a real drop of the size the gate reports as confirmable at
 * 80% power is caught. Used by test/report/gate/operating-characteristics.test.ts and printed by
 * `node --import tsx scripts/gate-simulation.ts [runs]` (default 200 runs per scenario).
 *
 * The system: 60 retrieval-mode cases (40 normal, 20 exact_identifier), one relevant chunk each at a base rank
 * fixed per case (1-8); each run swaps neighbours in the top 6 at random (each of the 5 adjacent pairs swaps
 * with probability 0.25), so a case's rank moves by one now and then. recall@5 = [rank <= 5], mrr = 1/rank,
 * ndcg@10 = [rank <= 10] / log2(rank + 1). Baseline and candidate are drawn alike; a real drop moves a seeded
 * share of the cases' relevant chunk to rank 11 (out of the top 10) in the candidate.
 */
import { createBaseline } from '../src/report/gate/baseline.ts'
import { evaluateGate } from '../src/report/gate/evaluate.ts'
import { defaultGatePolicy, type GatePolicy } from '../src/report/gate/policy.ts'
import { buildScorecard } from '../src/report/scorecard/aggregate.ts'
import { CASE_RECORD_VERSION, type CaseRecord } from '../src/evaluation/case-record.ts'
import { mulberry32 } from '../src/shared/stats/prng.ts'

/** Options of {@link simulateGate}. */
export interface SimulationOptions {
  /** Runs per scenario; default 200. */
  runs?: number
  /** Share of cases whose relevant chunk leaves the top 10 in the candidate, in [0, 1]; 0 = no change. */
  dropShare: number
  /** PRNG seed; default 25. */
  seed?: number
  /** Bootstrap and permutation resamples of the gate's test; default 2,000 (the gate's default is 10,000). */
  resamples?: number
  /** The gate's family-wise control; default the gate's (`holm`). */
  familyWise?: GatePolicy['familyWise']
}

/** What {@link simulateGate} measured. */
export interface SimulationResult {
  runs: number
  /** Runs whose gate failed (any metric, any group). */
  failedRuns: number
  /** Runs whose gate confirmed a recall@5 drop overall. */
  recallOverallCaught: number
  /** Mean relative drop of recall@5 overall over the runs (negative: a drop). */
  meanRelativeChange: number
  /** The smallest relative recall@5 drop the gate reports as confirmable at 80% power overall (first run). */
  reportedConfirmableDrop: number
  /** Metric x group pairs the gate compared per run. */
  pairs: number
}

const CASES = 60
const K = 10

function rankMetrics(rank: number): Record<string, number> {
  return { 'recall@5': rank <= 5 ? 1 : 0, mrr: 1 / rank, 'ndcg@10': rank <= K ? 1 / Math.log2(rank + 1) : 0 }
}

/** One run's ranks: each case's base rank after random neighbour swaps in the top 6. */
function drawRanks(baseRanks: readonly number[], random: () => number): number[] {
  return baseRanks.map((base) => {
    let rank = base
    // Walk the 5 adjacent pairs of the top 6 top-down; a swap of the pair holding the chunk moves it by one.
    for (let pair = 1; pair <= 5; pair++) {
      if (random() >= 0.25) continue
      if (rank === pair) rank = pair + 1
      else if (rank === pair + 1) rank = pair
    }
    return rank
  })
}

function records(ranks: readonly number[]): CaseRecord[] {
  return ranks.map((rank, i) => ({
    version: CASE_RECORD_VERSION,
    caseId: `S-${String(i).padStart(3, '0')}`,
    caseType: i < 40 ? 'normal' : 'exact_identifier',
    tenantId: 'sim',
    file: 'golden/sim.golden.jsonl',
    line: i + 1,
    facets: { answerable: true, questionType: 'simple', popularity: 'torso', dynamism: 'static' },
    mode: 'retrieval',
    caseHash: `sim-${i}`,
    hard: [],
    retrieval: { retrieved: [], expected: [], scored: true, metrics: rankMetrics(rank) },
    answerMetrics: {},
    usage: { calls: 0, cachedCalls: 0, retries: 0, costUsd: 0, savedUsd: 0 },
    latencyMs: 1,
  }))
}

function scorecardOf(ranks: readonly number[]) {
  const recs = records(ranks)
  return buildScorecard(recs, {
    harnessVersion: 'sim',
    goldenSetHash: 'sim',
    goldenFiles: [{ file: 'golden/sim.golden.jsonl', hash: 'sim', cases: recs.length }],
    corpusFingerprint: 'sim',
    configSnapshot: {},
    models: {},
    mode: 'retrieval',
    startedAt: '2026-12-01T00:00:00.000Z',
    finishedAt: '2026-12-01T00:00:01.000Z',
    expectedCases: recs.length,
  })
}

/** Runs the scenario `options.runs` times through the real gate; see the module doc. */
export function simulateGate(options: SimulationOptions): SimulationResult {
  const runs = options.runs ?? 200
  const random = mulberry32(options.seed ?? 25)
  const baseRanks = Array.from({ length: CASES }, () => 1 + Math.floor(random() * 8))
  const policy: GatePolicy = {
    ...defaultGatePolicy,
    resamples: options.resamples ?? 2000,
    ...(options.familyWise ? { familyWise: options.familyWise } : {}),
  }
  let failedRuns = 0
  let recallOverallCaught = 0
  let changeSum = 0
  let reportedConfirmableDrop = Number.NaN
  let pairs = 0
  for (let run = 0; run < runs; run++) {
    const baseline = createBaseline(scorecardOf(drawRanks(baseRanks, random)), '2026-12-01T00:00:00.000Z')
    const candidateRanks = drawRanks(baseRanks, random)
    const dropped = Math.round(options.dropShare * CASES)
    // The dropped cases: a fresh seeded choice each run, among those the relevant chunk was found for.
    const order = candidateRanks.map((_, i) => i).sort(() => random() - 0.5)
    for (const i of order.slice(0, dropped)) candidateRanks[i] = K + 1
    const gate = evaluateGate(scorecardOf(candidateRanks), baseline, policy)
    if (!gate.pass) failedRuns++
    const recall = gate.comparisons.find((c) => c.metric === 'recall@5' && c.group === 'overall')
    if (recall?.verdict === 'regression') recallOverallCaught++
    changeSum += recall?.relativeChange ?? 0
    pairs = gate.comparisons.length
    if (run === 0)
      reportedConfirmableDrop =
        gate.power?.find((p) => p.metric === 'recall@5' && p.group === 'overall')?.relativeDrop ?? Number.NaN
  }
  return { runs, failedRuns, recallOverallCaught, meanRelativeChange: changeSum / runs, reportedConfirmableDrop, pairs }
}

if (process.argv[1]?.endsWith('gate-simulation.ts')) {
  const runs = Number(process.argv[2] ?? 200)
  const none = simulateGate({ runs, dropShare: 0 })
  const uncorrected = simulateGate({ runs, dropShare: 0, familyWise: 'none' })
  console.log(
    `no change: ${none.failedRuns} of ${none.runs} runs failed the gate (${none.pairs} metric x group pairs per run; each tested alone: ${uncorrected.failedRuns})`,
  )
  console.log(
    `gate-reported smallest recall@5 drop confirmable at 80% power (overall): ${(none.reportedConfirmableDrop * 100).toFixed(1)}%`,
  )
  for (const share of [0.1, 0.2, 0.3, 0.35, 0.4]) {
    const drop = simulateGate({ runs, dropShare: share })
    console.log(
      `${Math.round(share * 100)}% of cases lose the relevant chunk: recall@5 overall ${(drop.meanRelativeChange * 100).toFixed(1)}% on average, ` +
        `caught in ${drop.recallOverallCaught} of ${drop.runs} runs (${((100 * drop.recallOverallCaught) / drop.runs).toFixed(0)}%); any failure in ${drop.failedRuns}`,
    )
  }
}
