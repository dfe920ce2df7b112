/**
 * Averaging per-case metrics into a run's means, so that a run cannot look better by losing cases:
 * failed cases score zero and stay in the average; unscored cases (refusals, abstentions) are counted.
 */
import { lowerBound } from '../../shared/util/lower-bound.ts'

/** One case's contribution to an average. */
export interface MetricRow {
  /** Metric name -> value; absent for a case that failed before it produced metrics. */
  metrics: Record<string, number> | undefined
  /** False for cases whose metrics do not apply (must-abstain cases): counted in `unscored`, not averaged. */
  scored: boolean
  /** True when the case errored: it scores 0 on every metric and stays in the average. */
  failed?: boolean
}

/** The averages of a set of rows. */
export interface MetricAggregate {
  /** Metric name -> mean over the scored rows that have it, failed rows as 0. Names: every name any scored row has. */
  mean: Record<string, number>
  /** Metric name -> how many rows entered its mean (rows that have it, plus failed rows). */
  counts: Record<string, number>
  /** Scored rows averaged (failed scored rows included). */
  n: number
  /** Rows with `scored: false`, reported as a count (never silently dropped). */
  unscored: number
  /** Rows with `failed: true` (scored or not). */
  failed: number
}

/**
 * Means of per-case metrics. Rules, in order:
 * - `scored: false` -> counted in `unscored`, left out of every mean (also when it failed; it is then counted
 *   in `failed` too);
 * - `failed: true` -> 0 on EVERY metric name seen in the other rows, whatever metrics it carries;
 * - a scored, non-failed row without a metric -> left out of THAT metric's mean: the metric does not apply to
 *   it (e.g. `should_contain` on a case with no literals). A failure is never a free pass: failed rows score 0
 *   on every metric whatever they carry.
 * Example: rows {recall@5: 1}, {recall@5: 0.5}, failed -> mean recall@5 = (1 + 0.5 + 0) / 3 = 0.5, n = 3.
 * Example: rows {mrr: 1, should_contain: 0.5}, {mrr: 0} -> mrr (1 + 0) / 2 = 0.5, should_contain 0.5 / 1 = 0.5.
 * No scored rows -> `mean` is `{}` and `n` is 0.
 */
export function aggregateMetrics(rows: readonly MetricRow[]): MetricAggregate {
  // All rows as the one group of one partition.
  return aggregatePartitions(metricMatrix(rows), [new Int32Array(rows.length)], [1])[0]![0]!
}

/**
 * Rows read once into columns, so that many groupings of the same rows (overall, per case type, per facet)
 * aggregate by row index instead of walking every row's metric object again. Built by {@link metricMatrix},
 * read by {@link aggregatePartitions}.
 */
export interface MetricMatrix {
  /** Every metric name of the scored rows, in first-seen order. */
  names: string[]
  /** Row-major values, `rows x names.length`. */
  values: Float64Array
  /** Row-major, like `values`: 1 where the row has a value for the name. */
  present: Uint8Array
  /** Per row: its key order (an index into `orders`), or -1 for an unscored row (it names nothing). */
  order: Int32Array
  /** The distinct key orders of the rows, as name indices (rows built alike share one). */
  orders: number[][]
  scored: Uint8Array
  failed: Uint8Array
}

