/**
 * Named presets for experiments, and the "one thing changed" rule. A preset is a whole experiment
 * configuration in three sections (`search`, `chunker`, `gate`); each shipped preset differs from
 * {@link REFERENCE_PRESET} in exactly one section (a test enforces it), so a difference in a table has one
 * cause. `compare` uses {@link differingSections} on two runs' configuration snapshots to warn when they
 * differ in more than one. Pure.
 */
import type { FusionConfig } from '../../search/fusion.ts'
import type { SearchArm } from '../../search/types.ts'
import type { EvidenceGateConfig } from '../../system/reference/evidence-gate.ts'
import { canonicalJson } from '../../shared/util/hash.ts'

/** The configuration an experiment varies. */
export interface ExperimentConfig {
  /** The retrieval arm and, for `hybrid`, how its two lists are fused (absent: the index default, RRF k 60). */
  search: { arm: SearchArm; fusion?: FusionConfig }
  /** A chunker spec (`structural`, `fixed:1000/100`). */
  chunker: string
  /** Overrides of the reference pipeline's confidence gate (empty: its defaults). */
  gate: Partial<EvidenceGateConfig>
}

/** A named configuration with one line saying what it changes. */
export interface Preset {
  name: string
  description: string
  config: ExperimentConfig
}

/** The reference: exact BM25, structural chunking, the default gate (the defaults of a Vitest run). */
export const REFERENCE_PRESET: Preset = {
  name: 'bm25',
  description: 'reference: exact BM25, structural chunks, default gate',
  config: { search: { arm: 'bm25' }, chunker: 'structural', gate: {} },
}

function withSearch(name: string, description: string, search: ExperimentConfig['search']): Preset {
  return { name, description, config: { ...REFERENCE_PRESET.config, search } }
}

function withChunker(name: string, description: string, chunker: string): Preset {
  return { name, description, config: { ...REFERENCE_PRESET.config, chunker } }
}

/** Retrieval arm presets for `eval-retrieval`; each changes only `search`. */
export const ARM_PRESETS: readonly Preset[] = [
  REFERENCE_PRESET,
  withSearch('flexsearch', 'flexsearch keyword index (rank-derived scores, not BM25)', { arm: 'flexsearch' }),
  withSearch('vector', 'exact cosine over the embedder (offline: the hash embedder)', { arm: 'vector' }),
  withSearch('hybrid', 'BM25 + vector, reciprocal rank fusion k 60 over depth 100', {
    arm: 'hybrid',
    fusion: { method: 'rrf', k: 60, depth: 100 },
  }),
  withSearch('hybrid-rrf10', 'BM25 + vector, reciprocal rank fusion k 10 (top ranks weigh more)', {
    arm: 'hybrid',
    fusion: { method: 'rrf', k: 10, depth: 100 },
  }),
  withSearch('hybrid-weighted', 'BM25 + vector, min-max normalised scores weighted 0.7 / 0.3', {
    arm: 'hybrid',
    fusion: { method: 'weighted', weights: { bm25: 0.7, vector: 0.3 }, depth: 100 },
  }),
]

/** The chunk sizes `chunking-experiment` sweeps, in characters. */
export const CHUNK_SIZES: readonly number[] = [500, 1000, 2000, 4000, 8000]

/** Chunker presets for `chunking-experiment`: structural (the reference) and fixed windows of each size, overlap 10%. */
export const CHUNKER_PRESETS: readonly Preset[] = [
  withChunker(
    'structural',
    'reference: one chunk per heading section / entry / ticket, long ones in 1500-char windows',
    'structural',
  ),
  ...CHUNK_SIZES.map((size) =>
    withChunker(
      `fixed-${size}`,
      `fixed windows of ${size} characters, overlap ${size / 10}`,
      `fixed:${size}/${size / 10}`,
    ),
  ),
]

/** Every shipped preset by name (arm and chunker presets; `bm25` and `structural` both equal the reference). */
export function findPreset(name: string): Preset | undefined {
  return [...ARM_PRESETS, ...CHUNKER_PRESETS].find((p) => p.name === name)
}

/**
 * The top-level keys whose values differ between two configuration objects (compared as canonical JSON,
 * so key order does not count), sorted, leaving out `ignore`. A key absent on one side differs when present
 * on the other. Example: {search: {arm: bm25}, chunker: structural} vs {search: {arm: vector}, chunker:
 * structural} -> ['search'].
 */
export function differingSections(a: unknown, b: unknown, ignore: readonly string[] = []): string[] {
  const left = (a ?? {}) as Record<string, unknown>
  const right = (b ?? {}) as Record<string, unknown>
  const keys = new Set([...Object.keys(left), ...Object.keys(right)])
  return [...keys]
    .filter((k) => !ignore.includes(k))
    .filter((k) => canonicalJson(left[k] ?? null) !== canonicalJson(right[k] ?? null))
    .sort()
}

/**
 * Snapshot keys that do not change what a run measures (where files go, timeouts, resume), so two runs that
 * differ only there still differ in nothing that matters.
 */
export const NON_RESULT_SECTIONS: readonly string[] = [
  'outDir',
  'baseline',
  'resume',
  'dryRun',
  'testTimeout',
  'concurrency',
  'calibration',
  'gate',
]
