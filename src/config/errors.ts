/**
 * The configuration's error class, on its own so a worker can throw it without loading the config schema
 * (zod) and resolution. `config/resolve.ts` re-exports it.
 */
import type { CodeOf } from '../shared/util/error-code-types.ts'
import { VitestRagError } from '../shared/util/errors.ts'

/** Bad `ragEval` options (or an option that needs another one). */
export class ConfigError extends VitestRagError<CodeOf<'ConfigError'>> {
  constructor(message: string) {
    super('VITEST_RAG_CONFIG_INVALID', message)
  }
}