/** Reads rows into a {@link MetricMatrix}: each row's metric object visited twice (names, then values), nothing allocated per value. */
export function metricMatrix(rows: readonly MetricRow[]): MetricMatrix {
  const index = new Map<string, number>()
  const names: string[] = []
  const orders: number[][] = []
  const orderByKey = new Map<string, number>()
  const order = new Int32Array(rows.length).fill(-1)
  const scored = new Uint8Array(rows.length)
  const failed = new Uint8Array(rows.length)
  let last = -1
  const keys: number[] = []
  rows.forEach((row, i) => {
    failed[i] = row.failed ? 1 : 0
    if (!row.scored) return
    scored[i] = 1
    keys.length = 0
    const metrics = row.metrics ?? {}
    for (const name in metrics) {
      let j = index.get(name)
      if (j === undefined) index.set(name, (j = names.push(name) - 1))
      keys.push(j)
    }
    // Rows built alike share their key order: compare with the last row's before hashing.
    const previous = last >= 0 ? (orders[last] as number[]) : undefined
    if (!previous || previous.length !== keys.length || previous.some((j, k) => j !== keys[k])) {
      const key = keys.join(',')
      last = orderByKey.get(key) ?? -1
      if (last < 0) orderByKey.set(key, (last = orders.push([...keys]) - 1))
    }
    order[i] = last
  })
  const m = names.length
  const values = new Float64Array(rows.length * m)
  const present = new Uint8Array(rows.length * m)
  rows.forEach((row, i) => {
    if (!row.scored || !row.metrics) return
    const metrics = row.metrics
    const rowOrder = orders[order[i] as number] as number[]
    let k = 0
    for (const name in metrics) {
      const j = rowOrder[k++] as number
      const value = metrics[name]
      if (value === undefined) continue
      values[i * m + j] = value
      present[i * m + j] = 1
    }
  })
  return { names, values, present, order, orders, scored, failed }
}

/**
 * {@link aggregateMetrics} for every group of several partitions of a matrix's rows at once: `levels[l][i]` is
 * row i's group at level l (0 to `groupCounts[l] - 1`, or -1 for none). The rules are aggregateMetrics' (names in
 * first-seen order over a group's scored rows; a failed scored row is 0 on each), and each mean is the sum of
 * the group's values in ascending order, as sorting them would give, bit for bit. Each metric's values are
 * ordered once for all groups of all levels (sorting per group was most of a 20,000-case scorecard's time).
 * Example: levels [[0, 0, 1]] over recall@5 values 1, 0.5, 0 -> group 0 mean 0.75 (n 2), group 1 mean 0 (n 1).
 */
export function aggregatePartitions(
  matrix: MetricMatrix,
  levels: readonly Int32Array[],
  groupCounts: readonly number[],
): MetricAggregate[][] {
  const groups = levels.map((level, l) => tallyGroups(matrix, level, groupCounts[l] as number))
  const m = matrix.names.length
  const sums = groupCounts.map((n) => new Float64Array(n))
  const counts = groupCounts.map((n) => new Int32Array(n))
  for (let j = 0; j < m; j++) {
    const { values, rows } = rowsByValue(matrix, j)
    for (let l = 0; l < levels.length; l++) {
      const sum = (sums[l] as Float64Array).fill(0)
      const count = (counts[l] as Int32Array).fill(0)
      sumByGroup(levels[l] as Int32Array, rows, values, sum, count)
      const name = matrix.names[j] as string
      for (const group of groups[l] as GroupTally[]) {
        if (!group.has[j]) continue
        group.aggregate.mean[name] = (sum[group.id] as number) / (count[group.id] as number)
        group.aggregate.counts[name] = count[group.id] as number
      }
    }
  }
  return groups.map((level) => level.map((group) => ordered(group, matrix.names)))
}

/** Adds each value to its row's group, in the given (ascending) order: the inner loop, kept small for the optimiser. */
function sumByGroup(
  level: Int32Array,
  rows: Int32Array,
  values: Float64Array,
  sum: Float64Array,
  count: Int32Array,
): void {
  for (let t = 0; t < rows.length; t++) {
    const g = level[rows[t] as number] as number
    if (g < 0) continue
    sum[g] = (sum[g] as number) + (values[t] as number)
    count[g] = (count[g] as number) + 1
  }
}

interface GroupTally {
  id: number
  aggregate: MetricAggregate
  /** Name indices in first-seen order, and membership by index. */
  names: number[]
  has: Uint8Array
}

