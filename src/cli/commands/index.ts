/**
 * The registry of `vitest-rag` subcommands: one entry per command, in the order `vitest-rag help` lists them.
 * An entry holds the command's name and its one-line summary (written here and nowhere else) and loads the
 * command's module with a dynamic `import()`, so `--version`, `help` and the group lists import no command and
 * running one command imports only its own module and what that imports. Add one entry per command.
 */
import type { CliCommandEntry } from './command.ts'

/** Every subcommand, in the order `vitest-rag help` lists them. */
export const commands: CliCommandEntry[] = [
  {
    name: 'init',
    summary: 'scaffold evals into this project: Vitest project, starter corpus, example golden file, CI workflow',
    load: async () => (await import('./init.ts')).initCommand,
  },
  {
    name: 'verify',
    summary: 'check a corpus against its recorded per-document hashes',
    load: async () => (await import('./verify.ts')).verifyCommand,
  },
  {
    name: 'calibrate',
    summary: "measure the judge's agreement with human labels (accuracy, Cohen's kappa, confusion)",
    load: async () => (await import('./calibrate.ts')).calibrateCommand,
  },
  {
    name: 'score-run',
    summary: 'score a TREC run against qrels with the harness metrics (recall@k, precision@k, hit@k, ndcg@k, mrr)',
    load: async () => (await import('./score-run.ts')).scoreRunCommand,
  },
  {
    name: 'search',
    summary: 'run a BEIR dataset through a search arm and write a TREC run file',
    load: async () => (await import('./search.ts')).searchCommand,
  },
  {
    name: 'baseline accept',
    summary: 'accept the last scorecard as the committed baseline, after showing the metric diff',
    load: async () => (await import('./baseline.ts')).createBaselineAcceptCommand(),
  },
  {
    name: 'baseline show',
    summary: 'print the committed baseline: identity and aggregate metrics',
    load: async () => (await import('./baseline.ts')).baselineShowCommand,
  },
  // The golden-set life cycle: build a set from a labelled corpus, synthesize questions, record feedback and
  // promote it, pool and override relevance grades.
  {
    name: 'build-testset',
    summary: 'build a golden file from a labelled corpus (BEIR or rows), rejecting questions that copy their answer',
    load: async () => (await import('./build-testset.ts')).buildTestsetCommand,
  },
  {
    name: 'synthesize',
    summary: 'write synthetic questions from sampled chunks with the generator model (cached, under the spend limit)',
    load: async () => (await import('./synthesize.ts')).synthesizeCommand,
  },
  {
    name: 'feedback add',
    summary: 'append a reviewed mistake (run, case, error class, corrected assertions) to the feedback file',
    load: async () => (await import('./feedback.ts')).feedbackAddCommand,
  },
  {
    name: 'promote',
    summary: 'turn a reviewed correction into a draft golden case and a linked feedback record, atomically',
    load: async () => (await import('./feedback.ts')).promoteCommand,
  },
  {
    name: 'qrels pool',
    summary: 'grade the unjudged top-k of several arms with the model judge (cached, capped)',
    load: async () => (await import('./qrels.ts')).qrelsPoolCommand,
  },
  {
    name: 'qrels override',
    summary: 'record a human relevance grade that wins over golden and model grades',
    load: async () => (await import('./qrels-override.ts')).qrelsOverrideCommand,
  },
  // The experiments.
  {
    name: 'eval-retrieval',
    summary: 'compare every retrieval arm on the golden set, with paired significance tests',
    load: async () => (await import('./eval-retrieval.ts')).evalRetrievalCommand,
  },
  {
    name: 'chunking-experiment',
    summary: 'structural vs fixed-size chunking and a chunk-size sweep, locators resolved per chunker',
    load: async () => (await import('./chunking-experiment.ts')).chunkingExperimentCommand,
  },
  {
    name: 'tune',
    summary: "sweep the abstention gate's threshold: coverage, abstention P/R, CRAG truthfulness, AURC",
    load: async () => (await import('./tune.ts')).tuneCommand,
  },
  {
    name: 'compare',
    summary: 'paired per-case comparison of two runs: verdict per metric, flipped cases, gaming alarms',
    load: async () => (await import('./compare.ts')).compareCommand,
  },
  {
    name: 'noise',
    summary: 'run one configuration N times: spread per metric, detectable change, metrics too noisy to gate',
    load: async () => (await import('./noise.ts')).noiseCommand,
  },
]
