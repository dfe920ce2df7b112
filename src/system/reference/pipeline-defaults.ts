/**
 * The reference pipeline's defaults, apart from the pipeline: the scorecard's configuration snapshot records
 * them in every run, and an offline run with the team's own adapter must not load the pipeline (its search index,
 * model client and prompts) to say what they are.
 */

/** The pipeline's defaults: retrieve `k` chunks, show the generator `maxSources`, answer in `maxTokens`. */
export const defaultPipelineOptions = Object.freeze({ k: 10, maxSources: 3, maxTokens: 400 })
