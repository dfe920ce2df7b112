/**
 * Where a corpus comes from, as the `corpus` option names it: a knowledge-base folder or a BEIR dataset. The
 * corpus stage owns it (preparing a corpus reads it); the configuration composes it into the ragEval options.
 */
import { z } from 'zod'

/** Where the corpus comes from: a knowledge-base folder (tenants/<id>/docs, changelog, tickets) or BEIR. */
export const CorpusSourceSchema = z.discriminatedUnion('kind', [
  z
    .object({
      /** `kb`: a folder `tenants/<id>/` of docs, changelog and tickets; `beir`: a BEIR dataset (corpus.jsonl, queries.jsonl). */
      kind: z.literal('kb'),
      /** The corpus folder, relative to the project root. */
      root: z.string().min(1),
    })
    .strict(),
  z
    .object({
      kind: z.literal('beir'),
      root: z.string().min(1),
      /** The tenant every BEIR document loads into (default `default`); cases use it as `tenant_id`. */
      tenant: z.string().min(1).optional(),
      /** Same as `tenant` (the earlier name, still accepted). */
      tenantId: z.string().min(1).optional(),
    })
    .strict(),
])
/** Where the corpus comes from. */
export type CorpusSource = z.infer<typeof CorpusSourceSchema>
