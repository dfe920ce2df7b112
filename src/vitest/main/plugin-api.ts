/**
 * How the CLI finds a project's `ragEval` options in the project's own Vitest config: the plugin's name and what
 * it exposes on its `api` field. Apart from the plugin (which imports Vite, the reporter and the golden-module
 * builder) so a command that only needs these, or reads no config at all (`--kb`, `--beir`, `--help`), does not
 * load all of that.
 */
import type { RagEvalConfig, RagEvalOptions } from '../../config/schema.ts'

/** The name of the plugin `ragEval()` returns; the CLI finds a project's options by it. */
export const RAG_EVAL_PLUGIN_NAME = 'vitest-rag:golden'

/**
 * What the plugin exposes on its `api` field so the CLI reads a project's options from the project's own Vitest
 * config: `options` as passed to `ragEval()`, and `config()`, the resolved config once Vite has configured
 * the project (undefined before).
 */
export interface RagEvalPluginApi {
  options: RagEvalOptions
  config(): RagEvalConfig | undefined
}
