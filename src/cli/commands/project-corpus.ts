/**
 * The corpus a lab command (`verify`, `synthesize`, `qrels pool`, `search`, `build-testset`) works on: the
 * project's own, from the `ragEval` options of its Vitest project (`--project`, `--config`) as `vitest run`
 * reads them, unless `--kb DIR` / `--beir DIR` names another explicitly. When the configuration is read, its
 * one-line description (project, corpus, golden files, output folder) goes to stderr first, as every
 * command's does.
 */
import { relative, resolve } from 'node:path'
import type { RagEvalConfig } from '../../config/schema.ts'
import { defaultBeirLoadOptions } from '../../corpus/load-beir.ts'
import { prepareCorpus, type PreparedCorpus } from '../../corpus/prepare-corpus.ts'
import type { CorpusSource } from '../../corpus/source.ts'
import { describeProjectConfig, loadProjectConfig } from '../../vitest/main/project-config.ts'
import { stringFlag, type ParsedCliArgs } from './args.ts'
import { CliUsageError, type CliIo } from './command.ts'
import { existingPath } from './flags.ts'

/** Option declarations of {@link projectCorpus}: the corpus overrides, the chunker and the project's config. */
export const projectCorpusOptions = {
  kb: { type: 'string' },
  beir: { type: 'string' },
  chunker: { type: 'string' },
  project: { type: 'string' },
  config: { type: 'string' },
} as const

/** Usage lines of {@link projectCorpusOptions}. */
export const PROJECT_CORPUS_USAGE = `  --project NAME     the Vitest project whose ragEval options to use (default evals): its corpus, chunker,
                     golden files and models
  --config FILE      its Vitest config (default: vitest.config.* or vite.config.* here), or a file of options
  --kb DIR | --beir DIR  another corpus instead of the project's (then the config is not read)`

/** A command's corpus source, and the project configuration it came from (undefined under `--kb` / `--beir`). */
export interface ProjectCorpusSource {
  source: CorpusSource
  config: RagEvalConfig | undefined
}

/** The corpus source of a command line (see the module doc), without loading the corpus. */
export async function projectCorpusSource(
  io: CliIo,
  values: ParsedCliArgs['values'],
  command: string,
): Promise<ProjectCorpusSource> {
  const kb = stringFlag(values, 'kb')
  const beir = stringFlag(values, 'beir')
  if (kb !== undefined && beir !== undefined) throw new CliUsageError('give --kb DIR or --beir DIR, not both')
  if (kb !== undefined)
    return { source: { kind: 'kb', root: existingPath(io.cwd, 'kb', kb, 'folder') }, config: undefined }
  if (beir !== undefined) {
    const root = existingPath(io.cwd, 'beir', beir, 'folder')
    return { source: { kind: 'beir', root, tenant: defaultBeirLoadOptions.tenantId }, config: undefined }
  }
  const loaded = await loadProjectConfig(io.cwd, {
    config: stringFlag(values, 'config'),
    project: stringFlag(values, 'project'),
  })
  io.stderr(`vitest-rag ${command}: ${describeProjectConfig(loaded)}\n`)
  return { source: loaded.config.corpus, config: loaded.config }
}

/** A command's loaded and chunked corpus (`--chunker`, else the project's chunker, else structural). */
export interface ProjectCorpus extends ProjectCorpusSource {
  prepared: PreparedCorpus
  chunker: string
}

/** The corpus of a command line (see the module doc), loaded and chunked. */
export async function projectCorpus(
  io: CliIo,
  values: ParsedCliArgs['values'],
  command: string,
): Promise<ProjectCorpus> {
  const found = await projectCorpusSource(io, values, command)
  const chunker = stringFlag(values, 'chunker') ?? found.config?.chunker ?? 'structural'
  return { ...found, chunker, prepared: await prepareCorpus(found.source, chunker) }
}

/**
 * The BEIR dataset folder (and the tenant its documents load into) of a command that reads queries and judgments
 * (`search`, `build-testset`): `--beir DIR`, else the project's corpus when it is a BEIR dataset; a
 * knowledge-base corpus has no queries to read, which the error says with the fix.
 */
export async function projectBeirFolder(
  io: CliIo,
  values: ParsedCliArgs['values'],
  command: string,
): Promise<{ root: string; tenant: string }> {
  if (stringFlag(values, 'kb') !== undefined)
    throw new CliUsageError(`${command} reads a BEIR dataset's queries: --kb does not apply (pass --beir DIR)`)
  const { source, config } = await projectCorpusSource(io, values, command)
  if (source.kind === 'beir')
    return { root: source.root, tenant: source.tenant ?? source.tenantId ?? defaultBeirLoadOptions.tenantId }
  const where = config ? relative(config.root, source.root) || '.' : resolve(source.root)
  throw new CliUsageError(
    `the project's corpus ${where} is a knowledge base, which has no queries or judgments; pass --beir DIR (a BEIR dataset)`,
  )
}
