/**
 * Display order of metric names and case types, shared by every view so tables line up.
 */
import { CaseTypeSchema } from '../cases/schema.ts'

/** Metric families in display order; names not listed follow alphabetically. */
export const METRIC_FAMILY_ORDER: readonly string[] = [
  'recall',
  'precision',
  'hit',
  'ndcg',
  'mrr',
  'span_recall',
  'faithfulness',
  'citation_accuracy',
  'answer_relevance',
  'crag_truthfulness',
  'claim_faithfulness',
  'context_precision',
  'context_recall',
  'noise_sensitivity',
  'should_contain',
]

function familyAndK(name: string): { family: string; k: number } {
  const at = name.indexOf('@')
  if (at === -1) return { family: name, k: 0 }
  const k = Number(name.slice(at + 1))
  return { family: name.slice(0, at), k: Number.isFinite(k) ? k : 0 }
}

/** Sorted lists already computed, by their names joined: every case of a run has the same few name sets. */
const sortedCache = new Map<string, readonly string[]>()
const SORTED_CACHE_LIMIT = 256

/** Sorts metric names by family (see {@link METRIC_FAMILY_ORDER}), then by k: recall@5 before recall@20. */
export function sortMetricNames(names: Iterable<string>): string[] {
  const unique = [...new Set(names)]
  const key = unique.join('\u0000')
  const cached = sortedCache.get(key)
  if (cached) return [...cached]
  const rank = (family: string) => {
    const index = METRIC_FAMILY_ORDER.indexOf(family)
    return index === -1 ? METRIC_FAMILY_ORDER.length : index
  }
  const sorted = unique.sort((a, b) => {
    const x = familyAndK(a)
    const y = familyAndK(b)
    return rank(x.family) - rank(y.family) || x.family.localeCompare(y.family) || x.k - y.k || a.localeCompare(b)
  })
  if (sortedCache.size >= SORTED_CACHE_LIMIT) sortedCache.clear()
  sortedCache.set(key, [...sorted])
  return sorted
}

/** Sorts case types in schema order (normal first); unknown names follow alphabetically. */
export function sortCaseTypes(types: Iterable<string>): string[] {
  const order: readonly string[] = CaseTypeSchema.options
  const rank = (t: string) => (order.includes(t) ? order.indexOf(t) : order.length)
  return [...new Set(types)].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
}
