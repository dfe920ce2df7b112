/**
 * Knowledge-base records into {@link SourceDocument}s (pure): markdown docs, changelog entries and tickets.
 * A changelog entry or ticket becomes a small rendered text that starts with its id, version or date and
 * title (`CL-2025-014 (v4.2.0, 2025-06-01): Seat limit raised`), so exact-identifier queries can find it.
 */
import { z } from 'zod';
import type { Problem } from '../cases/problems.js';
import type { SourceDocument } from './types.js';
/** One line of `changelog.jsonl`. Extra fields are allowed and ignored. */
export declare const ChangelogEntrySchema: z.ZodObject<{
    entry_id: z.ZodString;
    version: z.ZodString;
    date: z.ZodString;
    title: z.ZodString;
    body: z.ZodString;
}, z.core.$strip>;
/** One line of `changelog.jsonl`. */
export type ChangelogEntry = z.infer<typeof ChangelogEntrySchema>;
/** One line of `tickets.jsonl`. Extra fields are allowed and ignored. */
export declare const TicketSchema: z.ZodObject<{
    ticket_id: z.ZodString;
    title: z.ZodString;
    body: z.ZodString;
    created: z.ZodString;
    status: z.ZodOptional<z.ZodString>;
    tags: z.ZodOptional<z.ZodArray<z.ZodString>>;
}, z.core.$strip>;
/** One line of `tickets.jsonl`. */
export type Ticket = z.infer<typeof TicketSchema>;
/** Documents built from one file, and the problems found in it. */
export interface RecordsResult {
    documents: SourceDocument[];
    problems: Problem[];
}
/** A markdown doc: key = slug (path under `docs/` without `.md`), title = first `# ` heading, else the slug. */
export declare function buildMarkdownDocument(tenantId: string, slug: string, rawText: string, origin?: string): SourceDocument;
/** The text of a changelog entry: `CL-2025-014 (v4.2.0, 2025-06-01): Seat limit raised\n\n<body>`. */
export declare function renderChangelogEntry(entry: ChangelogEntry): string;
/** The text of a ticket: `TCK-1042 (2025-05-02, resolved): Title\n\n<body>`, with a `Tags:` line when tagged. */
export declare function renderTicket(ticket: Ticket): string;
/** Parses a tenant's `changelog.jsonl` text: one document per entry, id `<tenant>/changelog/<entry_id>`. */
export declare function parseChangelogJsonl(text: string, tenantId: string, file: string): RecordsResult;
/** Parses a tenant's `tickets.jsonl` text: one document per ticket, id `<tenant>/ticket/<ticket_id>`. */
export declare function parseTicketsJsonl(text: string, tenantId: string, file: string): RecordsResult;
