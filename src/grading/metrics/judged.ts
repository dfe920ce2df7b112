/**
 * How complete the judgments of a ranking are. Pooled or BEIR qrels judge only some documents, and every
 * retrieval metric silently counts an unjudged document as non-relevant; judged@k says how much of the top k
 * was judged, and the condensed list (Sakai 2007; trec_eval `-J`) scores the judged documents only.
 */

/**
 * judged@k: the share of the top min(k, retrieved) positions whose id has a judgment of any grade (0
 * included; a repeated id counts at each of its positions), in [0, 1]; 1 when nothing was
 * retrieved (no unjudged id was scored). The denominator is min(k, retrieved), as for our precision@k;
 * trec_eval's `unj_k` divides the unjudged count by k, i.e. unj_k = (1 - judged@k) x min(k, retrieved) / k.
 * Example: ranked [a, x, b, y], judged {a: 2, b: 0} -> judged@2 = 1/2, judged@4 = 2/4, judged@10 = 2/4.
 */
export function judgedAtK(ranked: readonly string[], judged: ReadonlyMap<string, number>, k: number): number {
  const shown = Math.min(k, ranked.length)
  let withJudgment = 0
  for (let i = 0; i < shown; i++) if (judged.has(ranked[i]!)) withJudgment++
  return shown === 0 ? 1 : withJudgment / shown
}

/** The metric name of judged@k for each cutoff: [5, 10] -> [`judged@5`, `judged@10`]. */
export function judgedMetricNames(ks: readonly number[]): string[] {
  return ks.map((k) => `judged@${k}`)
}

/** judged@k for each cutoff, under {@link judgedMetricNames}. Example: ranked [a, x], judged {a: 1}, ks [1, 2] -> { judged@1: 1, judged@2: 0.5 }. */
export function judgedAtKs(
  ranked: readonly string[],
  judged: ReadonlyMap<string, number>,
  ks: readonly number[],
): Record<string, number> {
  const out: Record<string, number> = {}
  for (const k of ks) out[`judged@${k}`] = judgedAtK(ranked, judged, k)
  return out
}

/**
 * The condensed list: `ranked` without its unjudged ids, in order (trec_eval `-J`, "judged docs only"). Every
 * metric computed on it ranks the judged documents as if the unjudged ones had not been retrieved.
 * Example: ranked [x, a, y, b], judged {a: 1, b: 0} -> [a, b].
 */
export function condenseRanking(ranked: readonly string[], judged: ReadonlyMap<string, number>): string[] {
  return ranked.filter((id) => judged.has(id))
}
