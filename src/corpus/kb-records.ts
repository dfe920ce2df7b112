/**
 * Knowledge-base records into {@link SourceDocument}s (pure): markdown docs, changelog entries and tickets.
 * A changelog entry or ticket becomes a small rendered text that starts with its id, version or date and
 * title (`CL-2025-014 (v4.2.0, 2025-06-01): Seat limit raised`), so exact-identifier queries can find it.
 */
import { z } from 'zod'
import { parseJsonlRecords } from '../shared/problems/jsonl.ts'
import type { Problem } from '../shared/problems/problems.ts'
import { markdownTitle, parseHeadingSections } from './markdown.ts'
import { normalizeText } from '../shared/text/normalize.ts'
import type { SourceDocument } from './types.ts'

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD')
const nonEmpty = z.string().trim().min(1)

/** One line of `changelog.jsonl`. Extra fields are allowed and ignored. */
export const ChangelogEntrySchema = z.object({
  entry_id: nonEmpty,
  version: nonEmpty,
  date: isoDate,
  title: nonEmpty,
  body: z.string(),
})
/** One line of `changelog.jsonl`. */
export type ChangelogEntry = z.infer<typeof ChangelogEntrySchema>

/** One line of `tickets.jsonl`. Extra fields are allowed and ignored. */
export const TicketSchema = z.object({
  ticket_id: nonEmpty,
  title: nonEmpty,
  body: z.string(),
  created: isoDate,
  status: z.string().optional(),
  tags: z.array(z.string()).optional(),
})
/** One line of `tickets.jsonl`. */
export type Ticket = z.infer<typeof TicketSchema>

/** Documents built from one file, and the problems found in it. */
export interface RecordsResult {
  documents: SourceDocument[]
  problems: Problem[]
}

/** A markdown doc: key = slug (path under `docs/` without `.md`), title = first `# ` heading, else the slug. */
export function buildMarkdownDocument(
  tenantId: string,
  slug: string,
  rawText: string,
  origin?: string,
): SourceDocument {
  const text = normalizeText(rawText)
  const sections = parseHeadingSections(text)
  return {
    id: `${tenantId}/doc/${slug}`,
    key: slug,
    tenantId,
    kind: 'doc',
    title: markdownTitle(sections, slug),
    text,
    sections,
    ...(origin === undefined ? {} : { origin }),
  }
}

/** The text of a changelog entry: `CL-2025-014 (v4.2.0, 2025-06-01): Seat limit raised\n\n<body>`. */
export function renderChangelogEntry(entry: ChangelogEntry): string {
  const version = entry.version.startsWith('v') ? entry.version : `v${entry.version}`
  return normalizeText(`${entry.entry_id} (${version}, ${entry.date}): ${entry.title}\n\n${entry.body}`)
}

/** The text of a ticket: `TCK-1042 (2025-05-02, resolved): Title\n\n<body>`, with a `Tags:` line when tagged. */
export function renderTicket(ticket: Ticket): string {
  const meta = ticket.status ? `${ticket.created}, ${ticket.status}` : ticket.created
  const tags = ticket.tags && ticket.tags.length > 0 ? `\n\nTags: ${ticket.tags.join(', ')}` : ''
  return normalizeText(`${ticket.ticket_id} (${meta}): ${ticket.title}\n\n${ticket.body}${tags}`)
}

function parseJsonl<T>(
  text: string,
  file: string,
  schema: z.ZodType<T>,
  idOf: (record: T) => string,
  idField: string,
  build: (record: T, line: number) => SourceDocument,
): RecordsResult {
  const documents: SourceDocument[] = []
  const parsed = parseJsonlRecords(normalizeText(text), file, schema)
  const problems: Problem[] = [...parsed.problems]
  const firstLineOf = new Map<string, number>()
  for (const { value, line } of parsed.records) {
    const id = idOf(value)
    const first = firstLineOf.get(id)
    if (first !== undefined) {
      problems.push({
        code: 'duplicate_id',
        file,
        line,
        path: idField,
        value: id,
        message: `"${id}" is already used on line ${first}`,
        fix: `give one of lines ${first} and ${line} a different ${idField}`,
      })
      continue
    }
    firstLineOf.set(id, line)
    documents.push(build(value, line))
  }
  // One list in file order, whichever check found the problem.
  problems.sort((x, y) => (x.line ?? 0) - (y.line ?? 0))
  return { documents, problems }
}

/** Parses a tenant's `changelog.jsonl` text: one document per entry, id `<tenant>/changelog/<entry_id>`. */
export function parseChangelogJsonl(text: string, tenantId: string, file: string): RecordsResult {
  return parseJsonl(
    text,
    file,
    ChangelogEntrySchema,
    (e) => e.entry_id,
    'entry_id',
    (entry, line) => ({
      id: `${tenantId}/changelog/${entry.entry_id}`,
      key: entry.entry_id,
      tenantId,
      kind: 'changelog',
      title: entry.title,
      text: renderChangelogEntry(entry),
      version: entry.version,
      date: entry.date,
      origin: file,
      line,
    }),
  )
}

/** Parses a tenant's `tickets.jsonl` text: one document per ticket, id `<tenant>/ticket/<ticket_id>`. */
export function parseTicketsJsonl(text: string, tenantId: string, file: string): RecordsResult {
  return parseJsonl(
    text,
    file,
    TicketSchema,
    (t) => t.ticket_id,
    'ticket_id',
    (ticket, line) => ({
      id: `${tenantId}/ticket/${ticket.ticket_id}`,
      key: ticket.ticket_id,
      tenantId,
      kind: 'ticket',
      title: ticket.title,
      text: renderTicket(ticket),
      date: ticket.created,
      origin: file,
      line,
    }),
  )
}
