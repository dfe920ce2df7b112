/**
 * `vitest-rag synthesize`: one question per sampled chunk through the generator model (cached, under the spend
 * limit), written as golden cases marked `"synthetic": true`.
 */
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { CliUsageError, type CliCommand, type CliIo } from './command.ts'
import { parseCliArgs, stringFlag } from './args.ts'
import {
  defaultSynthesizeOptions,
  planSynthesisCalls,
  sampleChunks,
  synthesizeCases,
} from '../../lab/testset/synthesize.ts'
import { estimateRunCost } from '../../llm/index.ts'
import { describeUnanchored } from '../../lab/testset/question-vocabulary.ts'
import { checkSpend, DRY_RUN_OPTION, DRY_RUN_USAGE } from './spend-guard.ts'
import { writeFileAtomic } from '../../shared/util/atomic-write.ts'
import { modelClientsFromFile, numberFlag, requiredFlag } from './flags.ts'
import { projectModelClients } from './project-models.ts'
import { PROJECT_CORPUS_USAGE, projectCorpus, projectCorpusOptions } from './project-corpus.ts'

const usage = `Usage: vitest-rag synthesize --out FILE [--project NAME] [--config FILE] [--kb DIR | --beir DIR]
                            [--models FILE] [--count N] [--seed N] [--chunker SPEC] [--min-chars N]
                            [--id-prefix P] [--spend-limit USD] [--force] [--dry-run]

Writes one question per sampled chunk with the generator model, as golden cases marked "synthetic": true
(the scorecard reports them apart from human-written cases: a question written from its own passage
overstates retrieval quality). Every call goes through the model client: cached (a second run repeats no
paid call), priced and stopped at the spend limit (the cases written so far are kept).
${PROJECT_CORPUS_USAGE}
  --models FILE          JSON models config with a generator chain (see the README's "Models" section);
                         default: the project's \`models\` option
  --out FILE             the golden file to write; an existing file needs --force
  --count N              chunks to sample (default ${defaultSynthesizeOptions.count})
  --seed N               seed of the chunk sample (default ${defaultSynthesizeOptions.seed})
  --chunker SPEC         structural or fixed:SIZE/OVERLAP (default: the project's chunker)
  --min-chars N          skip chunks shorter than this (default ${defaultSynthesizeOptions.minChunkChars}): too little to ask about
  --id-prefix P          case id prefix (default ${defaultSynthesizeOptions.idPrefix})
  --spend-limit USD      overrides the config's spendLimitUsd; the worst-case estimate (printed first: two
                         calls per chunk, the ask and one re-ask, no cache hit assumed) over it refuses the run
${DRY_RUN_USAGE}

Exit code: 0 after writing, 1 when nothing could be synthesized, 2 on a usage error.`

async function run(argv: string[], io: CliIo): Promise<number> {
  const { values } = parseCliArgs(argv, {
    ...projectCorpusOptions,
    models: { type: 'string' },
    out: { type: 'string' },
    count: { type: 'string' },
    seed: { type: 'string' },
    'id-prefix': { type: 'string' },
    'min-chars': { type: 'string' },
    'spend-limit': { type: 'string' },
    force: { type: 'boolean' },
    ...DRY_RUN_OPTION,
  })
  const out = resolve(io.cwd, requiredFlag(values, 'out', 'FILE (the golden file to write)'))
  if (existsSync(out) && values.force !== true)
    throw new CliUsageError(`--out ${out} exists; pass --force to replace it`)
  const options = {
    ...defaultSynthesizeOptions,
    count: numberFlag(values, 'count', defaultSynthesizeOptions.count, { min: 1, integer: true }),
    seed: numberFlag(values, 'seed', defaultSynthesizeOptions.seed, { min: 0, integer: true }),
    idPrefix: stringFlag(values, 'id-prefix') ?? defaultSynthesizeOptions.idPrefix,
    minChunkChars: numberFlag(values, 'min-chars', defaultSynthesizeOptions.minChunkChars, { min: 1, integer: true }),
  }
  const spendLimit =
    stringFlag(values, 'spend-limit') === undefined ? undefined : numberFlag(values, 'spend-limit', 0, { min: 0 })
  const models = stringFlag(values, 'models')
  const fromFile = models === undefined ? undefined : modelClientsFromFile(io.cwd, models, spendLimit)
  const { prepared, config } = await projectCorpus(io, values, 'synthesize')
  const clients = fromFile ?? projectModelClients(config, spendLimit)
  if (!clients.generator)
    throw new CliUsageError('the models config has no generator chain; synthesize asks the generator')
  const chunks = sampleChunks(prepared.chunks, options)
  const estimate = estimateRunCost({ calls: planSynthesisCalls(chunks, clients.generator.model) }, clients.prices)
  const stop = checkSpend('synthesize', estimate, clients.ledger.limitUsd, values['dry-run'] === true, io)
  if (stop !== undefined) return stop
  const documents = new Map(prepared.corpus.documents.map((d) => [d.id, d]))
  const result = await synthesizeCases(chunks, documents, clients.generator, options)
  const header = `// synthesized by vitest-rag synthesize with ${clients.generator.model}: ${result.cases.length} questions from ${chunks.length} sampled chunks (seed ${options.seed}); reported apart from human-written cases`
  if (result.cases.length > 0)
    await writeFileAtomic(out, `${[header, ...result.cases.map((c) => JSON.stringify(c))].join('\n')}\n`)
  const lines = [
    `vitest-rag synthesize: ${result.cases.length} synthetic cases from ${chunks.length} sampled chunks; ${result.calls} model calls (${result.cachedCalls} from the cache), $${result.costUsd.toFixed(4)} spent`,
    ...(result.failed.length > 0
      ? [`  ${result.failed.length} chunk(s) got no usable question: ${result.failed.join(', ')}`]
      : []),
    ...(result.unanchored.length > 0
      ? [
          `  ${describeUnanchored(result.unanchored, result.cases.length, 'written as drafts: they run only once a reviewer sets "status": "active"')}`,
        ]
      : []),
    ...(result.stoppedBySpendLimit ? [`  stopped early: ${result.stoppedBySpendLimit}`] : []),
    result.cases.length > 0 ? `wrote ${out}` : 'nothing written',
  ]
  io.stdout(`${lines.join('\n')}\n`)
  return result.cases.length > 0 ? 0 : 1
}

/** `vitest-rag synthesize`. */
export const synthesizeCommand: CliCommand = {
  usage,
  run,
}
