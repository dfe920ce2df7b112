/**
 * `vitest-rag verify`: records a corpus manifest (`--write`), or re-hashes the corpus and names every
 * document that changed, appeared or vanished since it was recorded, so a run is never scored against a
 * silently edited corpus.
 */
import { basename, resolve } from 'node:path'
import type { CliCommand, CliIo } from './command.ts'
import { parseCliArgs, stringFlag } from './args.ts'
import { PROJECT_CORPUS_USAGE, projectCorpusOptions, projectCorpusSource } from './project-corpus.ts'
import { diffFingerprints } from '../../corpus/fingerprint.ts'
import { loadBeir } from '../../corpus/load-beir.ts'
import { loadKnowledgeBase } from '../../corpus/load-kb.ts'
import { buildManifest, readManifest, writeManifest } from '../../corpus/manifest.ts'
import type { Corpus } from '../../corpus/types.ts'

/** Default manifest file name, written beside the corpus (commit it with a knowledge base). */
export const DEFAULT_MANIFEST_NAME = 'vitest-rag.manifest.json'

const usage = `Usage: vitest-rag verify [--project NAME] [--config FILE] [--kb DIR | --beir DIR] [--manifest FILE] [--write]

Checks a corpus (default: the project's, from its Vitest config) against its recorded manifest of
per-document sha256 hashes.
${PROJECT_CORPUS_USAGE}
                     (--kb: DIR/tenants/<tenant>/docs, changelog.jsonl, tickets.jsonl; --beir: DIR/corpus.jsonl)
  --manifest FILE    the manifest (default: ${DEFAULT_MANIFEST_NAME} in the corpus folder)
  --write            record the manifest instead of checking it

Exit code: 0 when nothing changed (or after --write), 1 when any document changed, appeared or vanished
or there is no manifest yet, 2 on a usage error.`

async function run(argv: string[], io: CliIo): Promise<number> {
  const { chunker: _chunker, ...corpusFlags } = projectCorpusOptions
  const { values } = parseCliArgs(argv, {
    ...corpusFlags,
    manifest: { type: 'string' },
    write: { type: 'boolean' },
  })
  const { source } = await projectCorpusSource(io, values, 'verify')
  const dir = source.root
  const manifest = stringFlag(values, 'manifest')
  const manifestPath = resolve(io.cwd, manifest ?? resolve(dir, DEFAULT_MANIFEST_NAME))
  const corpus: Corpus =
    source.kind === 'kb'
      ? await loadKnowledgeBase(dir)
      : (await loadBeir(dir, { tenantId: source.tenant ?? source.tenantId })).corpus
  const current = buildManifest(corpus.documents)
  if (values.write === true) {
    await writeManifest(manifestPath, current)
    io.stdout(
      `vitest-rag verify: recorded ${corpus.documents.length} documents of ${basename(dir)} in ${manifestPath} (fingerprint ${current.fingerprint.slice(0, 12)})\n`,
    )
    return 0
  }
  const recorded = await readManifest(manifestPath)
  if (!recorded) {
    io.stderr(
      `vitest-rag verify: no manifest at ${manifestPath} (fix: record one with \`${['vitest-rag verify', ...argv, '--write'].join(' ')}\`)\n`,
    )
    return 1
  }
  const diff = diffFingerprints(recorded.documents, current.documents)
  const lines = [
    ...diff.changed.map((id) => `changed  ${id}`),
    ...diff.added.map((id) => `added    ${id}`),
    ...diff.removed.map((id) => `removed  ${id}`),
  ]
  if (lines.length === 0) {
    io.stdout(
      `vitest-rag verify: ${corpus.documents.length} documents match ${manifestPath} (fingerprint ${current.fingerprint.slice(0, 12)})\n`,
    )
    return 0
  }
  io.stdout(`${lines.join('\n')}\n`)
  io.stderr(
    `vitest-rag verify: ${diff.changed.length} changed, ${diff.added.length} added, ${diff.removed.length} removed since ${manifestPath} (fix: review the changes, then re-record with --write)\n`,
  )
  return 1
}

/** The `verify` command. */
export const verifyCommand: CliCommand = {
  usage,
  run,
}
