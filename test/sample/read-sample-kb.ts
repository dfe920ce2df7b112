/**
 * Plain file reading of the bundled sample knowledge base and its golden files, for the sample's own checks.
 *
 * Deliberately independent of `src/corpus` (the loaders are tested on their own): these checks must say
 * whether the DATA is right, so they read the files the simplest way that can be checked by eye.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Repository root (two levels above this file). */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
/** The bundled sample knowledge base. */
export const sampleKbRoot = join(repoRoot, 'evals', 'sample-kb')
/** The folder of the golden files. */
export const goldenDir = join(repoRoot, 'golden')

/** One markdown section: heading texts from the outermost in, and the text from its heading line to the next heading. */
export interface SampleSection {
  path: string[]
  level: number
  /** Heading line plus body, up to (not including) the next heading of ANY level: the strictest reading. */
  ownText: string
}

/** One markdown doc of a tenant. */
export interface SampleDoc {
  slug: string
  text: string
  sections: SampleSection[]
}

/** One changelog entry or ticket: its id and the text a locator points at (title + body). */
export interface SampleRecord {
  id: string
  date: string
  text: string
  raw: Record<string, unknown>
}

/** Everything one tenant holds. */
export interface SampleTenant {
  tenantId: string
  docs: Map<string, SampleDoc>
  changelog: Map<string, SampleRecord>
  tickets: Map<string, SampleRecord>
  /** Every text of the tenant joined, for "occurs anywhere in this tenant's KB" checks. */
  allText: string
}

const HEADING = /^(#{1,6})\s+(.+?)\s*#*\s*$/

/** Splits markdown into sections by ATX headings, skipping fenced code blocks. */
export function splitSections(text: string): SampleSection[] {
  const sections: SampleSection[] = []
  const stack: { level: number; text: string }[] = []
  let current: SampleSection | undefined
  let inFence = false
  for (const line of text.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence
    const match = inFence ? null : HEADING.exec(line)
    if (match && match[1] !== undefined && match[2] !== undefined) {
      const level = match[1].length
      while (stack.length > 0 && (stack.at(-1)?.level ?? 0) >= level) stack.pop()
      stack.push({ level, text: match[2] })
      current = { path: stack.map((h) => h.text), level, ownText: line }
      sections.push(current)
    } else if (current) {
      current.ownText += `\n${line}`
    }
  }
  return sections
}

/** The sections a heading locator names: by heading text, or by a ` > ` path matched against the end of the path. */
export function findSections(doc: SampleDoc, heading: string): SampleSection[] {
  // Split only on ' > ' with spaces, like the locator resolver, so a heading such as 'A -> B' stays whole.
  const wanted = heading.split(' > ').map((part) => part.trim())
  return doc.sections.filter((s) => {
    if (s.path.length < wanted.length) return false
    const tail = s.path.slice(s.path.length - wanted.length)
    return tail.every((text, i) => text === wanted[i])
  })
}

function listMarkdown(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.md'))
    .map((e) => join(e.parentPath, e.name))
    .sort()
}

function readJsonl(path: string): Record<string, unknown>[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>)
}

function toRecords(rows: Record<string, unknown>[], idField: string, dateField: string): Map<string, SampleRecord> {
  const records = new Map<string, SampleRecord>()
  for (const raw of rows) {
    const id = String(raw[idField])
    if (records.has(id)) throw new Error(`duplicate ${idField} "${id}" in the sample KB`)
    records.set(id, { id, date: String(raw[dateField]), text: `${String(raw.title)}\n${String(raw.body)}`, raw })
  }
  return records
}

/** Reads every tenant of the sample KB. Throws on a malformed JSONL line or a duplicate id (data bugs). */
export function readSampleKb(root: string = sampleKbRoot): SampleTenant[] {
  const tenantsDir = join(root, 'tenants')
  const tenantIds = readdirSync(tenantsDir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()
  return tenantIds.map((tenantId) => {
    const dir = join(tenantsDir, tenantId)
    const docsDir = join(dir, 'docs')
    const docs = new Map<string, SampleDoc>()
    for (const path of listMarkdown(docsDir)) {
      const slug = relative(docsDir, path).split(sep).join('/').replace(/\.md$/, '')
      const text = readFileSync(path, 'utf8').replace(/\r\n?/g, '\n')
      docs.set(slug, { slug, text, sections: splitSections(text) })
    }
    const changelog = toRecords(readJsonl(join(dir, 'changelog.jsonl')), 'entry_id', 'date')
    const tickets = toRecords(readJsonl(join(dir, 'tickets.jsonl')), 'ticket_id', 'created')
    const allText = [
      ...[...docs.values()].map((d) => d.text),
      ...[...changelog.values()].map((r) => `${r.id}\n${r.text}`),
      ...[...tickets.values()].map((r) => `${r.id}\n${r.text}`),
    ].join('\n')
    return { tenantId, docs, changelog, tickets, allText }
  })
}

/** One non-blank, non-comment line of a golden file. */
export interface GoldenLine {
  file: string
  line: number
  json: unknown
}

/** Reads every `*.golden.jsonl` file in `dir`; a line that is not JSON is returned as `json: undefined`. */
export function readGoldenLines(dir: string = goldenDir): GoldenLine[] {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.golden.jsonl'))
    .sort()
  return files.flatMap((file) =>
    readFileSync(join(dir, file), 'utf8')
      .split('\n')
      .flatMap((raw, index): GoldenLine[] => {
        const trimmed = raw.trim()
        if (trimmed === '' || trimmed.startsWith('//')) return []
        let json: unknown
        try {
          json = JSON.parse(trimmed)
        } catch {
          json = undefined
        }
        return [{ file, line: index + 1, json }]
      }),
  )
}
