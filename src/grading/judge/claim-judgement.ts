/**
 * The heuristic judge's verdict on one claim: is it supported by the shown context, do its markers point at
 * sources that support it, and does a newer source disagree with the one it follows. Each claim is read once
 * ({@link readClaimEvidence}) and each source text once per claim, however many of the judge's questions ask
 * about it (a cited source is asked "does it support the claim?" as a citation and again as context).
 */
import { compareRecencyUndatedEqual } from '../../shared/text/conflict-rule.ts'
import type { ShownSource } from '../../system/adapter/types.ts'
import type { SplitClaim } from './claims.ts'
import { isSupportedBy, readClaimEvidence, sentenceWindows, supportIn, type ClaimEvidence } from './support.ts'
import type { JudgeClaim, JudgeInput } from './types.ts'

/** The thresholds a claim is judged by (see `HeuristicJudgeOptions`). */
export interface ClaimSupportOptions {
  supportOverlap: number
  supportWindowSentences: number
}

/** What every claim of one answer is checked against, gathered once per judgement. */
export interface AnswerContext {
  readonly input: JudgeInput
  readonly options: ClaimSupportOptions
  /** The shown sources by marker (a repeated marker: the last source). */
  readonly shown: ReadonlyMap<number, ShownSource>
  /** Every shown source's text (absent: '') joined by line breaks: the whole context. */
  readonly wholeText: string
}

/** Gathers the context of one judgement. */
export function answerContext(input: JudgeInput, options: ClaimSupportOptions): AnswerContext {
  return {
    input,
    options,
    shown: new Map(input.sources.map((s) => [s.marker, s])),
    wholeText: input.sources.map((s) => s.text ?? '').join('\n'),
  }
}

/** A claim's verdict with what the criteria's reasons need. */
export interface ClaimFinding extends JudgeClaim {
  unknownMarkers: number[]
  citationOk: boolean
  /** A newer shown source that covers the claim's words but not its literals (answered from a stale source). */
  staleAgainst?: number
  why: string
}

/**
 * Whether `text` supports the claim: the whole text, or with `windowed` any run of `supportWindowSentences`
 * consecutive sentences of it (a fact rests on a passage; see `HeuristicJudgeOptions.supportWindowSentences`).
 */
function supportedIn(evidence: ClaimEvidence, text: string, windowed: boolean, options: ClaimSupportOptions): boolean {
  if (!windowed) return isSupportedBy(evidence, text, options.supportOverlap)
  return sentenceWindows(text, options.supportWindowSentences).some((window) =>
    isSupportedBy(evidence, window, options.supportOverlap),
  )
}

function notInContext(missing: readonly string[]): string {
  return `not in the context${missing.length > 0 ? ` (missing ${missing.join(', ')})` : ''}`
}

/**
 * The marker of a shown source newer than every source supporting the claim that covers the claim's words but
 * not its literals (the claim was answered from a stale source); undefined when none, or nothing supports it.
 */
function findNewerDisagreement(
  evidence: ClaimEvidence,
  supportingSources: readonly ShownSource[],
  sources: readonly ShownSource[],
  options: ClaimSupportOptions,
): number | undefined {
  if (supportingSources.length === 0) return undefined
  const newest = supportingSources.reduce((a, b) => (compareRecencyUndatedEqual(a, b) >= 0 ? a : b))
  const newer = sources.find((s) => {
    if (compareRecencyUndatedEqual(s, newest) <= 0 || s.text === undefined) return false
    const m = supportIn(evidence, s.text)
    return m.overlap >= options.supportOverlap && m.missingLiterals.length > 0
  })
  return newer?.marker
}

/** Judges one claim of the answer against the sources of `context`. */
export function judgeClaim(claim: SplitClaim, context: AnswerContext): ClaimFinding {
  const { input, options, shown } = context
  const fact = claim.kind === 'fact'
  const evidence = readClaimEvidence(claim.text, input.query, !fact)
  // A fact rests on a passage; a conflict note, or a claim citing several sources at once, says what those
  // sources say together, so it may draw on all of their text. Answers per text (the default windowing), so a
  // cited source asked again as context is not read again.
  const answers = new Map<string, boolean>()
  const supports = (text: string | undefined, windowed = fact): boolean => {
    if (text === undefined) return false
    if (windowed !== fact) return supportedIn(evidence, text, windowed, options)
    let ok = answers.get(text)
    if (ok === undefined) answers.set(text, (ok = supportedIn(evidence, text, windowed, options)))
    return ok
  }
  const unknownMarkers = claim.markers.filter((m) => !shown.has(m))
  const cited = claim.markers.filter((m) => shown.has(m))
  let supportingMarkers = cited.filter((m) => supports(shown.get(m)?.text))
  // A claim that joins two sources ("A is in X [1] and costs $5 [2]") is supported by their union only.
  const citedUnion = supports(cited.map((m) => shown.get(m)?.text ?? '').join('\n'), cited.length <= 1 && fact)
  if (supportingMarkers.length === 0 && cited.length > 1 && citedUnion) {
    supportingMarkers = cited.filter((m) => {
      const text = shown.get(m)?.text
      return text !== undefined && supportIn(evidence, text).matchedWords.length > 0
    })
  }
  const supportingSources = input.sources.filter((s) => supports(s.text))
  const supported = supportingSources.length > 0 || supports(context.wholeText) || (cited.length > 1 && citedUnion)
  const citationOk = cited.length > 0 && unknownMarkers.length === 0 && (supportingMarkers.length > 0 || citedUnion)

  const staleAgainst = fact ? findNewerDisagreement(evidence, supportingSources, input.sources, options) : undefined

  const why =
    unknownMarkers.length > 0
      ? `cites [${unknownMarkers.join('], [')}] which was not shown`
      : !supported
        ? notInContext(supportIn(evidence, context.wholeText).missingLiterals)
        : cited.length === 0
          ? 'supported but carries no marker'
          : !citationOk
            ? `its marker${cited.length > 1 ? 's' : ''} [${cited.join('], [')}] do not support it`
            : 'supported by its citation'
  return {
    text: claim.text,
    markers: [...claim.markers],
    supportingMarkers,
    supported,
    unknownMarkers,
    citationOk,
    staleAgainst,
    why,
  }
}
