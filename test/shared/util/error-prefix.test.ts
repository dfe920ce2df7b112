import { describe, expect, test } from 'vitest'
import {
  AdapterModuleError,
  HttpAdapterError,
  InvalidSystemOutputError,
  RecordedOutputsError,
  SystemThrewError,
} from '../../../src/system/adapter/errors.ts'
import { GoldenFileError, UnresolvedLocatorsError } from '../../../src/cases/errors.ts'
import { CliUsageError } from '../../../src/cli/commands/command.ts'
import { ConfigError } from '../../../src/config/errors.ts'
import { ChunkerSpecError, CorpusError, ManifestError } from '../../../src/corpus/errors.ts'
import { ExperimentInputError } from '../../../src/lab/experiments/errors.ts'
import { GenerationError } from '../../../src/system/reference/errors.ts'
import { PreparedCasesError } from '../../../src/evaluation/golden-set/prepared-cases.ts'
import { ClaimCheckError } from '../../../src/grading/judge/claim-check.ts'
import { CalibrationRecordError, QrelsAppendError } from '../../../src/grading/judge/errors.ts'
import { ProviderRequestError } from '../../../src/llm/chain.ts'
import {
  CacheReplayMissError,
  EstimatedSpendTooHighError,
  JudgeIsGeneratorError,
  LlmError,
  MissingApiKeyError,
  ModelConfigError,
  ProviderChainError,
  ResumeNeedsCacheError,
  SpendLimitError,
  UnpricedModelError,
} from '../../../src/llm/errors.ts'
import { MalformedResponseError, RetriesExhaustedError } from '../../../src/llm/retry.ts'
import { SpendFileError } from '../../../src/llm/spend-file.ts'
import { MetricsError } from '../../../src/grading/metrics/errors.ts'
import type { Problem } from '../../../src/shared/problems/problems.ts'
import { VersionedFileError } from '../../../src/shared/problems/versioned-file-error.ts'
import { PromptTemplateError } from '../../../src/llm/prompts/errors.ts'
import { SearchError } from '../../../src/search/errors.ts'
import { StatsError } from '../../../src/shared/stats/errors.ts'
import { AtomicPairError, FeedbackError, TestsetInputError } from '../../../src/lab/testset/errors.ts'
import { ERROR_CODES } from '../../../src/shared/util/error-codes.ts'
import type { ErrorClassName } from '../../../src/shared/util/error-code-types.ts'
import { VitestRagError } from '../../../src/shared/util/errors.ts'
import { UserModuleError } from '../../../src/shared/util/user-module.ts'
import { GoldenSetError } from '../../../src/vitest/main/global-setup.ts'

const problems: Problem[] = [
  { code: 'bad', file: 'golden/a.golden.jsonl', line: 3, path: 'query', message: 'is empty' },
]

