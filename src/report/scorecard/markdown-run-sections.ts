/**
 * Markdown sections on how the run behaved beyond its quality tables: abstention, error classes, model usage
 * and cost. Views only: every figure comes from the scorecard.
 */
import { FIX_HALF, ERROR_CLASSES } from './error-classes.ts'
import { escapeMarkdown, fixed, percent, table } from './markdown-tables.ts'
import { sortCaseTypes } from './metric-order.ts'
import type { Scorecard } from './scorecard.ts'

type ProviderUsage = NonNullable<Scorecard['usage']['providers']>[string]

/** The abstention section: precision, recall and F1 of abstaining, and the risk-coverage curve; empty when nothing was answered. */
export function renderAbstention(s: Scorecard): string[] {
  const b = s.abstention
  if (b.answered === 0) return []
  const lines = [
    '',
    '### Abstention',
    '',
    ...table(
      ['Must abstain', 'Abstained', 'Correct abstentions', 'Precision', 'Recall', 'F1', 'AURC'],
      [
        [
          `${b.mustAbstain}`,
          `${b.abstained}`,
          `${b.correctAbstentions}`,
          fixed(b.precision),
          fixed(b.recall),
          fixed(b.f1),
          b.aurc === undefined ? '–' : fixed(b.aurc),
        ],
      ],
      0,
    ),
  ]
  if (b.riskCoverage.length > 0) {
    const rows = b.riskCoverage.map((p) => [fixed(p.threshold), percent(p.coverage), fixed(p.risk)])
    lines.push(
      '',
      `<details><summary>Risk-coverage (${b.withConfidence} answers with a confidence)</summary>`,
      '',
      ...table(['Confidence ≥', 'Coverage', 'Risk'], rows, 0),
      '',
      '</details>',
    )
  }
  return lines
}

/** The error-class section: each class, where to fix it, and its counts overall and per case type; empty when nothing was classified. */
export function renderErrorClasses(s: Scorecard): string[] {
  const e = s.errorClasses
  if (e.classified === 0) return []
  const types = sortCaseTypes(Object.keys(e.byCaseType))
  const byType = e.byCaseType as Record<string, Partial<Record<string, number>> | undefined>
  const rows = ERROR_CLASSES.filter((c) => e.overall[c] !== undefined).map((c) => [
    c,
    c === 'correct' ? '–' : FIX_HALF[c],
    `${e.overall[c] ?? 0}`,
    ...types.map((t) => `${byType[t]?.[c] ?? 0}`),
  ])
  return [
    '',
    '### Error classes',
    '',
    `Fix retrieval: ${e.fix.retrieval} case(s) · fix generation: ${e.fix.generation} case(s)`,
    '',
    ...table(['Class', 'Fix in', 'overall', ...types], rows, 2),
  ]
}

/** The usage section: calls, cache, retries and cost, the run's totals, the spend limit, and each provider; empty when no model was called. */
export function renderUsage(s: Scorecard): string[] {
  const u = s.usage
  const providers = Object.entries(u.providers ?? {}).sort(([a], [b]) => a.localeCompare(b))
  if (u.calls === 0 && u.costUsd === 0 && providers.length === 0 && !u.spendLimit) return []
  const lines = [
    '',
    '### Usage',
    '',
    ...table(
      ['Calls', 'Cached', 'Retries', 'Cost (USD)', 'Saved by cache (USD)'],
      [[`${u.calls}`, `${u.cachedCalls}`, `${u.retries}`, fixed(u.costUsd, 4), fixed(u.savedUsd, 4)]],
      0,
    ),
  ]
  if (u.total)
    lines.push(
      '',
      `All model calls of the run (generator, judge, embedder, re-asks, errored cases): ${u.total.calls} calls, ${u.total.cachedCalls} cached, ${u.total.failures} failed, $${fixed(u.total.costUsd, 4)} spent, $${fixed(u.total.savedUsd, 4)} saved.`,
    )
  if (u.spendLimit)
    lines.push(
      '',
      `**The spend limit stopped ${u.spendLimit.stoppedCases} case(s)** (${u.spendLimit.caseIds.slice(0, 10).join(', ')}${u.spendLimit.caseIds.length > 10 ? ', ...' : ''}): ${escapeMarkdown(u.spendLimit.message)}`,
    )
  if (providers.length > 0) lines.push(...renderProviders(providers))
  return lines
}

/** The per-provider table of the usage section, providers sorted by name. */
function renderProviders(providers: Array<[string, ProviderUsage]>): string[] {
  const retries = (r: Record<string, number>) =>
    Object.entries(r)
      .filter(([, n]) => n > 0)
      .map(([cause, n]) => `${cause} ${n}`)
      .join(', ') || '0'
  const rows = providers.map(([name, p]) => [
    name,
    `${p.calls}`,
    `${p.cached}`,
    retries(p.retries),
    `${p.fallbacks}`,
    `${p.failures}`,
    `${p.inputTokens}`,
    `${p.outputTokens}`,
    fixed(p.costUsd, 4),
    fixed(p.savedUsd, 4),
  ])
  return [
    '',
    'Per provider (every model call: generator, judge, embedder):',
    '',
    ...table(
      [
        'Provider',
        'Calls',
        'Cached',
        'Retries',
        'Fallbacks',
        'Failures',
        'Input tokens',
        'Output tokens',
        'Cost (USD)',
        'Saved (USD)',
      ],
      rows,
      1,
    ),
  ]
}
