/**
 * `vitest-rag build-testset`: turns a labelled corpus (BEIR qrels, or a folder of question/answer/source
 * rows) into a golden file, rejecting questions that copy their answer span, and writes a report.
 */
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { CliUsageError, type CliCommand, type CliIo } from './command.ts'
import { parseCliArgs, stringFlag } from './args.ts'
import {
  buildTestset,
  defaultBuildOptions,
  renderBuildReport,
  renderGoldenFile,
  type BuildOptions,
} from '../../lab/testset/build-testset.ts'
import { readBeirCandidates, readRowCandidates } from '../../lab/testset/testset-sources.ts'
import { defaultBeirLoadOptions } from '../../corpus/load-beir.ts'
import { TestsetInputError } from '../../lab/testset/errors.ts'
import { writeFileAtomic } from '../../shared/util/atomic-write.ts'
import { existingPath, numberFlag, requiredFlag } from './flags.ts'
import { projectBeirFolder } from './project-corpus.ts'

const usage = `Usage: vitest-rag build-testset --out FILE [--beir DIR | --rows DIR] [--project NAME] [--config FILE]
                              [--size N] [--seed N] [--max-overlap X] [--id-prefix P] [--tenant T] [--report FILE]
                              [--force]

Builds a golden file from a labelled corpus.
  --beir DIR         a BEIR dataset: queries.jsonl, qrels/*.tsv, corpus.jsonl (SQuAD-style metadata.answers
                     pins each case to its answer's sentence; metadata.is_impossible makes out_of_scope cases).
                     Default: the project's corpus (--project, --config: its Vitest config's ragEval options),
                     when it is a BEIR dataset
  --rows DIR         a folder of *.jsonl rows {"id"?, "question", "answer"?, "source"?, "source_text"?,
                     "question_type"?, "tenant"?, "answerable"?}
  --out FILE         the golden file to write (e.g. golden/squad.golden.jsonl); an existing file needs --force
  --size N           cases to choose after rejection, stratified across question types (default: all)
  --seed N           seed of the selection hash (default ${defaultBuildOptions.seed})
  --max-overlap X    reject a question when more than this share of its content words occur in its answer
                     span (default ${defaultBuildOptions.maxOverlap}; 1 rejects nothing)
  --id-prefix P      case id prefix (default ${defaultBuildOptions.idPrefix})
  --tenant T         tenant of every case (default: the tenant the corpus loads into, "default" for BEIR)
  --report FILE      the JSON report (default: the golden file with .report.json)

Exit code: 0 after writing, 1 when the input has problems, 2 on a usage error.`

async function parse(argv: string[], io: CliIo) {
  const { values } = parseCliArgs(argv, {
    beir: { type: 'string' },
    rows: { type: 'string' },
    out: { type: 'string' },
    size: { type: 'string' },
    seed: { type: 'string' },
    'max-overlap': { type: 'string' },
    'id-prefix': { type: 'string' },
    tenant: { type: 'string' },
    report: { type: 'string' },
    force: { type: 'boolean' },
    project: { type: 'string' },
    config: { type: 'string' },
  })
  const rows = stringFlag(values, 'rows')
  if (rows !== undefined && stringFlag(values, 'beir') !== undefined)
    throw new CliUsageError('give --beir DIR or --rows DIR, not both')
  const out = resolve(io.cwd, requiredFlag(values, 'out', 'FILE (the golden file to write)'))
  if (existsSync(out) && values.force !== true)
    throw new CliUsageError(`--out ${out} exists; pass --force to replace it (a built file overwrites any hand edits)`)
  const size =
    stringFlag(values, 'size') === undefined ? undefined : numberFlag(values, 'size', 0, { min: 1, integer: true })
  const beir = rows === undefined ? await projectBeirFolder(io, values, 'build-testset') : undefined
  return {
    source:
      beir !== undefined
        ? { kind: 'beir' as const, path: beir.root }
        : { kind: 'rows' as const, path: existingPath(io.cwd, 'rows', rows ?? '', 'folder') },
    out,
    report: resolve(io.cwd, stringFlag(values, 'report') ?? out.replace(/(\.golden)?\.jsonl$/, '') + '.report.json'),
    tenant: stringFlag(values, 'tenant') ?? beir?.tenant ?? defaultBeirLoadOptions.tenantId,
    options: {
      ...defaultBuildOptions,
      ...(size === undefined ? {} : { size }),
      seed: numberFlag(values, 'seed', defaultBuildOptions.seed, { min: 0, integer: true }),
      maxOverlap: numberFlag(values, 'max-overlap', defaultBuildOptions.maxOverlap, { min: 0, max: 1 }),
      idPrefix: stringFlag(values, 'id-prefix') ?? defaultBuildOptions.idPrefix,
    } satisfies BuildOptions,
  }
}

async function run(argv: string[], io: CliIo): Promise<number> {
  const args = await parse(argv, io)
  let input
  try {
    input =
      args.source.kind === 'beir'
        ? await readBeirCandidates(args.source.path, args.tenant)
        : await readRowCandidates(args.source.path, args.tenant)
  } catch (error) {
    if (!(error instanceof TestsetInputError)) throw error
    io.stderr(`${error.message}\n`)
    return 1
  }
  const options = { ...args.options, maxGrade: input.maxGrade }
  const result = buildTestset(input.candidates, options)
  await writeFileAtomic(args.out, renderGoldenFile(result, options, `${args.source.kind} ${args.source.path}`))
  const report = {
    version: 1,
    source: args.source,
    ...result.report,
    unjudged: input.unjudged,
    rejections: result.rejections,
  }
  await writeFileAtomic(args.report, `${JSON.stringify(report, null, 2)}\n`)
  const skipped =
    input.unjudged > 0 ? `skipped ${input.unjudged} queries with no judgment and no unanswerable flag\n` : ''
  io.stdout(`vitest-rag build-testset: ${renderBuildReport(result)}${skipped}wrote ${args.out}\nwrote ${args.report}\n`)
  return 0
}

/** `vitest-rag build-testset`. */
export const buildTestsetCommand: CliCommand = {
  usage,
  run,
}
