/**
 * A system's output with every source it names resolved against the harness's own corpus: what the hard checks,
 * the metrics and the judge read instead of the system's word. Built here, where sources are resolved.
 */
import type { SystemOutput } from './adapter/types.ts'
import type { SourceResolver } from './sources/resolve-source.ts'
import type { SourceResolution } from './sources/types.ts'

/** An output and the resolution of each source it names, in the output's order. */
export interface ResolvedOutput {
  /** The validated output, as the system returned it. */
  output: SystemOutput
  /** One resolution per retrieved item, rank order kept. */
  retrieved: readonly SourceResolution[]
  /** One resolution per shown (cited) source. */
  shown: readonly SourceResolution[]
}

/** Resolves every retrieved item and shown source of `output` for a case of `tenant`. */
export function resolveOutput(resolve: SourceResolver, output: SystemOutput, tenant: string): ResolvedOutput {
  return {
    output,
    retrieved: output.retrieved.map((ref) => resolve(ref, tenant)),
    shown: (output.sources ?? []).map((ref) => resolve(ref, tenant)),
  }
}
