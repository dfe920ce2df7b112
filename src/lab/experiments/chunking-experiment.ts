/**
 * The pure half of `chunking-experiment`: one row per chunker (chunk count, mean chunk length, the ranking
 * metrics), and the sentence that answers "does top-1 hit peak at a middle chunk size while top-10 keeps
 * rising?" for the fixed-size sweep.
 */
import { summarizeMetrics, type CaseMetrics, type MeanGroup } from './metric-summary.ts'
import { fixed3, type TextTable } from './text-table.ts'

/** The metrics `chunking-experiment` reports, in column order. */
export const CHUNKING_METRICS: readonly string[] = ['hit@1', 'hit@5', 'hit@10', 'ndcg@10', 'mrr']

/** One chunker's outcome. */
export interface ChunkerOutcome {
  name: string
  spec: string
  /** Fixed window size in characters; absent for structural chunking. */
  size?: number
  chunks: number
  /** Mean chunk length in characters. */
  meanChars: number
  overall: MeanGroup
  byCaseType: Record<string, MeanGroup>
}

/** Builds one chunker's outcome from its chunk lengths and scored cases. */
export function chunkerOutcome(
  name: string,
  spec: string,
  size: number | undefined,
  chunkLengths: readonly number[],
  cases: readonly CaseMetrics[],
): ChunkerOutcome {
  const means = summarizeMetrics(cases, CHUNKING_METRICS)
  const meanChars = chunkLengths.length === 0 ? 0 : chunkLengths.reduce((s, n) => s + n, 0) / chunkLengths.length
  return {
    name,
    spec,
    ...(size !== undefined ? { size } : {}),
    chunks: chunkLengths.length,
    meanChars,
    overall: means.overall,
    byCaseType: means.byCaseType,
  }
}

/** The printed table: one row per chunker. */
export function chunkingTable(outcomes: readonly ChunkerOutcome[]): TextTable {
  return {
    header: ['chunker', 'spec', 'chunks', 'mean chars', 'n', ...CHUNKING_METRICS],
    rows: outcomes.map((o) => [
      o.name,
      o.spec,
      String(o.chunks),
      o.meanChars.toFixed(0),
      String(o.overall.n),
      ...CHUNKING_METRICS.map((m) => fixed3(o.overall.mean[m])),
    ]),
  }
}

/** The answer about the size sweep, as data and as a sentence. */
export interface SizeTrend {
  /** The size with the best hit@1 (the smallest such size on a tie). */
  bestTop1Size: number
  /** The best size is not the smallest, and the largest size is worse than it (a plateau to the end is no peak). */
  top1PeaksInMiddle: boolean
  /** hit@10 never falls as the size grows, and rises at least once. */
  top10KeepsRising: boolean
  sentence: string
}

/**
 * Reads the fixed-size rows (sorted by size; at least two needed). Example: hit@1 0.70, 0.80, 0.75 and hit@10
 * 0.90, 0.93, 0.95 at 500, 1000, 2000 -> top-1 peaks at 1000 (a middle size) while top-10 keeps rising.
 */
export function describeSizeTrend(outcomes: readonly ChunkerOutcome[]): SizeTrend | undefined {
  const sized = outcomes
    .filter((o): o is ChunkerOutcome & { size: number } => o.size !== undefined)
    .sort((a, b) => a.size - b.size)
  if (sized.length < 2) return undefined
  const top1 = sized.map((o) => o.overall.mean['hit@1'] ?? 0)
  const top10 = sized.map((o) => o.overall.mean['hit@10'] ?? 0)
  const max = Math.max(...top1)
  const best = top1.indexOf(max)
  const bestTop1Size = sized[best]?.size ?? 0
  // A plateau that reaches the largest size is not a peak: the last size is as good.
  const top1PeaksInMiddle = best > 0 && (top1.at(-1) ?? 0) < max - 1e-12
  const top10KeepsRising = top10.every((v, i) => i === 0 || v >= (top10[i - 1] ?? 0) - 1e-12)
  const strictlyRising = top10.some((v, i) => i > 0 && v > (top10[i - 1] ?? 0) + 1e-12)
  const peak = top1PeaksInMiddle
    ? `top-1 hit peaks at a middle size (${bestTop1Size} characters)`
    : `top-1 hit does not peak at a middle size (best from ${bestTop1Size} characters${best > 0 ? ' on' : ''})`
  const rising = top10KeepsRising
    ? strictlyRising
      ? 'top-10 hit keeps rising with size'
      : 'top-10 hit stays flat'
    : 'top-10 hit does not keep rising (it falls somewhere in the sweep)'
  const both = top1PeaksInMiddle && top10KeepsRising && strictlyRising
  const same = sized.findIndex(
    (o, i) =>
      i > 0 &&
      sized
        .slice(i)
        .every((later) => later.chunks === sized[i - 1]?.chunks && later.meanChars === sized[i - 1]?.meanChars),
  )
  const plateau =
    same > 0
      ? ` From ${sized[same - 1]?.size} characters on every document fits in one chunk, so the larger sizes chunk identically.`
      : ''
  return {
    bestTop1Size,
    top1PeaksInMiddle,
    top10KeepsRising: top10KeepsRising && strictlyRising,
    sentence: `${both ? 'Yes' : 'No'}: ${peak}, ${both ? 'while' : 'and'} ${rising}.${plateau}`,
  }
}
