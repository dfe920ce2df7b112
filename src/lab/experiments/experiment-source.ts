/**
 * Where an experiment's golden set, corpus and configuration come from (the I/O half):
 * - the project's ragEval options (`--config FILE`: a JSON file, or a module whose default export is the
 *   options object; without it, the defaults: the bundled sample KB and `golden/**\/*.golden.jsonl`), read
 *   and resolved exactly as the Vitest run resolves them;
 * - or a BEIR dataset (`--beir DIR`), turned into golden cases by {@link beirGoldenSet}.
 * Either way the golden locators are resolved afresh against each chunking of the corpus.
 * Model calls are stripped from the configuration unless the user asked for them (`--models`).
 */
import { relative, resolve } from 'node:path'
import { GoldenFileError } from '../../cases/errors.ts'
import type { Problem } from '../../shared/problems/problems.ts'
import { resolveLocators } from '../../cases/resolve-locators.ts'
import type { GoldenCase } from '../../cases/schema.ts'
import { resolveOptionsFile } from '../../config/options-file.ts'
import { resolveConfig } from '../../config/resolve.ts'
import type { RagEvalConfig } from '../../config/schema.ts'
import { chunkDocuments, parseChunkerSpec } from '../../corpus/chunk.ts'
import { defaultBeirLoadOptions, loadBeir } from '../../corpus/load-beir.ts'
import { readGoldenSet } from '../../evaluation/golden-set/golden-set.ts'
import { prepareCase, type ModuleCase } from '../../cases/prepared-case.ts'
import { prepareCorpus, type PreparedCorpus } from '../../corpus/prepare-corpus.ts'
import { hashJson } from '../../shared/util/hash.ts'
import { beirGoldenSet } from './beir-golden.ts'
import { ExperimentInputError } from './errors.ts'

/** How the user named the experiment's inputs (the shared flags of every experiment command). */
export interface SourceArgs {
  /** ragEval options file (JSON or a module with a default export), relative to the working directory. */
  config?: string
  /** A BEIR dataset folder instead of a golden set. */
  beir?: string
  /** BEIR only: join documents that share a title (see `beirGoldenSet`). */
  joinByTitle?: boolean
  /** Use only the first N cases (file order). */
  limit?: number
  /** Keep the configured model clients (generator, judge, embedder); default: everything offline. */
  models?: boolean
  /** The Vitest project whose ragEval options to use (the CLI's `--project`; default `evals`). */
  project?: string
  /** The configuration already loaded (the CLI loads the project's Vitest config); wins over `config`. */
  projectConfig?: RagEvalConfig
}

/** A golden case with where it came from. */
export interface SourceCase {
  case: GoldenCase
  file: string
  line: number
}

/** An experiment's inputs. */
export interface ExperimentSource {
  config: RagEvalConfig
  /** One line for the printed header, e.g. `golden/**\/*.golden.jsonl over evals/sample-kb (85 cases)`. */
  description: string
  goldenSetHash: string
  cases: SourceCase[]
  /** Notes to print (models stripped, queries skipped). */
  notes: string[]
  /** The corpus chunked with `chunkerSpec` (cached per spec). */
  prepare(chunkerSpec: string): Promise<PreparedCorpus>
}

function offline(config: RagEvalConfig, keepModels: boolean, notes: string[]): RagEvalConfig {
  if (keepModels) return config
  if (config.models !== undefined || config.judge === 'model')
    notes.push(
      'models are configured but not used: pass --models to allow model calls (the offline generator and heuristic judge run instead)',
    )
  return { ...config, models: undefined, judge: config.judge === 'model' ? 'heuristic' : config.judge }
}

async function fromBeir(args: SourceArgs & { beir: string }, cwd: string): Promise<ExperimentSource> {
  const root = resolve(cwd, args.beir)
  const base = resolveConfig({ corpus: { kind: 'beir', root } }, cwd)
  const notes: string[] = []
  const config = offline(base, args.models === true, notes)
  const tenantId =
    (config.corpus.kind === 'beir' ? (config.corpus.tenant ?? config.corpus.tenantId) : undefined) ??
    defaultBeirLoadOptions.tenantId
  const dataset = await loadBeir(root, { tenantId })
  const set = beirGoldenSet(dataset, tenantId, {
    joinByTitle: args.joinByTitle === true,
    ...(args.limit !== undefined ? { limit: args.limit } : {}),
  })
  if (set.skipped > 0) notes.push(`${set.skipped} queries have no positive judgment and no is_impossible flag: skipped`)
  if (set.emptyJudgments > 0)
    notes.push(`${set.emptyJudgments} judgment(s) name a document with no text (no chunk can hold it): left out`)
  const prepared = new Map<string, PreparedCorpus>()
  const corpus = { documents: set.documents, fingerprint: set.fingerprint, root }
  return {
    config,
    description: `BEIR ${args.beir}${args.joinByTitle ? ' (documents joined by title)' : ''}: ${set.cases.length} cases, ${set.documents.length} documents`,
    goldenSetHash: hashJson(set.cases.map((c) => c.case)),
    cases: set.cases.map((c) => ({ ...c, file: 'queries.jsonl' })),
    notes,
    async prepare(spec) {
      if (!args.joinByTitle) return prepareCorpus(config.corpus, spec)
      const hit = prepared.get(spec)
      if (hit) return hit
      const chunker = parseChunkerSpec(spec)
      const chunks = chunkDocuments(set.documents, chunker)
      const made = { corpus, chunker, chunks, chunkById: new Map(chunks.map((c) => [c.id, c])) }
      prepared.set(spec, made)
      return made
    },
  }
}

/** Loads the experiment's inputs (see the module doc). Throws `GoldenFileError` listing every golden-file problem. */
export async function loadExperimentSource(args: SourceArgs, cwd: string): Promise<ExperimentSource> {
  if (args.beir !== undefined) return fromBeir({ ...args, beir: args.beir }, cwd)
  const notes: string[] = []
  const config = offline(
    args.projectConfig ?? (await resolveOptionsFile(args.config, cwd, undefined, (m) => new ExperimentInputError(m))),
    args.models === true,
    notes,
  )
  const set = readGoldenSet(config)
  if (set.problems.length > 0) throw new GoldenFileError(set.problems)
  const all = set.files.flatMap((f) =>
    f.parsed.cases
      .filter((c) => set.selected.has(c.case.case_id))
      .map((c) => ({ case: c.case, line: c.line, file: f.file })),
  )
  const cases = args.limit === undefined ? all : all.slice(0, args.limit)
  return {
    config,
    description: `${config.golden} over ${relative(config.root, config.corpus.root) || '.'} (${cases.length} cases)`,
    goldenSetHash: set.hash,
    cases,
    notes,
    prepare: (spec) => prepareCorpus(config.corpus, spec),
  }
}

/** The cases with their locators resolved against `prepared`'s chunks, and every locator that did not resolve. */
export function resolveCases(
  source: Pick<ExperimentSource, 'cases'>,
  prepared: PreparedCorpus,
): { cases: Array<ModuleCase & { file: string }>; problems: Problem[] } {
  const origins = new Map(source.cases.map((c) => [c.case.case_id, { file: c.file, line: c.line }]))
  const resolved = resolveLocators(
    source.cases.map((c) => c.case),
    prepared.corpus.documents,
    prepared.chunks,
    origins,
  )
  const cases = source.cases.map((c) => ({ ...prepareCase(c.case, c.line, resolved), file: c.file }))
  return { cases, problems: resolved.problems }
}
