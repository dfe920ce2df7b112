/**
 * The corpus's concept catalog: `concepts.jsonl` at the corpus root, one entity per line with the spellings it
 * goes by (`{"id": "ERR-4217", "aliases": ["signature mismatch"]}`). Golden cases then grade concepts by id alone
 * (`{"id": "ERR-4217", "grade": "required"}`) and take their aliases from here, so one product's names are
 * written once for every case; a case id the catalog lacks is a golden-file problem. Optional: without the file,
 * concepts are written inline in each case. Loaded with the corpus, so an edit reloads it like any corpus file.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { parseJsonlRecords } from '../shared/problems/jsonl.ts'
import type { Problem } from '../shared/problems/problems.ts'
import { normalizeText } from '../shared/text/normalize.ts'
import { CorpusError } from './errors.ts'

/** The catalog's file name, at the corpus root (e.g. `evals/sample-kb/concepts.jsonl`). */
export const CONCEPT_CATALOG_FILE = 'concepts.jsonl'

const nonEmpty = z.string().trim().min(1)

/** One line of the catalog: a concept id and its other spellings. */
export const CatalogConceptSchema = z.strictObject({ id: nonEmpty, aliases: z.array(nonEmpty).default([]) })

/** The catalog: aliases by concept id, and the file it came from (for messages). */
export interface ConceptCatalog {
  /** The catalog's path: the corpus root as configured, joined with {@link CONCEPT_CATALOG_FILE}. */
  file: string
  aliases: ReadonlyMap<string, readonly string[]>
}

/**
 * Reads `<root>/concepts.jsonl`, or undefined when there is none. Throws {@link CorpusError} listing every bad
 * line (not JSON, an unknown field, an id listed twice).
 */
export async function loadConceptCatalog(root: string): Promise<ConceptCatalog | undefined> {
  const path = join(root, CONCEPT_CATALOG_FILE)
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
  const file = path.split('\\').join('/')
  const catalog = parseConceptCatalog(text, file)
  if (catalog.problems.length > 0) throw new CorpusError(root, catalog.problems)
  return catalog.catalog
}

/** Parses a catalog's text (pure): the catalog and every problem, in line order. */
export function parseConceptCatalog(text: string, file: string): { catalog: ConceptCatalog; problems: Problem[] } {
  const parsed = parseJsonlRecords(normalizeText(text), file, CatalogConceptSchema)
  const problems = [...parsed.problems]
  const aliases = new Map<string, readonly string[]>()
  const lineOf = new Map<string, number>()
  for (const { value, line } of parsed.records) {
    const first = lineOf.get(value.id)
    if (first !== undefined) {
      problems.push({
        code: 'duplicate_id',
        file,
        line,
        path: 'id',
        value: value.id,
        message: `concept "${value.id}" is already listed at line ${first}`,
        fix: 'keep one line per concept and put every spelling in its aliases',
      })
      continue
    }
    lineOf.set(value.id, line)
    aliases.set(value.id, value.aliases)
  }
  // In line order: the schema's problems were listed before the repeats found after parsing.
  problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0))
  return { catalog: { file, aliases }, problems }
}
