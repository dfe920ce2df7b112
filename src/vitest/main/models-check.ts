/**
 * The startup check of the `models` option: the model clients are built once in the main process (which
 * refuses an unknown or unpriced model, a bad chain) and every provider of a chain the run will call has its
 * API key in the environment. Each problem joins the startup problems list, beside the golden set's and the
 * adapter's, instead of failing every case later with the same message.
 */
import { optionsLabel } from '../../config/resolve.ts'
import type { RagEvalConfig } from '../../config/schema.ts'
import type { Problem } from '../../shared/problems/problems.ts'
import { withoutPrefix } from '../../shared/util/errors.ts'

type Chain = ReadonlyArray<{ name: string; apiKeyEnv: string; model: string }>

/** The chains the run will call: the generator (reference pipeline), the judge model, the embedder (vector arms). */
function chainsInUse(config: RagEvalConfig): Array<{ role: string; chain: Chain }> {
  const models = config.models
  if (!models) return []
  const reference = config.adapter.kind === 'reference'
  const relevancy = relevancyOn(config)
  const judged = config.judge === 'model' || config.claimMetrics === 'model' || relevancy
  const vectors = (reference && (config.search.arm === 'vector' || config.search.arm === 'hybrid')) || relevancy
  const chains: Array<{ role: string; chain: Chain | undefined }> = [
    // The judge `{}` borrows the generator's chain: its keys are the generator's.
    {
      role: 'generator',
      chain: (reference && config.mode === 'system') || judged ? models.generator?.chain : undefined,
    },
    { role: 'judge', chain: judged ? models.judge?.chain : undefined },
    { role: 'embedder', chain: vectors ? models.embedder?.chain : undefined },
  ]
  return chains.filter((c): c is { role: string; chain: Chain } => c.chain !== undefined)
}

/** Whether the run scores response relevancy with the models (system mode, `responseRelevancy: 'model'`). */
function relevancyOn(config: RagEvalConfig): boolean {
  return config.mode === 'system' && config.responseRelevancy === 'model'
}

/** A problem per model `responseRelevancy: 'model'` needs and `models` lacks (the judge's and the embedder's). */
function relevancyModelProblems(config: RagEvalConfig): Problem[] {
  if (!relevancyOn(config)) return []
  const roles = (['judge', 'embedder'] as const).filter((role) => config.models?.[role] === undefined)
  return roles.map((role) => ({
    code: 'missing_model',
    file: optionsLabel(config.project),
    path: `models.${role}`,
    message: `responseRelevancy 'model' needs models.${role}: the ${role === 'judge' ? 'judge model writes the questions from each answer' : 'embedding model compares them with the question'}`,
    fix: `add models.${role} (see docs/providers.md), or set responseRelevancy: 'off'`,
  }))
}

/** One problem per environment variable a used chain names and the environment lacks (first place named). */
function missingKeyProblems(config: RagEvalConfig, env: NodeJS.ProcessEnv): Problem[] {
  const seen = new Set<string>()
  const problems: Problem[] = []
  for (const { role, chain } of chainsInUse(config))
    chain.forEach((provider, index) => {
      const name = provider.apiKeyEnv
      if (seen.has(name) || (env[name] ?? '') !== '') return
      seen.add(name)
      problems.push({
        code: 'missing_api_key',
        file: optionsLabel(config.project),
        path: `models.${role}.chain[${index}].apiKeyEnv`,
        value: name,
        message: `${name} is not set, so provider "${provider.name}" (${provider.model}) cannot be called`,
        fix: `set ${name} in the environment of the run, or use models.cacheMode: 'replay' to answer from the cache`,
      })
    })
  return problems
}

/**
 * Every problem of `config.models` before any case runs (none when it is absent, or in a dry run, which calls
 * no model, except a model `responseRelevancy: 'model'` needs and lacks). In `replay` cache mode answers come
 * from the cache, so keys are not required.
 */
export async function modelConfigProblems(
  config: RagEvalConfig,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Problem[]> {
  // A model response relevancy needs and the config lacks is a problem even in a dry run (its estimate would
  // leave those calls out); keys are not (a dry run calls nothing).
  if (config.dryRun || !config.models) return relevancyModelProblems(config)
  // Loaded only here: an offline run never loads the model client.
  const [{ createModelClients, LlmError }, { modelClientOptions }] = await Promise.all([
    import('../../llm/index.ts'),
    import('../../evaluation/runtime-parts.ts'),
  ])
  try {
    createModelClients(config.models, { cacheDir: modelClientOptions(config).cacheDir, env })
  } catch (error) {
    if (!(error instanceof LlmError)) throw error
    const fix = 'see docs/providers.md for the models option'
    return [
      {
        code: 'model_config',
        file: optionsLabel(config.project),
        path: 'models',
        message: withoutPrefix(error.message),
        fix,
      },
    ]
  }
  const missing = relevancyModelProblems(config)
  return config.models.cacheMode === 'replay' ? missing : [...missing, ...missingKeyProblems(config, env)]
}
