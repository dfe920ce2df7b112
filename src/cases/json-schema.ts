/**
 * The JSON Schema of one `*.golden.jsonl` line, generated from the zod schemas (zod 4's `z.toJSONSchema`,
 * input side: what a person writes, defaults optional), so editors can validate and complete golden cases.
 * The committed copy is `schema/golden.schema.json`; `npm run schema` rewrites it and a test fails when it is
 * stale. Pure.
 */
import { z } from 'zod'
import { GradeScaleHeaderSchema } from './grade-scale.ts'
import { GoldenCaseSchema } from './schema.ts'

/** Where the committed schema lives, relative to the repo root. */
export const GOLDEN_SCHEMA_PATH = 'schema/golden.schema.json'

/** The schema of one golden line: a case, or the optional `grade_scale` header (the first line only). */
export function goldenLineJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(z.union([GoldenCaseSchema, GradeScaleHeaderSchema]), {
    io: 'input',
    target: 'draft-2020-12',
  })
  return {
    ...schema,
    $id: 'https://github.com/vitest-rag/vitest-rag/schema/golden.schema.json',
    title: 'vitest-rag golden case (one line of a *.golden.jsonl file)',
    description:
      'A golden case, or a {"grade_scale": ...} header on the first line. Cross-field rules (abstaining case types expect no sources, cross_tenant needs forbidden_text, multi_turn needs history) are checked by vitest-rag itself. See docs/golden-format.md.',
  }
}

/** The schema file's text: 2-space JSON with a trailing newline. */
export function renderGoldenJsonSchema(): string {
  return `${JSON.stringify(goldenLineJsonSchema(), null, 2)}\n`
}
