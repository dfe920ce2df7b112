/**
 * Clusters of paired cases: cases that share a cluster (by default their expected source document) tend to
 * move together, so the bootstrap resamples them together and the permutation test flips their signs together.
 */
import { StatsError } from './errors.ts'

/** Per-case values summed per cluster, clusters in order of first appearance. */
export interface ClusteredValues {
  /** Sum of the values of each cluster's cases. */
  sums: number[]
  /** Number of cases in each cluster (>= 1). */
  sizes: number[]
}

/**
 * Sums `values` per cluster label (`labels[i]` is the cluster of `values[i]`; `undefined` makes a cluster of
 * its own). Example: values [1, 2, 3, 4] with labels [x, y, x, undefined] -> sums [4, 2, 4], sizes [2, 1, 1].
 */
export function groupByCluster(values: readonly number[], labels: ReadonlyArray<string | undefined>): ClusteredValues {
  if (labels.length !== values.length) {
    throw new StatsError(
      'VITEST_RAG_STATS_BAD_OPTION',
      `${labels.length} cluster labels for ${values.length} values (fix: give one label per value, undefined for a case of its own)`,
    )
  }
  const sums: number[] = []
  const sizes: number[] = []
  const slot = new Map<string, number>()
  for (let i = 0; i < values.length; i++) {
    const label = labels[i]
    const at = label === undefined ? undefined : slot.get(label)
    if (at === undefined) {
      if (label !== undefined) slot.set(label, sums.length)
      sums.push(values[i]!)
      sizes.push(1)
    } else {
      sums[at]! += values[i]!
      sizes[at]!++
    }
  }
  return { sums, sizes }
}

/** How many clusters `labels` form (`undefined` labels count one each). Example: [x, y, x, undefined] -> 3. */
export function countClusters(labels: ReadonlyArray<string | undefined>): number {
  const named = new Set<string>()
  let alone = 0
  for (const label of labels) {
    if (label === undefined) alone++
    else named.add(label)
  }
  return named.size + alone
}

/** Case id -> cluster label of the cases that carry one (the shape `compareRuns` takes). */
export function clusterLabels(
  cases: Readonly<Record<string, { cluster?: string } | undefined>>,
): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [id, c] of Object.entries(cases)) if (c?.cluster !== undefined) out[id] = c.cluster
  return out
}
