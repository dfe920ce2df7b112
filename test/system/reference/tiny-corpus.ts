/**
 * A hand-written two-tenant corpus for the generation tests, and a retriever over it through the real
 * search core (`buildSearchIndex`, BM25 arm).
 */
import type { Chunk } from '../../../src/corpus/types.ts'
import type { Retriever } from '../../../src/system/reference/pipeline.ts'
import { createIndexRetriever } from '../../../src/system/reference/retriever.ts'
import { buildSearchIndex } from '../../../src/search/index.ts'

function chunk(fields: Omit<Chunk, 'start' | 'end' | 'docId'> & { docId?: string }): Chunk {
  return { ...fields, docId: fields.docId ?? fields.id.replace(/#.*$/, ''), start: 0, end: fields.text.length }
}

/** Tenant `acme`: an undated doc says 3 seats, a dated changelog entry says 5 (the planted conflict). */
export const tinyChunks: Chunk[] = [
  chunk({
    id: 'acme/doc/billing/seats#0',
    tenantId: 'acme',
    kind: 'doc',
    title: 'Seats and plans',
    headingPath: ['Seats and plans', 'Seat limits'],
    text: '## Seat limits\n\nThe Team plan includes 3 seats. Extra seats cost $8 per month each.\n\n- Owners can add seats from the billing page.',
  }),
  chunk({
    id: 'acme/changelog/CL-2025-014#0',
    tenantId: 'acme',
    kind: 'changelog',
    title: 'Team plan seat limit raised',
    version: '4.2.0',
    date: '2025-03-02',
    text: 'CL-2025-014 (v4.2.0, 2025-03-02): Team plan seat limit raised\n\nThe Team plan seat limit was raised from 3 to 5 seats.',
  }),
  chunk({
    id: 'acme/doc/security/sso#0',
    tenantId: 'acme',
    kind: 'doc',
    title: 'Single sign-on',
    headingPath: ['Single sign-on'],
    text: 'SSO with SAML 2.0 is available on the Enterprise plan. Okta and Azure AD are the supported identity providers.',
  }),
  chunk({
    id: 'acme/ticket/TCK-1042#0',
    tenantId: 'acme',
    kind: 'ticket',
    title: 'CSV export fails',
    date: '2025-01-20',
    text: 'TCK-1042 (2025-01-20, resolved): CSV export fails\n\nThe CSV export failed with ERR-4012 because the file exceeded 2 GB. Fix: split the export by date range.',
  }),
  chunk({
    id: 'acme/doc/data/retention#0',
    tenantId: 'acme',
    kind: 'doc',
    title: 'Data retention',
    headingPath: ['Data retention'],
    text: 'Deleted projects are kept for 30 days before permanent removal. Audit logs are kept for one year.',
  }),
  chunk({
    id: 'globex/doc/plans/nebula#0',
    tenantId: 'globex',
    kind: 'doc',
    title: 'The Nebula plan',
    headingPath: ['The Nebula plan'],
    text: 'The Nebula plan includes 12 seats and priority support.',
  }),
  chunk({
    id: 'globex/doc/data/retention#0',
    tenantId: 'globex',
    kind: 'doc',
    title: 'Data retention',
    headingPath: ['Data retention'],
    text: 'Deleted projects are kept for 90 days before permanent removal.',
  }),
]

/** A BM25 retriever over `chunks` through the real search core. */
export async function bm25Retriever(chunks: readonly Chunk[] = tinyChunks): Promise<Retriever> {
  return createIndexRetriever(await buildSearchIndex(chunks, { arm: 'bm25' }), chunks)
}
