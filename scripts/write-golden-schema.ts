/** Rewrites schema/golden.schema.json from the zod schema (run after editing src/cases/schema.ts). */
import { resolve } from 'node:path'
import { GOLDEN_SCHEMA_PATH, renderGoldenJsonSchema } from '../src/cases/json-schema.ts'
import { writeFileAtomic } from '../src/shared/util/atomic-write.ts'

const path = resolve(import.meta.dirname, '..', GOLDEN_SCHEMA_PATH)
await writeFileAtomic(path, renderGoldenJsonSchema())
console.log(`wrote ${path}`)
