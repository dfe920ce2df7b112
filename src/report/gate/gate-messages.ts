/**
 * The gate's lines as the views print them: failures first (hard-assertion failures collapsed into one
 * line, since the scorecard lists them at the top), then warnings and notes.
 */
import type { GateLine, GateView } from '../scorecard/gate-view.ts'
import { formatPValue } from './format-values.ts'
import type { GateResult } from './gate-result.ts'

export type { GateLine } from '../scorecard/gate-view.ts'

/**
 * Lines for a gate result. `messages` repeat the reasons and may carry lines a caller prepended (e.g. the
 * reporter's "run interrupted"); those are shown as failures when the gate failed, as notes otherwise.
 */
export function gateLines(gate: GateResult): GateLine[] {
  const reasonMessages = new Set(gate.reasons.map((r) => r.message))
  const hard = gate.reasons.filter((r) => r.code === 'hard_assertion_failed')
  const lines: GateLine[] = []
  const extra = gate.messages.filter((m) => !reasonMessages.has(m))
  // Lines a caller prepended before the reasons (messages start with them) explain a forced failure.
  const firstReasonIndex = gate.messages.findIndex((m) => reasonMessages.has(m))
  const prepended = gate.pass
    ? []
    : extra.filter(
        (m) => gate.messages.indexOf(m) < (firstReasonIndex === -1 ? Number.POSITIVE_INFINITY : firstReasonIndex),
      )
  for (const text of prepended) lines.push({ kind: 'failure', text })
  if (hard.length > 0) {
    const cases = new Set(hard.map((r) => r.caseId)).size
    lines.push({
      kind: 'failure',
      text: `${hard.length} hard assertion(s) failed in ${cases} case(s) (listed under hard assertions)`,
    })
  }
  for (const reason of gate.reasons)
    if (reason.code !== 'hard_assertion_failed') lines.push({ kind: 'failure', text: reason.message })
  for (const text of extra) if (!prepended.includes(text)) lines.push({ kind: 'note', text })
  return lines
}

/** The gate result as the scorecard views take it: verdict, printable lines, one row per comparison. */
export function gateView(gate: GateResult): GateView {
  return {
    pass: gate.pass,
    lines: gateLines(gate),
    comparisons: gate.comparisons.map((c) => ({
      metric: c.metric,
      group: c.group,
      baseline: c.baseline,
      current: c.current,
      relativeChange: c.relativeChange,
      pValue: c.significance ? formatPValue(c.significance.pValue) : '',
      verdict: c.verdict,
      ...confirmable(gate, c.metric, c.group),
    })),
    ...(gate.caseDiffs ? { caseDiffs: gate.caseDiffs } : {}),
    ...(gate.moreCaseDiffs ? { moreCaseDiffs: gate.moreCaseDiffs } : {}),
  }
}

function confirmable(gate: GateResult, metric: string, group: string): { confirmableDrop?: number } {
  const power = gate.power?.find((p) => p.metric === metric && p.group === group)
  return power === undefined ? {} : { confirmableDrop: power.relativeDrop }
}
