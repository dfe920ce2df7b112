/**
 * Chunking entry point: turns documents into {@link Chunk}s with stable ids under a {@link ChunkerConfig},
 * which is one line of configuration (`fixed:800/100`, `structural`).
 */
import { canonicalJson, sha256 } from '../shared/util/hash.ts'
import { fixedWindows } from './chunk-fixed.ts'
import { structuralSpans, type StructuralSpan } from './chunk-structural.ts'
import { ChunkerSpecError } from './errors.ts'
import type {
  Chunk,
  ChunkerConfig,
  FixedChunkerConfig,
  HeadingSection,
  SourceDocument,
  StructuralChunkerConfig,
} from './types.ts'

/** Default fixed chunker: 800-character windows sharing 100 characters. */
export const defaultFixedChunkerConfig: FixedChunkerConfig = { kind: 'fixed', size: 800, overlap: 100 }

/** Default structural chunker: sections up to 1500 characters, longer ones split in windows sharing 100. */
export const defaultStructuralChunkerConfig: StructuralChunkerConfig = {
  kind: 'structural',
  maxSize: 1500,
  overlap: 100,
}

/** The default chunker: structural, since golden locators name sections, entries and tickets. */
export const defaultChunkerConfig: ChunkerConfig = defaultStructuralChunkerConfig

/**
 * Stable chunk id: `<docId>#<16 hex>`, the hex being the first 16 of sha256 over the canonical JSON of
 * `[docId, config, start, end]`. The same document, config and offsets give the same id in every run;
 * any change of chunker config gives new ids.
 */
export function chunkId(docId: string, config: ChunkerConfig, start: number, end: number): string {
  return `${docId}#${sha256(canonicalJson([docId, config, start, end])).slice(0, 16)}`
}

/** The document id of a chunk id made by {@link chunkId} (everything before its last `#`). Example: `billing/plans#0123456789abcdef` -> `billing/plans`. */
export function docIdOfChunkId(id: string): string {
  const hash = id.lastIndexOf('#')
  return hash < 0 ? id : id.slice(0, hash)
}

/** The heading path of the innermost section containing `offset`, if any. */
function headingPathAt(sections: readonly HeadingSection[] | undefined, offset: number): string[] | undefined {
  let best: HeadingSection | undefined
  for (const s of sections ?? []) if (s.start <= offset && offset < s.end && (!best || s.level > best.level)) best = s
  return best?.path
}

function spansOf(doc: SourceDocument, config: ChunkerConfig): StructuralSpan[] {
  if (config.kind === 'structural') return structuralSpans(doc, config)
  return fixedWindows(doc.text, config.size, config.overlap).map((w) => {
    const headingPath = headingPathAt(doc.sections, w.start)
    return headingPath ? { ...w, headingPath } : w
  })
}

/** Chunks every document, in document order then offset order. `text === doc.text.slice(start, end)` for each. */
export function chunkDocuments(docs: readonly SourceDocument[], config: ChunkerConfig = defaultChunkerConfig): Chunk[] {
  const chunks: Chunk[] = []
  for (const doc of docs) {
    for (const span of spansOf(doc, config)) {
      chunks.push({
        id: chunkId(doc.id, config, span.start, span.end),
        docId: doc.id,
        tenantId: doc.tenantId,
        kind: doc.kind,
        text: doc.text.slice(span.start, span.end),
        start: span.start,
        end: span.end,
        title: doc.title,
        ...(span.headingPath ? { headingPath: span.headingPath } : {}),
        ...(doc.version === undefined ? {} : { version: doc.version }),
        ...(doc.date === undefined ? {} : { date: doc.date }),
      })
    }
  }
  return chunks
}

function parseSizes(
  spec: string,
  rest: string | undefined,
  defaults: { size: number; overlap: number },
): { size: number; overlap: number } {
  if (rest === undefined) return defaults
  const match = /^(\d+)(?:\/(\d+))?$/.exec(rest)
  if (!match) throw new ChunkerSpecError(spec, `"${rest}" is not <size>/<overlap> in whole characters`)
  const size = Number(match[1])
  const overlap = match[2] === undefined ? Math.min(defaults.overlap, Math.floor(size / 4)) : Number(match[2])
  if (size < 1) throw new ChunkerSpecError(spec, 'size must be at least 1')
  if (overlap >= size) throw new ChunkerSpecError(spec, `overlap ${overlap} must be smaller than size ${size}`)
  return { size, overlap }
}

/**
 * Parses a one-line chunker spec: `fixed` (800/100), `fixed:<size>/<overlap>` (e.g. `fixed:800/100`;
 * `fixed:400` keeps overlap min(100, size/4)), `structural` (1500/100) or `structural:<maxSize>/<overlap>`.
 * Throws {@link ChunkerSpecError} on anything else.
 */
export function parseChunkerSpec(spec: string): ChunkerConfig {
  const [kind, rest, extra] = spec.trim().split(':')
  if (extra !== undefined) throw new ChunkerSpecError(spec, 'too many ":"')
  if (kind === 'fixed') {
    const { size, overlap } = parseSizes(spec, rest, defaultFixedChunkerConfig)
    return { kind: 'fixed', size, overlap }
  }
  if (kind === 'structural') {
    const d = defaultStructuralChunkerConfig
    const { size, overlap } = parseSizes(spec, rest, { size: d.maxSize, overlap: d.overlap })
    return { kind: 'structural', maxSize: size, overlap }
  }
  throw new ChunkerSpecError(spec, `unknown chunker "${kind ?? ''}"`)
}

/** The spec string of a config, the inverse of {@link parseChunkerSpec}: `fixed:800/100`, `structural:1500/100`. */
export function formatChunkerSpec(config: ChunkerConfig): string {
  return config.kind === 'fixed'
    ? `fixed:${config.size}/${config.overlap}`
    : `structural:${config.maxSize}/${config.overlap}`
}
