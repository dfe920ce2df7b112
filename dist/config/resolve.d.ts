import { type RagEvalConfig, type RagEvalOptions } from './schema.js';
/** The bundled sample knowledge base, used when no corpus is configured. */
export declare const SAMPLE_KB_ROOT: string;
/** The bundled prompt templates, used when no prompts folder is configured or a template is missing there. */
export declare const BUNDLED_PROMPTS_DIR: string;
/** The path of prompt template `name` (e.g. `answer.md`): the configured folder's, else the bundled one. */
export declare function promptPath(config: Pick<RagEvalConfig, 'prompts'>, name: string): string;
/** Bad `ragEval` options. */
export declare class ConfigError extends Error {
    readonly code = "VITEST_RAG_CONFIG_INVALID";
}
/** Environment variables that override options, so a CLI run can change them without editing config. */
export declare const ENV_OVERRIDES: {
    readonly mode: "VITEST_RAG_MODE";
    readonly sample: "VITEST_RAG_SAMPLE";
    readonly resume: "VITEST_RAG_RESUME";
    readonly dryRun: "VITEST_RAG_DRY_RUN";
    readonly judge: "VITEST_RAG_JUDGE";
    readonly baseline: "VITEST_RAG_BASELINE";
    readonly outDir: "VITEST_RAG_OUT_DIR";
};
/** The project name used when the Vitest project has none (the name `vitest-rag init` gives it). */
export declare const DEFAULT_PROJECT = "evals";
/** A project name as a file-name part: anything but letters, digits, `.`, `_` and `-` becomes `-`. */
export declare function projectSlug(project: string): string;
/** Files the reporter writes under a project's `outDir`. */
export declare const REPORT_FILES: {
    readonly scorecard: "scorecard.json";
    readonly markdown: "scorecard.md";
    readonly gate: "gate.json";
    readonly trecRun: "run.trec";
    readonly trecQrels: "qrels.trec";
};
/** Per-project default paths, relative to the project root: `{ baseline, outDir }`. */
export declare function projectDefaults(project?: string): {
    baseline: string;
    outDir: string;
};
/**
 * Validates `options` (plus environment overrides), applies defaults and resolves paths against `root`.
 * `project` is the Vitest project's name: it names the default baseline and output folder. Throws
 * {@link ConfigError} listing every problem.
 */
export declare function resolveConfig(options?: RagEvalOptions, root?: string, env?: NodeJS.ProcessEnv, project?: string): RagEvalConfig;
/**
 * The configuration as reports record it: paths relative to the root, nothing secret (the config holds
 * env var NAMES for keys, never values; this drops anything that looks like a key anyway).
 */
export declare function snapshotConfig(config: RagEvalConfig): Record<string, unknown>;
