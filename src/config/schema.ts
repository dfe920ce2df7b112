/**
 * The harness configuration: what `ragEval(options)` takes, validated once at the edge by
 * {@link resolveConfig}. Every later stage reads the resolved, defaulted {@link RagEvalConfig}.
 */
import { z } from 'zod'
import { LocatorSchema } from '../cases/schema.ts'
import { ModelConfigSchema } from '../llm/config.ts'
import { CorpusSourceSchema, type CorpusSource } from '../corpus/source.ts'
import { GateOptionsSchema } from './gate-options.ts'
import { PipelineOptionsSchema } from './pipeline-options.ts'

/**
 * The system under test:
 * - `reference`: the bundled pipeline (exact search + extractive or model generator);
 * - `module`: a TS/JS module whose default export is a `RagAdapter`, a function `(input) => output`, or a
 *   factory `() => RagAdapter` (see `docs/adapters.md`);
 * - `http`: a JSON endpoint that takes `SystemInput` and returns `SystemOutput`;
 * - `recorded`: outputs captured elsewhere, one `{ "case_id", "output": SystemOutput }` per line of a JSONL file
 *   (scored without calling the system; a case with no recorded output errors).
 */
export const AdapterSpecSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('reference') }).strict(),
  z
    .object({
      kind: z.literal('module'),
      /** The adapter module, relative to the project root. */
      path: z.string().min(1),
      /** Passed to the module's factory as its one argument: any JSON value (it is part of the run's fingerprint). */
      options: z.json().optional(),
    })
    .strict(),
  z
    .object({
      kind: z.literal('http'),
      /** The endpoint: POSTed one `SystemInput` as JSON per case, it answers with a `SystemOutput`. */
      url: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }),
      /** Header name to env var NAME (e.g. `{ Authorization: 'BOT_TOKEN' }`): values never enter reports. */
      headersFromEnv: z.record(z.string(), z.string()).default({}),
      /** Per-request timeout in ms. */
      timeoutMs: z.number().int().positive().default(60_000),
    })
    .strict(),
  z
    .object({
      kind: z.literal('recorded'),
      /** The recorded-outputs JSONL file, relative to the project root. */
      path: z.string().min(1),
    })
    .strict(),
])
/** The system under test. */
export type AdapterSpec = z.infer<typeof AdapterSpecSchema>

/** Size limits on golden input (see `InputLimits` in src/cases/parse-golden.ts); each defaults on its own. */
export const InputLimitsSchema = z
  .object({
    /** Longest golden-file line, in UTF-8 bytes. Default 65,536. */
    maxLineBytes: z.number().int().positive().default(65_536),
    /** Longest `query`, in characters. Default 4,000. */
    maxQueryChars: z.number().int().positive().default(4_000),
    /** Most turns in `history`. Default 50. */
    maxHistoryTurns: z.number().int().positive().default(50),
    /** Longest answer literal (`must_contain`, `should_contain`, `forbidden_text`), in characters. Default 1,000. */
    maxLiteralChars: z.number().int().positive().default(1_000),
  })
  .strict()

/** Whether `pattern` compiles as a regular expression. */
function compilesAsRegExp(pattern: string): boolean {
  try {
    return new RegExp(pattern).source !== ''
  } catch {
    return false
  }
}

