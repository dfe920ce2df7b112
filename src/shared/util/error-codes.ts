/**
 * The one registry of vitest-rag's error codes: every `VITEST_RAG_*` code a {@link VitestRagError} can carry, with
 * the class that throws it and a one-line meaning (what went wrong, what to do). Each error class's code union is
 * derived from this table (`CodeOf`, in `error-code-types.ts`), so a code that is not registered here does not compile, and
 * test/shared/util/error-codes.test.ts fails when a code is used in `src/` but not registered, registered but never used,
 * or registered under another class. docs/errors.md is generated from it (`npm run docs:errors`).
 *
 * Pure data: no imports, so every folder may import it.
 */

/** One registered code: the class whose instances carry it, and what it means for the user. */
export interface ErrorCodeEntry {
  /** Name of the error class that is thrown with this code (`new <errorClass>(...)` or its `super(...)`). */
  readonly errorClass: string
  /** One line: what went wrong and, where there is one, the fix. */
  readonly meaning: string
}

/** Every error code, grouped by stage, in the order docs/errors.md lists them. */
export const ERROR_CODES = {
  // util
  VITEST_RAG_USER_MODULE: {
    errorClass: 'UserModuleError',
    meaning:
      "A user's module (adapter, sourceMap) could not be loaded; outside Vitest, run the CLI with a TypeScript loader or point it at JavaScript.",
  },
  // config
  VITEST_RAG_CONFIG_INVALID: {
    errorClass: 'ConfigError',
    meaning:
      'The ragEval() options or an environment override are invalid; every problem is listed, fix them in the Vitest config.',
  },
  // corpus
  VITEST_RAG_CORPUS_INVALID: {
    errorClass: 'CorpusError',
    meaning:
      'The corpus folder has problems (unreadable, empty, duplicate ids); every problem is listed with its file.',
  },
  VITEST_RAG_CHUNKER_SPEC: {
    errorClass: 'ChunkerSpecError',
    meaning:
      'A chunker spec does not parse; use `fixed`, `fixed:<size>/<overlap>`, `structural` or `structural:<maxSize>/<overlap>`.',
  },
  VITEST_RAG_MANIFEST_INVALID: {
    errorClass: 'ManifestError',
    meaning: 'The corpus manifest is unreadable or of another version; re-record it with `vitest-rag verify --write`.',
  },
  // cases
  VITEST_RAG_GOLDEN_INVALID: {
    errorClass: 'GoldenFileError',
    meaning:
      'A golden file has problems (bad JSON, schema, duplicate ids); every problem is listed with its file and line.',
  },
  VITEST_RAG_UNRESOLVED_LOCATORS: {
    errorClass: 'UnresolvedLocatorsError',
    meaning: "Golden cases' locators match no chunk of the corpus; fix the golden file or the corpus.",
  },
  VITEST_RAG_GOLDEN_SET_INVALID: {
    errorClass: 'GoldenSetError',
    meaning: 'The golden set failed its startup check (problems, missing HTTP adapter headers); no case was run.',
  },
  VITEST_RAG_PREPARED_CASES_MISSING: {
    errorClass: 'PreparedCasesError',
    meaning:
      'A worker cannot read the prepared cases written at collection; rerun, or restart watch mode if the output folder was deleted.',
  },
  // search
  VITEST_RAG_SEARCH_DUPLICATE_CHUNK: {
    errorClass: 'SearchError',
    meaning: 'Two chunks share an id in one index; chunk ids must be unique per tenant.',
  },
  VITEST_RAG_SEARCH_ARM_UNAVAILABLE: {
    errorClass: 'SearchError',
    meaning: 'A vector or hybrid search on an index built without embeddings; build it with an embedder.',
  },
  VITEST_RAG_SEARCH_DIMENSION_MISMATCH: {
    errorClass: 'SearchError',
    meaning: 'Embeddings of different dimensions were mixed; embed queries and chunks with the same embedder.',
  },
  VITEST_RAG_SEARCH_BAD_ARGUMENT: {
    errorClass: 'SearchError',
    meaning: 'A search function got an argument out of range (unknown arm, BM25 parameters, vector count).',
  },
  VITEST_RAG_SEARCH_ASYNC_EMBEDDER: {
    errorClass: 'SearchError',
    meaning: 'A synchronous search with an asynchronous embedder; use searchAsync() for the vector and hybrid arms.',
  },
  VITEST_RAG_SEARCH_INDEX_FORMAT: {
    errorClass: 'SearchError',
    meaning:
      'A persisted search index or snapshot is of another format, version or embedder; rebuild the index (the cached index file is rebuilt on its own).',
  },
  VITEST_RAG_POOL_DESTROYED: {
    errorClass: 'VitestRagError',
    meaning: 'A search was sent to a SearchPool after destroy(); create a new pool.',
  },
  // llm
  VITEST_RAG_MODEL_CONFIG: {
    errorClass: 'ModelConfigError',
    meaning: 'The models config is invalid; the message lists what to fix.',
  },
  VITEST_RAG_MISSING_API_KEY: {
    errorClass: 'MissingApiKeyError',
    meaning:
      "A provider's API key environment variable is unset or empty; export it (never put the key in a config file).",
  },
  VITEST_RAG_UNPRICED_MODEL: {
    errorClass: 'UnpricedModelError',
    meaning: 'A model has no price (a missing price is not zero); add it to models.prices.',
  },
  VITEST_RAG_SPEND_LIMIT: {
    errorClass: 'SpendLimitError',
    meaning: 'The spend limit was reached mid-run; raise models.spendLimitUsd and rerun with VITEST_RAG_RESUME=1.',
  },
  VITEST_RAG_ESTIMATE_OVER_LIMIT: {
    errorClass: 'EstimatedSpendTooHighError',
    meaning:
      "The run's worst-case cost estimate is over the spend limit; raise the limit, run fewer cases or lower maxTokens.",
  },
  VITEST_RAG_SPEND_FILE: {
    errorClass: 'SpendFileError',
    meaning: 'The shared spend file could not be locked or read; delete it and its .lock between runs.',
  },
  VITEST_RAG_CACHE_REPLAY_MISS: {
    errorClass: 'CacheReplayMissError',
    meaning: 'Replay mode found no cached response for a request; record the cache locally and commit it.',
  },
  VITEST_RAG_RESUME_NEEDS_CACHE: {
    errorClass: 'ResumeNeedsCacheError',
    meaning: 'Resume was asked for with models.cacheMode "off"; turn the response cache on, or run without resume.',
  },
  VITEST_RAG_JUDGE_IS_GENERATOR: {
    errorClass: 'JudgeIsGeneratorError',
    meaning:
      "The judge resolves to the generator's model; configure another judge model or set models.judge.allowSameModel.",
  },
  VITEST_RAG_EMPTY_CHAIN: {
    errorClass: 'LlmError',
    meaning: 'A chat or embedding client was built with an empty provider chain; configure at least one provider.',
  },
  VITEST_RAG_EMBEDDING_DIMENSION: {
    errorClass: 'LlmError',
    meaning: "An embedding model's dimension is unknown or it returned another one; pass the dimension explicitly.",
  },
  VITEST_RAG_PROVIDER_REQUEST: {
    errorClass: 'ProviderRequestError',
    meaning: 'A provider refused a request that is not retried (400, 401, 404); check the model id, base URL and key.',
  },
  VITEST_RAG_PROVIDER_CHAIN_FAILED: {
    errorClass: 'ProviderChainError',
    meaning: 'Every provider of a chain failed; check base URLs, keys and model names, or add a fallback provider.',
  },
  VITEST_RAG_MALFORMED_RESPONSE: {
    errorClass: 'MalformedResponseError',
    meaning: 'A provider answered 200 with an unusable body (no choices, no content, wrong vector count); retried.',
  },
  VITEST_RAG_RETRIES_EXHAUSTED: {
    errorClass: 'RetriesExhaustedError',
    meaning: "One provider's retries are used up; the chain falls back to its next provider.",
  },
  // prompts
  VITEST_RAG_PROMPT_TEMPLATE_NOT_FOUND: {
    errorClass: 'PromptTemplateError',
    meaning: 'A prompt template file named in the config does not exist; fix the path.',
  },
  VITEST_RAG_PROMPT_TEMPLATE_INVALID: {
    errorClass: 'PromptTemplateError',
    meaning: 'A prompt template has problems (front matter, placeholders); every problem is listed with its line.',
  },
  VITEST_RAG_PROMPT_VARIABLE_MISSING: {
    errorClass: 'PromptTemplateError',
    meaning: 'A prompt was rendered without a value for one of its placeholders.',
  },
  // generation, adapters, sources
  VITEST_RAG_PIPELINE_OPTION_INVALID: {
    errorClass: 'GenerationError',
    meaning: 'The reference pipeline got an invalid option (k, maxSources, retriever); pass a positive integer.',
  },
  VITEST_RAG_ADAPTER_MODULE: {
    errorClass: 'AdapterModuleError',
    meaning:
      'The adapter module exports no adapter; export default a RagAdapter or a function, or export createAdapter.',
  },
  VITEST_RAG_HTTP_ADAPTER: {
    errorClass: 'HttpAdapterError',
    meaning: 'The HTTP adapter request failed (transport, status, non-JSON body, missing header variables).',
  },
  VITEST_RAG_INVALID_OUTPUT: {
    errorClass: 'InvalidSystemOutputError',
    meaning:
      'The system under test returned an output that does not match the RagOutput shape; every problem is listed.',
  },
  VITEST_RAG_RECORDED_OUTPUTS: {
    errorClass: 'RecordedOutputsError',
    meaning:
      'A recorded-outputs file cannot be read, has bad lines (every one listed with file:line and field), or holds no output for a case.',
  },
  VITEST_RAG_SYSTEM_THREW: {
    errorClass: 'SystemThrewError',
    meaning: 'The system under test threw a value that is not an Error; the case is recorded as errored.',
  },
  VITEST_RAG_SOURCE_MAP: {
    errorClass: 'VitestRagError',
    meaning: 'The sourceMap module exports neither a function nor a table; export default one of them.',
  },
  // judge
  VITEST_RAG_CLAIM_CHECK_FAILED: {
    errorClass: 'ClaimCheckError',
    meaning: 'A model claim check returned no usable verdict after its retry.',
  },
  VITEST_RAG_CALIBRATION_RECORD: {
    errorClass: 'CalibrationRecordError',
    meaning: 'The judge calibration record is unreadable or of another version; re-run `vitest-rag calibrate`.',
  },
  VITEST_RAG_QRELS_APPEND: {
    errorClass: 'QrelsAppendError',
    meaning: 'The qrels file has bad lines; fix them before appending.',
  },
  // metrics, stats
  VITEST_RAG_METRIC_BAD_K: {
    errorClass: 'MetricsError',
    meaning: 'A metric@k got a k that is not a whole number >= 1.',
  },
  VITEST_RAG_METRIC_BAD_INPUT: {
    errorClass: 'MetricsError',
    meaning: 'A metric got malformed input (a span that ends before it starts).',
  },
  VITEST_RAG_STATS_EMPTY: {
    errorClass: 'StatsError',
    meaning: 'A paired test got no differences; pair at least one case present in both runs.',
  },
  VITEST_RAG_STATS_BAD_OPTION: {
    errorClass: 'StatsError',
    meaning: 'A statistics option is out of range (alpha, resamples, exactUpTo); the message gives a usual value.',
  },
  VITEST_RAG_STATS_TOO_FEW_RUNS: {
    errorClass: 'StatsError',
    meaning: 'Noise estimation got fewer than two runs; run the same configuration at least twice.',
  },
  // baseline, scorecard
  VITEST_RAG_BASELINE_VERSION: {
    errorClass: 'VersionedFileError',
    meaning: 'The baseline was written by another version; re-run the evals and `npx vitest-rag baseline accept`.',
  },
  VITEST_RAG_BASELINE_FORMAT: {
    errorClass: 'VersionedFileError',
    meaning: 'The baseline is unreadable or not a baseline; accept a new one with `npx vitest-rag baseline accept`.',
  },
  VITEST_RAG_SCORECARD_VERSION: {
    errorClass: 'VersionedFileError',
    meaning: 'The scorecard was written by another version; re-run the evals to write a current one.',
  },
  VITEST_RAG_SCORECARD_FORMAT: {
    errorClass: 'VersionedFileError',
    meaning: 'The scorecard is missing, unreadable or not a scorecard; run the evals to write it.',
  },
  // lab: experiments, test sets, feedback
  VITEST_RAG_EXPERIMENT_INPUT: {
    errorClass: 'ExperimentInputError',
    meaning: "An experiment's input is invalid (options file, reference arm); the message names it.",
  },
  VITEST_RAG_TESTSET_INPUT: {
    errorClass: 'TestsetInputError',
    meaning: 'The rows for a built test set have problems; every problem is listed with its file and line.',
  },
  VITEST_RAG_FEEDBACK: {
    errorClass: 'FeedbackError',
    meaning:
      'A feedback review cannot be promoted (unknown run or case, bad lines, invalid corrected case); nothing was written.',
  },
  VITEST_RAG_ATOMIC_WRITE: {
    errorClass: 'AtomicPairError',
    meaning: 'Files that must change together could not be written; none of them changed.',
  },
  // cli
  VITEST_RAG_USAGE: {
    errorClass: 'CliUsageError',
    meaning: 'A CLI command was called wrongly; the command prints its usage and exits 2.',
  },
} as const satisfies Record<`VITEST_RAG_${string}`, ErrorCodeEntry>

/**
 * Codes of the warnings vitest-rag emits with `process.emitWarning` (not errors: the run goes on). Listed here so
 * the registry holds every `VITEST_RAG_*` code; environment variables (`VITEST_RAG_MODE`, ...) are not codes.
 */
export const WARNING_CODES = {
  VITEST_RAG_CACHE_CORRUPT:
    'A response cache entry is unreadable; it is treated as a miss (the request is made again, or fails in replay).',
  VITEST_RAG_CHECKPOINT_IGNORED:
    'A resume checkpoint is unreadable or does not match the case; it is ignored and the case runs again.',
} as const satisfies Record<`VITEST_RAG_${string}`, string>
