/**
 * Per-provider model-call counts across a run's workers: each runtime writes its clients' running tally to its
 * own file under `<outDir>/llm-stats/` after every case (atomically, so the reporter never reads half a file),
 * and the reporter sums the files into the scorecard, so retries, fallbacks and failures are reported per
 * provider and never hidden, whichever worker made the call.
 */
import { randomUUID } from 'node:crypto'
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { StatsByProvider } from '../llm/index.ts'
import { writeFileAtomic } from '../shared/util/atomic-write.ts'
import type { ProviderUsage } from './provider-usage.ts'

const DIR = 'llm-stats'

/** A writer for one runtime's tally file. */
export function providerStatsWriter(outDir: string): (stats: StatsByProvider) => Promise<void> {
  const path = join(outDir, DIR, `${process.pid}-${randomUUID()}.json`)
  return (stats) => writeFileAtomic(path, `${JSON.stringify(stats)}\n`)
}

/** Removes the tallies of a previous run (at the start of a fresh, non-resumed run). */
export function clearProviderStats(outDir: string): void {
  rmSync(join(outDir, DIR), { recursive: true, force: true })
}

function add(into: ProviderUsage, from: Partial<ProviderUsage> & { retries?: Record<string, number> }): void {
  into.calls += from.calls ?? 0
  into.cached += from.cached ?? 0
  into.fallbacks += from.fallbacks ?? 0
  into.failures += from.failures ?? 0
  into.inputTokens += from.inputTokens ?? 0
  into.outputTokens += from.outputTokens ?? 0
  into.costUsd += from.costUsd ?? 0
  into.savedUsd += from.savedUsd ?? 0
  for (const [cause, n] of Object.entries(from.retries ?? {})) into.retries[cause] = (into.retries[cause] ?? 0) + n
}

/** The sum of every tally file, per provider; undefined when no runtime made a model call. */
export function readProviderStats(outDir: string): Record<string, ProviderUsage> | undefined {
  let files: string[]
  try {
    files = readdirSync(join(outDir, DIR)).filter((f) => f.endsWith('.json'))
  } catch {
    return undefined
  }
  const total: Record<string, ProviderUsage> = {}
  for (const file of files.sort()) {
    const stats = JSON.parse(readFileSync(join(outDir, DIR, file), 'utf8')) as Record<string, Partial<ProviderUsage>>
    for (const [provider, s] of Object.entries(stats)) {
      total[provider] ??= {
        calls: 0,
        cached: 0,
        retries: {},
        fallbacks: 0,
        failures: 0,
        inputTokens: 0,
        outputTokens: 0,
        costUsd: 0,
        savedUsd: 0,
      }
      add(total[provider], s)
    }
  }
  return Object.keys(total).length > 0 ? total : undefined
}
