/**
 * Pairing a run with its baseline: which cases are the same (id and content), which are new, edited or
 * removed, and whether what remains can be compared. Pure.
 *
 * A pull request that grows the golden set changes its hash; the gate still compares the cases both runs share
 * and lists the others, so the very change that edits the eval stays gated. Only two things make a baseline NOT
 * COMPARABLE: too few cases left to pair ({@link GatePolicy.minPairedShare}), and a change of how cases are
 * scored (`scoringChanges` in `scoring-changes.ts`: every metric for another judge kind or model, the retrieval
 * metrics for another retrieval level, the judge metrics for another judge version).
 */
import type { CaseSummary, Scorecard } from '../scorecard/scorecard.ts'
import type { Baseline, BaselineCase } from './baseline.ts'

/** How a run's cases line up with its baseline's (case ids in case id order). */
export interface CaseChanges {
  /** Baseline cases paired with a run case of the same id and content: the cases the metrics compare. */
  paired: number
  /** Cases the baseline holds. */
  baselineCases: number
  /** The share {@link GatePolicy.minPairedShare} is checked on: `paired / denominator`, in [0, 1]. */
  pairedShare: number
  /** Case ids in the run and not in the baseline: not compared, every hard assertion still ran on them. */
  added: string[]
  /** Case ids in both whose content (the parsed case, or its resolved expected sources) changed: not compared. */
  edited: string[]
  /** Case ids in the baseline and not in the run (empty for a sampled or sharded run: there they were not selected). */
  removed: string[]
  /** The corpus fingerprint differs: a corpus change is a change of the system, so the cases are still compared. */
  corpusChanged: boolean
}

/**
 * Whether a run's case has the content of a baseline case: the same case hash (the parsed golden case) and,
 * when both recorded it, the same hash of the resolved expected sources (an edited document can move a locator
 * to other chunks: the case's ground truth changed although its line did not).
 */
export function sameCaseContent(
  current: Pick<CaseSummary, 'caseHash' | 'expectedHash'>,
  baseline: Pick<BaselineCase, 'caseHash' | 'expectedHash'>,
): boolean {
  if (current.caseHash !== baseline.caseHash) return false
  return (
    current.expectedHash === undefined ||
    baseline.expectedHash === undefined ||
    current.expectedHash === baseline.expectedHash
  )
}

/**
 * Pairs the run's cases with the baseline's by id and content. The share is taken of the baseline's cases, or
 * of the run's own cases when the run chose a subset by design (a sample or one shard).
 * Example: a baseline of 20 cases, a run that edits 1 and adds 1 -> paired 19, share 19 / 20 = 0.95.
 */
export function pairCases(current: Scorecard, baseline: Baseline): CaseChanges {
  const added: string[] = []
  const edited: string[] = []
  let paired = 0
  for (const [id, summary] of Object.entries(current.cases)) {
    const base = baseline.cases[id]
    if (base === undefined) added.push(id)
    else if (sameCaseContent(summary, base)) paired++
    else edited.push(id)
  }
  const subset = current.run.selection?.sample !== undefined || current.run.selection?.shard !== undefined
  const removed = subset ? [] : Object.keys(baseline.cases).filter((id) => current.cases[id] === undefined)
  const baselineCases = Object.keys(baseline.cases).length
  const denominator = subset ? Object.keys(current.cases).length : baselineCases
  return {
    paired,
    baselineCases,
    pairedShare: denominator === 0 ? 0 : paired / denominator,
    added,
    edited,
    removed,
    corpusChanged: current.corpusFingerprint !== baseline.corpusFingerprint,
  }
}

/** Up to `max` ids, then how many more. */
export function listIds(ids: readonly string[], max = 20): string {
  return ids.length <= max ? ids.join(', ') : `${ids.slice(0, max).join(', ')} and ${ids.length - max} more`
}

/**
 * The notes a compared run carries about its pairing: which cases were not compared (by id), that the corpus
 * differs, and the command a reviewer runs after merge to take the new cases into the baseline. Empty when the
 * run and the baseline hold the same cases on the same corpus.
 */
export function pairingNotes(changes: CaseChanges, acceptCommand: string): string[] {
  const notes: string[] = []
  const parts = [
    changes.added.length > 0 ? `${changes.added.length} new (${listIds(changes.added)})` : '',
    changes.edited.length > 0 ? `${changes.edited.length} edited (${listIds(changes.edited)})` : '',
    changes.removed.length > 0 ? `${changes.removed.length} removed (${listIds(changes.removed)})` : '',
  ].filter(Boolean)
  if (parts.length > 0) {
    notes.push(
      `cases not compared with the baseline: ${parts.join('; ')}; their hard assertions ran. ` +
        `Compared the ${changes.paired} of the baseline's ${changes.baselineCases} cases with the same id and content`,
    )
  }
  if (changes.corpusChanged)
    notes.push(
      "the corpus differs from the baseline's (another corpus fingerprint): compared as a change of the system",
    )
  if (parts.length > 0 || changes.corpusChanged)
    notes.push(
      `after this change is merged, accept the new baseline on the main branch with \`${acceptCommand}\` and commit it`,
    )
  return notes
}
