/**
 * The configuration snapshot a scorecard (and the baseline accepted from it) carries: everything that produced
 * it, so it can be read weeks later. The user's options with every default in force filled in (the reference
 * pipeline's confidence gate 0.55, not `pipeline: {}`), and `producedBy`: the package version, the judge's and
 * the claim checker's versions, the version of every prompt template, the corpus fingerprint and the golden-set
 * hash. Nothing secret: the config names key variables, never their values, and `snapshotConfig` drops any field
 * that looks like a key.
 */
import { promptPath, snapshotConfig } from '../../config/resolve.ts'
import type { RagEvalConfig } from '../../config/schema.ts'
import { heuristicClaimCheckerVersion } from '../../grading/judge/claim-check.ts'
import { HEURISTIC_JUDGE_VERSION } from '../../grading/judge/heuristic-judge.ts'
import { loadBundledPrompt, loadPromptTemplate, PROMPT_CONTRACTS, type PromptName } from '../../llm/prompts/load.ts'
import { defaultGatePolicy } from '../../report/gate/policy.ts'
import { defaultEvidenceGateConfig } from '../../system/reference/evidence-gate.ts'
import { defaultExtractiveConfig } from '../../system/reference/extractive.ts'
import { defaultPipelineOptions } from '../../system/reference/pipeline-defaults.ts'
import { defaultTenantPattern } from '../../system/sources/source-evidence.ts'
import { primaryJudgeModel } from '../../llm/providers.ts'
import { COPY_MIN_TOKENS } from '../../grading/metrics/gaming.ts'

/** What produced a scorecard, beside its options (`configSnapshot.producedBy`). */
export interface ProducedBy {
  /** `vitest-rag@<version>`. */
  package: string
  /** The judge's version: `heuristic-5` (its rule set), `judge@1` (the model judge's prompt template), or `off`. */
  judge: string
  /** The claim checker's version (`heuristic-claims-2@0.6`, the model's prompt templates), or `off`. */
  claimChecker: string
  /**
   * Response relevancy's producer with `responseRelevancy: 'model'` (template version, judge and embedding models,
   * e.g. `response-relevancy@1 gpt-4o-mini+text-embedding-3-small`); absent when it is off.
   */
  responseRelevancy?: string
  /** Every prompt template by file name, as `<id>@<version>` (the `prompts` folder's copy, else the bundled one). */
  prompts: Record<string, string>
  /** Shortest copied word run counted by `copy_ratio`. */
  copyMinTokens: number
  corpusFingerprint: string
  goldenSetHash: string
}

/** `<id>@<version>` of prompt `name` as this config would send it; `unreadable` for a copy that does not parse. */
function promptVersion(config: RagEvalConfig, name: PromptName): string {
  try {
    const template = loadPromptTemplate(promptPath(config, name), name)
    return `${template.id}@${template.version}`
  } catch {
    // A broken copy of a template this run does not send stopped nothing; the snapshot says so.
    return 'unreadable'
  }
}

/** The judge's version as this config runs it (the rule set of the heuristic, the model judge's template). */
function judgeVersion(config: RagEvalConfig, prompts: Record<string, string>): string {
  if (config.mode !== 'system' || config.judge === 'off') return 'off'
  return config.judge === 'heuristic' ? HEURISTIC_JUDGE_VERSION : (prompts['judge.md'] ?? 'unreadable')
}

/** The claim checker's version as `grading/judge/claim-check.ts` names it (the model one reads the bundled prompts). */
function claimCheckerVersion(config: RagEvalConfig): string {
  if (config.mode !== 'system' || config.judge === 'off' || config.claimMetrics === 'off') return 'off'
  if (config.claimMetrics === 'heuristic') return heuristicClaimCheckerVersion()
  const extract = loadBundledPrompt('claims-extract.md')
  const verify = loadBundledPrompt('claims-verify.md')
  return `${extract.id}@${extract.version}+${verify.id}@${verify.version}`
}

/** `{ responseRelevancy }` as the scorer names itself (`grading/judge/response-relevancy.ts`), or `{}` when off. */
function relevancyVersion(config: RagEvalConfig, prompts: Record<string, string>): { responseRelevancy?: string } {
  if (config.mode !== 'system' || config.responseRelevancy !== 'model') return {}
  const models = config.models
  let judge: string | undefined
  try {
    judge = models ? primaryJudgeModel(models) : undefined
  } catch {
    // A judge chain the model client refuses stopped the run at startup; the snapshot names no model.
  }
  const embedder = models?.embedder?.chain[0]?.model
  return { responseRelevancy: `${prompts['response-relevancy.md']} ${judge}+${embedder}` }
}

/** The reference pipeline's options with every default in force (see `system/reference/pipeline.ts`). */
function resolvedPipeline(config: RagEvalConfig): Record<string, unknown> {
  const p = config.pipeline
  const generator = config.models?.generator?.chain[0]?.model
  return {
    name: p.name ?? (generator === undefined ? 'reference-extractive' : `reference-${generator}`),
    maxSources: p.maxSources ?? defaultPipelineOptions.maxSources,
    maxTokens: p.maxTokens ?? defaultPipelineOptions.maxTokens,
    gate: { ...defaultEvidenceGateConfig, ...p.gate },
    extractive: { ...defaultExtractiveConfig, ...p.extractive },
  }
}

/**
 * The snapshot of `config` with its defaults resolved and what produced the run. Example (the sample project):
 * `pipeline.gate.minTopScore` 0.55, `gate.gatedMetrics` the default list, `producedBy.judge` `heuristic-5`,
 * `producedBy.prompts['judge.md']` `judge@1`.
 */
export function runConfigSnapshot(
  config: RagEvalConfig,
  identity: { packageVersion: string; corpusFingerprint: string; goldenSetHash: string },
): Record<string, unknown> {
  const base = snapshotConfig(config)
  const prompts: Record<string, string> = {}
  for (const name of Object.keys(PROMPT_CONTRACTS) as PromptName[]) prompts[name] = promptVersion(config, name)
  const producedBy: ProducedBy = {
    package: `vitest-rag@${identity.packageVersion}`,
    judge: judgeVersion(config, prompts),
    claimChecker: claimCheckerVersion(config),
    ...relevancyVersion(config, prompts),
    prompts,
    copyMinTokens: COPY_MIN_TOKENS,
    corpusFingerprint: identity.corpusFingerprint,
    goldenSetHash: identity.goldenSetHash,
  }
  return {
    ...base,
    ...(config.adapter.kind === 'reference' ? { pipeline: resolvedPipeline(config) } : {}),
    tenantPattern: config.tenantPattern ?? defaultTenantPattern,
    gate: { ...(base.gate as object), gatedMetrics: [...(config.gate.gatedMetrics ?? defaultGatePolicy.gatedMetrics)] },
    producedBy,
  }
}
