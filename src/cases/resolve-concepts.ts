/**
 * A golden case's concepts against the corpus's concept catalog (`concepts.jsonl`, `src/corpus/concept-catalog.ts`):
 * with a catalog, every concept id a case grades must be in it (else a problem with file:line, field and fix), and
 * the case takes the catalog's aliases beside its own. Without a catalog, cases are used as written. Pure.
 */
import type { ConceptCatalog } from '../corpus/concept-catalog.ts'
import { closestMatch } from '../shared/problems/closest.ts'
import type { Problem } from '../shared/problems/problems.ts'
import { canonicalJson, sha256 } from '../shared/util/hash.ts'
import type { GoldenCase } from './schema.ts'

/** Every concept id of the cases that the catalog lacks, as problems (none without a catalog). */
export function catalogProblems(
  cases: ReadonlyArray<{ case: GoldenCase; line: number }>,
  catalog: ConceptCatalog | undefined,
  file: string,
): Problem[] {
  if (catalog === undefined) return []
  const problems: Problem[] = []
  for (const { case: c, line } of cases)
    (c.concepts ?? []).forEach(({ id }, i) => {
      if (catalog.aliases.has(id)) return
      const near = closestMatch(id, catalog.aliases.keys())
      problems.push({
        code: 'unknown_concept',
        file,
        line,
        path: `concepts[${i}].id`,
        value: id,
        message: `case "${c.case_id}": concept "${id}" is not in the concept catalog ${catalog.file}`,
        fix: `${near ? `did you mean "${near}"? Or ` : ''}add {"id": ${JSON.stringify(id)}, "aliases": [...]} to ${catalog.file}`,
      })
    })
  return problems
}

/**
 * The case with each concept's catalog aliases added after its own (duplicates dropped), and its hash: the
 * parsed case's `hash` when the catalog added nothing, else sha256 over that hash and the merged concepts, so a
 * catalog edit that changes what a case matches makes it an edited case for the gate (never silently paired).
 * Example: case concept `{ id: "ERR-4217", grade: "required" }`, catalog aliases `["signature mismatch"]` ->
 * `{ id: "ERR-4217", grade: "required", aliases: ["signature mismatch"] }`.
 */
export function withCatalogAliases(
  c: GoldenCase,
  hash: string,
  catalog: ConceptCatalog | undefined,
): { case: GoldenCase; hash: string } {
  if (catalog === undefined || c.concepts === undefined) return { case: c, hash }
  let added = false
  const concepts = c.concepts.map((concept) => {
    const own = concept.aliases ?? []
    const extra = (catalog.aliases.get(concept.id) ?? []).filter((a) => !own.includes(a))
    if (extra.length === 0) return concept
    added = true
    return { ...concept, aliases: [...own, ...extra] }
  })
  if (!added) return { case: c, hash }
  return { case: { ...c, concepts }, hash: sha256(`${hash}:${canonicalJson(concepts)}`) }
}
