/**
 * Locators: where a golden case's answer lives, as a source (a doc section, a changelog entry, a ticket, a
 * generic document or its span), never a chunk. `./resolve-locators.ts` turns them into chunk ids.
 */
import { z } from 'zod'

const nonEmpty = z.string().trim().min(1)

/**
 * A markdown doc section: `slug` is the doc's path under its tenant's `docs/` folder without `.md`
 * (e.g. `billing/seats`); `heading` names a section by its heading text, or by a path of headings joined
 * with ` > ` (e.g. `Plans > Seat limits`) matched against the end of the section's heading path. Without
 * `heading` the locator covers the whole doc.
 */
export const DocLocatorSchema = z.strictObject({
  kind: z.literal('doc'),
  slug: nonEmpty,
  heading: nonEmpty.optional(),
})

/** A changelog entry, by its id (e.g. `CL-2025-014`). */
export const ChangelogLocatorSchema = z.strictObject({
  kind: z.literal('changelog'),
  entry: nonEmpty,
})

/** A support ticket, by its id (e.g. `TCK-1042`). */
export const TicketLocatorSchema = z.strictObject({
  kind: z.literal('ticket'),
  ticket: nonEmpty,
})

/**
 * A generic document (imported datasets, BEIR), by id, optionally narrowed to the character span
 * `[start, end)` of its normalised text.
 */
export const DocumentLocatorSchema = z.strictObject({
  kind: z.literal('document'),
  id: nonEmpty,
  span: z
    .tuple([z.number().int().nonnegative(), z.number().int().positive()])
    .refine(([start, end]) => end > start, { message: 'span end must be greater than span start' })
    .optional(),
})

/** Where the answer lives: a source, never a chunk. */
export const LocatorSchema = z.discriminatedUnion('kind', [
  DocLocatorSchema,
  ChangelogLocatorSchema,
  TicketLocatorSchema,
  DocumentLocatorSchema,
])
/** Where the answer lives: a source, never a chunk. */
export type Locator = z.infer<typeof LocatorSchema>