/** Options of `ragEval(options)`, as a user writes them. */
export const RagEvalOptionsSchema = z
  .object({
    /** Default: the bundled sample knowledge base. */
    corpus: CorpusSourceSchema.optional(),
    /** Golden files glob, relative to the project root. */
    golden: z.string().default('golden/**/*.golden.jsonl'),
    /** Chunker, as one line: `structural` or `fixed:SIZE/OVERLAP` (e.g. `fixed:800/100`). */
    chunker: z.string().default('structural'),
    /** `retrieval` runs only the retriever (no model cost); `system` runs the full pipeline. */
    mode: z.enum(['retrieval', 'system']).default('system'),
    /** The system under test; default the bundled reference pipeline. */
    adapter: AdapterSpecSchema.default({ kind: 'reference' }),
    /** Retrieval of the reference pipeline. */
    search: z
      .object({
        /** The search arm: exact BM25, exact vector (cosine), hybrid (reciprocal rank fusion of both), or flexsearch. */
        arm: z.enum(['bm25', 'vector', 'hybrid', 'flexsearch']).default('bm25'),
        /** Retrieval depth: how many chunks are retrieved (and scored) per case. */
        k: z.number().int().positive().default(20),
        /** Run searches in tinypool workers (worth it for large corpora). */
        workers: z.boolean().default(false),
      })
      .strict()
      .default({ arm: 'bm25', k: 20, workers: false }),
    /**
     * Folder of prompt templates (`answer.md`, `rewrite.md`, `judge.md`), watched: editing one reruns the
     * cases. A template missing there falls back to the bundled one. Each is markdown: a front matter with `id:`
     * and `version:` between `---` lines, then messages introduced by lines `[system]`, `[user]`, `[assistant]`,
     * with `{{placeholders}}` (copy the bundled one to start). A broken copy stops the run at startup with every
     * problem listed (line, fix). Default: the bundled folder.
     */
    prompts: z.string().optional(),
    /** Options of the reference pipeline (gate thresholds, sources shown, answer length). */
    pipeline: PipelineOptionsSchema.default({}),
    /** The judge: `heuristic` (offline, deterministic), `model` (needs `models.judge`), or `off`. */
    judge: z.enum(['heuristic', 'model', 'off']).default('heuristic'),
    /**
     * Claim-level answer metrics (claim_faithfulness, context_precision, context_recall, noise_sensitivity) of
     * judged cases: `heuristic` (default) checks claims offline at no cost; `model` extracts and checks them with
     * the judge model (needs `models.judge`; cached, and at most 3 calls per case: two extractions and one batched
     * check of every claim, in the dry-run estimate);
     * `off` skips them.
     */
    claimMetrics: z.enum(['heuristic', 'model', 'off']).default('heuristic'),
    /**
     * RAGAS response relevancy (`response_relevancy`) of answered cases: `model` has the judge model write 3
     * questions from the answer and scores the mean cosine between their embeddings and the question's (needs
     * `models.judge` and `models.embedder`; 2 cached calls per case, in the dry-run estimate); `off` (default).
     */
    responseRelevancy: z.enum(['off', 'model']).default('off'),
    /**
     * The judge's calibration record (written by `vitest-rag calibrate`); its agreement figures are printed next
     * to every judge metric. Default `evals/calibration/<judge>.json`; absent file: metrics show "uncalibrated".
     */
    calibration: z.string().optional(),
    /** Model providers, prices, retries, cache and spend limit (see docs/providers.md). Absent: everything runs offline. */
    models: ModelConfigSchema.optional(),
    /**
     * A pooled qrels file (written by `vitest-rag qrels pool` / `qrels override`, relative to the project root):
     * retrieval is scored with its grades where the golden set has none, human grades winning over all. Absent:
     * golden grades only.
     */
    qrels: z.string().min(1).optional(),
    /**
     * Score retrieval on the condensed list: documents without a judgment are removed from each ranking
     * before scoring (trec_eval `-J`), instead of counting as non-relevant in their slot. Meant for pooled
     * qrels (`qrels`), where `judged@k` beside the metrics says how much of each top k was judged. Default false.
     */
    judgedOnly: z.boolean().default(false),
    /**
     * How the system's own source references (document ids, URLs, ...) map to the corpus, when no exact id,
     * key or locator finds them: a table `{ "<your id>": "<harness chunk id, document id or key>" | locator }`,
     * or the path of a module whose default export is `(ref, tenant) => id | locator | undefined`.
     */
    sourceMap: z
      .union([z.record(z.string(), z.union([z.string().min(1), LocatorSchema])), z.string().min(1)])
      .optional(),
    /**
     * How a source reference that fits documents of several tenants is settled. `strict` (default): ambiguous,
     * never credited, a `toNotLeakAcrossTenants` failure. `label`: the system's tenant label on the item breaks
     * the tie when it names one of those tenants (the scorecard says how many it placed).
     */
    tenancy: z.enum(['strict', 'label']).default('strict'),
    /** A regular expression whose first group is a source path's or URL's tenant. Default `(?:^|/)tenants/([^/]+)/` (`kb` layout). */
    tenantPattern: z.string().min(1).refine(compilesAsRegExp, 'not a valid regular expression').optional(),
    /** Stop the run when more than `maxUnresolvedShare` of the source references in the first `afterCases` cases name nothing. */
    unresolvedSources: z
      .object({
        afterCases: z.number().int().positive().default(5),
        maxUnresolvedShare: z.number().min(0).max(1).default(0.2),
      })
      .strict()
      .default({ afterCases: 5, maxUnresolvedShare: 0.2 }),
    /**
     * Stop the run when this many cases reported first all failed in the system under test (an HTTP endpoint
     * that does not answer or answers an error, a module adapter that throws, a malformed output): one message
     * names the first failure (URL and cause) instead of one failure per case. `0` never stops. Default 3.
     */
    stopAfterSystemFailures: z.number().int().min(0).default(3),
    /**
     * Your system's own ways of declining, read as abstentions beside the default phrasings (docs/adapters.md):
     * `phrases` match as case-insensitive substrings of the answer's first sentence (or second, without a
     * citation); `replaceDefaults: true` keeps only yours. `languages` adds phrases per language for the cases
     * of that language (a golden case's `language`, else `defaultLanguage`, default `en`), e.g.
     * `{ de: { phrases: ['dazu finde ich nichts'], replaceDefaults: true } }`. Default: the defaults alone.
     */
    abstention: z
      .object({
        phrases: z.array(z.string().min(1)).default([]),
        replaceDefaults: z.boolean().default(false),
        languages: z
          .record(
            z.string().min(1),
            z
              .object({ phrases: z.array(z.string().min(1)).default([]), replaceDefaults: z.boolean().default(false) })
              .strict(),
          )
          .default({}),
        defaultLanguage: z.string().min(1).default('en'),
      })
      .strict()
      .optional(),
    /** Retrieval metric cutoffs. */
    ks: z.array(z.number().int().positive()).default([1, 3, 5, 10, 20]),
    gate: GateOptionsSchema.default({
      maxRelativeDrop: 0.05,
      minJudgeCoverage: 0.25,
      requireSignificance: true,
      requireJudge: false,
      minPairedShare: 0.5,
      gamingTolerance: 0.1,
      onGaming: 'warn',
    }),
    /** Size limits on golden input; a case over one is a problem naming file, line, field and the option. */
    limits: InputLimitsSchema.default({
      maxLineBytes: 65_536,
      maxQueryChars: 4_000,
      maxHistoryTurns: 50,
      maxLiteralChars: 1_000,
    }),
    /**
     * The committed baseline this run is compared with. Default `baselines/<project>.baseline.json`, from the
     * Vitest project name, where a missing file means "no baseline yet"; a path named here (or by
     * `VITEST_RAG_BASELINE`) must exist. `none`: compare with no baseline (the run checks and floors still apply).
     */
    baseline: z.string().min(1).optional(),
    /** Where scorecards, checkpoints and caches are written. Default `.vitest-rag/<project>/`, from the Vitest project name. */
    outDir: z.string().min(1).optional(),
    /**
     * The append-only feedback queue: after every run, each case that failed a hard check, errored or got an error
     * class other than `correct` is appended (run id, case id, error class, answer digest, sources, golden file
     * and line), once per run; `vitest-rag promote` reads it. Default `<outDir>/feedback-queue.jsonl`; a path
     * (relative to the project root) puts it elsewhere, e.g. `golden/feedback.jsonl` beside the reviews;
     * `false` turns it off.
     */
    feedbackQueue: z.union([z.string().min(1), z.literal(false)]).optional(),
    /** Run a seeded, stratified subset of N cases (also `VITEST_RAG_SAMPLE=N`). */
    sample: z.number().int().positive().optional(),
    /** Seed for sampling and every resample. */
    seed: z.number().int().default(20261130),
    /**
     * Estimate the run's worst-case model cost from the golden set, prompts and corpus, print it, and run no
     * case (also `VITEST_RAG_DRY_RUN=1`). A run whose estimate exceeds the spend limit is refused either way.
     */
    dryRun: z.boolean().default(false),
    /** Reuse completed cases' checkpoints from an interrupted run (also `VITEST_RAG_RESUME=1`). */
    resume: z.boolean().default(false),
    /** Per-case test timeout in ms. */
    testTimeout: z.number().int().positive().default(120_000),
    /** Cases run concurrently within a golden file (model calls overlap; offline it changes nothing). */
    concurrency: z.number().int().positive().default(4),
    /**
     * Which cases get a one-line Vitest annotation (hard checks, recall@5, MRR, answered or abstained, error
     * class), shown under a failure, in the UI and in JUnit: `failed` (default), `all`, or `none`. Every case's
     * figures are in the scorecard either way. Each annotation is a round trip to the main process that also
     * flushes Vitest's batched test updates, so `all` costs about a millisecond per case.
     */
    annotations: z.enum(['failed', 'all', 'none']).default('failed'),
    /**
     * Write every case's validated system output to `<outDir>/outputs.jsonl`, one
     * `{ "case_id", "output" }` line per case in the recorded-outputs shape, so a live run can be replayed, scored
     * and gated later with `adapter: { kind: 'recorded', path }` without calling the system again (also
     * `VITEST_RAG_RECORD_OUTPUTS=1`). Cases that errored have no output and no line.
     */
    recordOutputs: z.boolean().default(false),
  })
  .strict()

