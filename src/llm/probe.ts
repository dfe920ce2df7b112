/**
 * The embedding dimension probe, once per run: when the config does not give an embedder's dimensions, one
 * short text is embedded to learn them. The global setup probes before any worker starts and records the
 * answer in the output folder; every worker reads it instead of paying for its own probe.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { writeFileAtomicSync } from '../shared/util/atomic-write.ts'

/** The text embedded to learn an embedding model's dimensions. */
export const PROBE_TEXT = 'dimension probe'

/** The file under the output folder that records probed dimensions, per model. */
export const PROBE_FILE = 'embedding-dimensions.json'

/** Something that embeds texts (the embedding client). */
export interface ProbeableEmbedder {
  readonly model: string
  readonly dimensions: number | undefined
  embed(texts: string[]): Promise<{ vectors: Float32Array[] }>
}

/** The dimensions recorded for `model` under `outDir`, if a probe of this run recorded them. */
export function readProbedDimensions(outDir: string, model: string): number | undefined {
  try {
    const recorded = JSON.parse(readFileSync(join(outDir, PROBE_FILE), 'utf8')) as Record<string, unknown>
    const value = recorded[model]
    return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined
  } catch {
    return undefined
  }
}

/**
 * The embedder's dimensions: configured, else recorded by this run's probe, else probed now (one call) and
 * recorded for the other workers. Example: a model returning 1536-float vectors records `{ "<model>": 1536 }`.
 */
export async function embeddingDimensions(client: ProbeableEmbedder, outDir: string): Promise<number | undefined> {
  if (client.dimensions !== undefined) return client.dimensions
  const recorded = readProbedDimensions(outDir, client.model)
  if (recorded !== undefined) return recorded
  const probed = (await client.embed([PROBE_TEXT])).vectors[0]?.length
  if (probed !== undefined) {
    let all: Record<string, unknown> = {}
    try {
      all = JSON.parse(readFileSync(join(outDir, PROBE_FILE), 'utf8')) as Record<string, unknown>
    } catch {
      // first probe of the run
    }
    writeFileAtomicSync(join(outDir, PROBE_FILE), `${JSON.stringify({ ...all, [client.model]: probed }, null, 2)}\n`)
  }
  return probed
}
