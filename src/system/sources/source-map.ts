/**
 * The user's `sourceMap`: how their system's own references (document ids, URLs, ...) map to the harness's
 * corpus, when neither an exact id nor a locator finds them. Given in the ragEval options as a table
 * (`{ "KB-17": "billing/seats" }`) or as the path of a module whose default export is a {@link SourceMapFn}
 * (a function cannot cross into Vitest's workers, a path can).
 */
import { importUserModule } from '../../shared/util/user-module.ts'
import type { Locator } from '../../cases/schema.ts'
import type { SourceReference } from './types.ts'
import { VitestRagError } from '../../shared/util/errors.ts'

/**
 * Maps one reference of the system to a harness chunk id, document id, document key (slug, ticket id,
 * changelog entry, BEIR `_id`) or a locator; `undefined` when it does not know it. It receives every field the
 * system sent (`line` and the tenant label included). A bare key several tenants share stays ambiguous: map to
 * a tenant-qualified id (`acme/doc/billing/seats`) to name one document.
 * Example: `(ref) => ref.docId?.startsWith('KB-') ? table[ref.docId] : undefined`.
 */
export type SourceMapFn = (ref: SourceReference, caseTenant: string) => string | Locator | undefined

/** The `sourceMap` option: a table from the system's reference to a harness id, key or locator, or a module path. */
export type SourceMapOption = Record<string, string | Locator> | string

/**
 * The values a table is looked up with, in order: the reference's chunkId, docId, url, path; a url or path
 * with a `line` is looked up as `<url or path>#L<line>` first.
 */
function keysOf(ref: SourceReference): string[] {
  const withLine = (v: string | undefined) =>
    v !== undefined && ref.line !== undefined ? `${v}#L${ref.line}` : undefined
  return [ref.chunkId, ref.docId, withLine(ref.url), ref.url, withLine(ref.path), ref.path].filter(
    (v): v is string => v !== undefined,
  )
}

/** A {@link SourceMapFn} over a table. Example: table `{ "KB-17": "billing/seats" }`, `{ docId: "KB-17" }` -> `"billing/seats"`. */
export function sourceMapFromTable(table: Readonly<Record<string, string | Locator>>): SourceMapFn {
  return (ref) => {
    for (const key of keysOf(ref)) if (Object.hasOwn(table, key)) return table[key]
    return undefined
  }
}

/** The configured source map, loaded once per worker: a table as is, a module path by importing its default export. */
export async function loadSourceMap(option: SourceMapOption | undefined): Promise<SourceMapFn | undefined> {
  if (option === undefined) return undefined
  if (typeof option !== 'string') return sourceMapFromTable(option)
  const mod = await importUserModule(option, 'sourceMap module')
  if (typeof mod.default === 'function') return mod.default as SourceMapFn
  if (mod.default !== null && typeof mod.default === 'object')
    return sourceMapFromTable(mod.default as Record<string, string | Locator>)
  throw new VitestRagError(
    'VITEST_RAG_SOURCE_MAP',
    `sourceMap module ${option} must export default a function (ref, tenant) => id | locator | undefined, or a table { "<your id>": "<harness id or key>" }`,
  )
}