/** Options of `ragEval(options)`, as a user writes them. */
export type RagEvalOptions = z.input<typeof RagEvalOptionsSchema>

/** The resolved configuration: defaults applied, paths absolute. */
export type RagEvalConfig = Omit<
  z.output<typeof RagEvalOptionsSchema>,
  'corpus' | 'prompts' | 'calibration' | 'baseline' | 'outDir' | 'feedbackQueue'
> & {
  /** The Vitest project's name (`evals` when the project has none): it names the default baseline and output folder. */
  project: string
  /** Absolute path of the committed baseline. */
  baseline: string
  /** What named the baseline (`the baseline option`, `VITEST_RAG_BASELINE`), or undefined for the project's default path. */
  baselineNamedBy?: string
  /** True when `baseline` (or `VITEST_RAG_BASELINE`) is `none`: no baseline is read. */
  noBaseline?: boolean
  /** Absolute folder of scorecards, checkpoints and caches. */
  outDir: string
  /** Absolute path of the feedback queue the reporter appends to, or false when it is off. */
  feedbackQueue: string | false
  /** Absolute path of the judge's calibration record (it may not exist). */
  calibration: string
  corpus: CorpusSource
  /** Absolute folder of the user's prompt templates (the bundled folder when none was configured). */
  prompts: string
  /** Absolute project root every relative path was resolved against. */
  root: string
}
