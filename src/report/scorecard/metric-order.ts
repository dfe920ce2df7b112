/**
 * Display order of metric names and case types, shared by every view so tables line up.
 */
import { CaseTypeSchema } from '../../cases/schema.ts'
import { memoByText } from '../../shared/text/text-memo.ts'

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
  'response_relevancy',
  'crag_truthfulness',
  'claim_faithfulness',
  'context_precision',
  'context_recall',
  'noise_sensitivity',
  'should_contain',
  'concept_recall_context',
  'concept_intrusion_context',
  'concept_recall_answer',
  'concept_intrusion_answer',
  'copy_ratio',
  'length_ratio',
]

function familyAndK(name: string): { family: string; k: number } {
  const at = name.indexOf('@')
  if (at === -1) return { family: name, k: 0 }
  const k = Number(name.slice(at + 1))
  return { family: name.slice(0, at), k: Number.isFinite(k) ? k : 0 }
}

/** Sorted lists by their names joined: every case of a run has the same few name sets (a bounded memo). */
const sortedByKey = memoByText((key: string): readonly string[] => {
  const rank = (family: string) => {
    const index = METRIC_FAMILY_ORDER.indexOf(family)
    return index === -1 ? METRIC_FAMILY_ORDER.length : index
  }
  return (key === '' ? [] : key.split('\u0000')).sort((a, b) => {
    const x = familyAndK(a)
    const y = familyAndK(b)
    return rank(x.family) - rank(y.family) || x.family.localeCompare(y.family) || x.k - y.k || a.localeCompare(b)
  })
})

/** Sorts metric names by family (see {@link METRIC_FAMILY_ORDER}), then by k: recall@5 before recall@20. */
export function sortMetricNames(names: Iterable<string>): string[] {
  return [...sortedByKey([...new Set(names)].join('\u0000'))]
}

/** Sorts case types in schema order (normal first); unknown names follow alphabetically. */
export function sortCaseTypes(types: Iterable<string>): string[] {
  const order: readonly string[] = CaseTypeSchema.options
  const rank = (t: string) => (order.includes(t) ? order.indexOf(t) : order.length)
  return [...new Set(types)].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
}