/** Every class a message reaches a user through, built the way src/ builds it; pass-through classes both with and without the prefix. */
const samples = {
  VitestRagError: () => [
    new VitestRagError('VITEST_RAG_POOL_DESTROYED', 'vitest-rag: this SearchPool was destroyed'),
    new VitestRagError('VITEST_RAG_SOURCE_MAP', 'bad map'),
  ],
  UserModuleError: () => [new UserModuleError('vitest-rag: cannot load'), new UserModuleError('cannot load')],
  ConfigError: () => [new ConfigError('vitest-rag: bad'), new ConfigError('bad')],
  CorpusError: () => [new CorpusError('kb', problems)],
  ChunkerSpecError: () => [new ChunkerSpecError('fixed:x', 'bad')],
  ManifestError: () => [new ManifestError('m.json', 'is not JSON')],
  GoldenFileError: () => [new GoldenFileError(problems)],
  UnresolvedLocatorsError: () => [new UnresolvedLocatorsError(problems)],
  GoldenSetError: () => [
    new GoldenSetError('vitest-rag: the golden set has 1 problem'),
    new GoldenSetError('set HTTP_TOKEN'),
  ],
  PreparedCasesError: () => [new PreparedCasesError('p.json', 'ENOENT')],
  SearchError: () => [
    new SearchError('VITEST_RAG_SEARCH_BAD_ARGUMENT', 'vitest-rag: unknown arm'),
    new SearchError('VITEST_RAG_SEARCH_DUPLICATE_CHUNK', 'duplicate'),
  ],
  ModelConfigError: () => [new ModelConfigError('models.generator: required')],
  MissingApiKeyError: () => [new MissingApiKeyError('openai', 'OPENAI_API_KEY')],
  UnpricedModelError: () => [new UnpricedModelError('m')],
  SpendLimitError: () => [new SpendLimitError(1, 0.5, 0, 0.75, 'a call')],
  EstimatedSpendTooHighError: () => [new EstimatedSpendTooHighError(2, 1, 10)],
  SpendFileError: () => [new SpendFileError('spend.json', 'locked')],
  CacheReplayMissError: () => [new CacheReplayMissError('k', 'c/k.json', 'chat m')],
  ResumeNeedsCacheError: () => [new ResumeNeedsCacheError()],
  JudgeIsGeneratorError: () => [new JudgeIsGeneratorError('m')],
  LlmError: () => [
    new LlmError('VITEST_RAG_EMPTY_CHAIN', 'vitest-rag: the judge chain is empty'),
    new LlmError('VITEST_RAG_EMBEDDING_DIMENSION', 'no dimension'),
  ],
  ProviderRequestError: () => [new ProviderRequestError('openai', 'Error: 401', 401)],
  ProviderChainError: () => [new ProviderChainError('generator', ['openai: 3 retries exhausted'])],
  MalformedResponseError: () => [new MalformedResponseError('provider "p" answered without choices')],
  RetriesExhaustedError: () => [new RetriesExhaustedError('3 retries exhausted (last: server 500)', 'server')],
  PromptTemplateError: () => [new PromptTemplateError('VITEST_RAG_PROMPT_TEMPLATE_INVALID', problems)],
  GenerationError: () => [
    new GenerationError('VITEST_RAG_PIPELINE_OPTION_INVALID', 'k must be a positive integer, got 0'),
  ],
  AdapterModuleError: () => [
    new AdapterModuleError('vitest-rag: adapter module a.ts must export'),
    new AdapterModuleError('must export'),
  ],
  HttpAdapterError: () => [new HttpAdapterError('vitest-rag: POST failed'), new HttpAdapterError('POST failed')],
  InvalidSystemOutputError: () => [
    new InvalidSystemOutputError('vitest-rag: adapter "a" returned an invalid output'),
    new InvalidSystemOutputError('invalid'),
  ],
  RecordedOutputsError: () => [new RecordedOutputsError('no recorded output for case "c1"')],
  SystemThrewError: () => [new SystemThrewError('boom'), new SystemThrewError({ toString: () => 'vitest-rag: odd' })],
  ClaimCheckError: () => [new ClaimCheckError('t for case c: unparseable reply')],
  CalibrationRecordError: () => [new CalibrationRecordError('c.json', 'bad')],
  QrelsAppendError: () => [new QrelsAppendError('q.tsv', 'bad')],
  MetricsError: () => [new MetricsError('VITEST_RAG_METRIC_BAD_K', 'recallAtK needs a whole k >= 1, got 0')],
  StatsError: () => [new StatsError('VITEST_RAG_STATS_EMPTY', 'no values')],
  VersionedFileError: () => [
    new VersionedFileError('baseline', 'b.json', { kind: 'format', detail: 'not JSON' }),
    new VersionedFileError('scorecard', 's.json', { kind: 'version', found: 1, expected: 2 }),
  ],
  ExperimentInputError: () => [
    new ExperimentInputError('vitest-rag: reference arm "x" is not among the arms run'),
    new ExperimentInputError('bad input'),
  ],
  TestsetInputError: () => [new TestsetInputError('rows/', problems)],
  FeedbackError: () => [new FeedbackError('case "c" is not in run "r"')],
  AtomicPairError: () => [new AtomicPairError('could not write a, b together')],
  CliUsageError: () => [new CliUsageError('--beir DIR is required')],
} satisfies Record<ErrorClassName, () => VitestRagError[]>

describe('one error style', () => {
  test('every registered error class has a sample here', () => {
    const classes = new Set(Object.values(ERROR_CODES).map((e) => e.errorClass))
    expect(Object.keys(samples).sort()).toEqual([...classes].sort())
  })

  test.each(Object.entries(samples))('%s: the message starts with exactly one "vitest-rag: "', (name, make) => {
    for (const error of make()) {
      expect(error.name).toBe(name)
      expect(error.message.startsWith('vitest-rag: ')).toBe(true)
      expect(error.message.startsWith('vitest-rag: vitest-rag:')).toBe(false)
      expect(error.message.match(/^(?:vitest-rag: ?)+/)?.[0]).toBe('vitest-rag: ')
    }
  })
})