/** Per group of a level: its counts and its names in first-seen order (rows built alike share a key order). */
function tallyGroups(matrix: MetricMatrix, level: Int32Array, groupCount: number): GroupTally[] {
  const m = matrix.names.length
  const groups: GroupTally[] = Array.from({ length: groupCount }, (_, id) => ({
    id,
    aggregate: { mean: {}, counts: {}, n: 0, unscored: 0, failed: 0 },
    names: [],
    has: new Uint8Array(m),
  }))
  const seen = groups.map(() => new Set<number>())
  for (let i = 0; i < level.length; i++) {
    const g = level[i] as number
    if (g < 0) continue
    const group = groups[g] as GroupTally
    if (matrix.failed[i]) group.aggregate.failed++
    if (!matrix.scored[i]) {
      group.aggregate.unscored++
      continue
    }
    group.aggregate.n++
    const o = matrix.order[i] as number
    if ((seen[g] as Set<number>).has(o)) continue
    ;(seen[g] as Set<number>).add(o)
    for (const j of matrix.orders[o] as number[]) if (!group.has[j]) (group.names.push(j), (group.has[j] = 1))
  }
  return groups
}

/** The group's mean and counts with its names in first-seen order (the order the means were filled in is by name index). */
function ordered(group: GroupTally, names: readonly string[]): MetricAggregate {
  const mean: Record<string, number> = {}
  const counts: Record<string, number> = {}
  for (const j of group.names) {
    const name = names[j] as string
    mean[name] = group.aggregate.mean[name] as number
    counts[name] = group.aggregate.counts[name] as number
  }
  return { ...group.aggregate, mean, counts }
}

/**
 * The values of metric `j` that enter means (a scored row's value; 0 for a failed scored row) in ascending
 * order, with the row each came from. One native sort of the values; rows are then placed by counting, each
 * run of equal values in row order.
 */
function rowsByValue(matrix: MetricMatrix, j: number): { values: Float64Array; rows: Int32Array } {
  const m = matrix.names.length
  const n = matrix.order.length
  const rows = new Int32Array(n)
  const values = new Float64Array(n)
  let length = 0
  for (let i = 0; i < n; i++) {
    if (!matrix.scored[i]) continue
    if (matrix.failed[i]) ((rows[length] = i), (values[length++] = 0))
    else if (matrix.present[i * m + j]) ((rows[length] = i), (values[length++] = matrix.values[i * m + j] as number))
  }
  const sorted = values.slice(0, length).sort()
  // The distinct values (0 and -0 as one, every NaN as one: NaN sorts last) and where each one's run starts.
  const distinct = new Float64Array(length)
  const start = new Int32Array(length)
  let kinds = 0
  for (let t = 0; t < length; t++) {
    const value = sorted[t] as number
    const previous = distinct[kinds - 1] as number
    if (kinds > 0 && (value === previous || (value !== value && previous !== previous))) continue
    distinct[kinds] = value
    start[kinds++] = t
  }
  const placed = new Int32Array(length)
  for (let k = 0; k < length; k++) {
    const value = values[k] as number
    // The first distinct value >= value is the value itself (NaN, which compares with nothing, is the last).
    const at = value === value ? lowerBound(distinct, value, kinds) : kinds - 1
    placed[start[at]!++] = rows[k] as number
  }
  return { values: sorted, rows: placed }
}

/**
 * {@link aggregateMetrics} per group, e.g. per case type or per facet value. Groups appear in first-seen
 * order. Example: `aggregateMetricsBy(records, (r) => r.caseType)` -> { normal: {...}, stale_conflict: {...} }.
 */
export function aggregateMetricsBy<Row extends MetricRow>(
  rows: readonly Row[],
  groupOf: (row: Row) => string,
): Record<string, MetricAggregate> {
  const groups = new Map<string, Row[]>()
  for (const row of rows) {
    const key = groupOf(row)
    const list = groups.get(key) ?? []
    list.push(row)
    groups.set(key, list)
  }
  const out: Record<string, MetricAggregate> = {}
  for (const [key, list] of groups) out[key] = aggregateMetrics(list)
  return out
}
