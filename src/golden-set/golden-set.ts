/**
 * The golden set as a whole: its files, cases, content hash, the sampled selection, and each file's cases
 * with their locators resolved to chunk ids. Used by the plugin (one file at a time), the global setup (all
 * files, before any case runs) and the reporter (hash and expected case count).
 */
import { readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { GoldenFileError, UnresolvedLocatorsError } from '../cases/errors.ts'
import { duplicateCaseIdProblem, goldenSetHash, parseGoldenText, type GoldenParseResult } from '../cases/parse-golden.ts'
import type { Problem } from '../problems/problems.ts'
import { resolveLocators } from '../cases/resolve-locators.ts'
import { isDraft } from '../cases/schema.ts'
import type { RagEvalConfig } from '../config/schema.ts'
import { hashJson } from '../util/hash.ts'
import { globFiles } from './glob.ts'
import type { GoldenModuleData, ModuleCase } from './golden-module.ts'
import { prepareCorpus } from '../prepared-corpus/prepare-corpus.ts'
import { selectSample } from './sample.ts'

/** One parsed golden file. */
export interface GoldenFileSummary {
  /** Path relative to the project root (posix). */
  file: string
  absolutePath: string
  parsed: GoldenParseResult
}

/** Every golden file of the configured glob, parsed. */
export interface GoldenSet {
  files: GoldenFileSummary[]
  /** sha256 over the files' paths and hashes. */
  hash: string
  /** Case ids selected by `sample` (all cases when not sampling). */
  selected: Set<string>
  /** Total cases the run should produce results for. */
  expectedCases: number
  problems: Problem[]
}

function label(config: RagEvalConfig, path: string): string {
  return relative(config.root, path).split('\\').join('/')
}

/** Reads and parses every golden file; problems are collected, not thrown. */
export function readGoldenSet(config: RagEvalConfig): GoldenSet {
  const files = globFiles(config.root, config.golden).map((absolutePath) => {
    const file = label(config, absolutePath)
    return { file, absolutePath, parsed: parseGoldenText(readFileSync(absolutePath, 'utf8'), file, config.limits) }
  })
  const problems = files.flatMap((f) => f.parsed.problems)
  // case_id is unique across the whole golden set, not only within a file. A repeat inside one file was
  // already reported by the parser: only repeats across files are added here, in the same wording.
  const seen = new Map<string, { file: string; line: number }>()
  for (const f of files) {
    for (const { case: c, line } of f.parsed.cases) {
      const first = seen.get(c.case_id)
      if (!first) seen.set(c.case_id, { file: f.file, line })
      else if (first.file !== f.file) problems.push(duplicateCaseIdProblem(f.file, line, c.case_id, `${first.file}:${first.line}`))
    }
  }
  // Drafts (status "draft", from `promote`) are validated like every case but never run, so never gated.
  const all = files.flatMap((f) => f.parsed.cases.map((c) => c.case)).filter((c) => !isDraft(c))
  const selected = config.sample ? selectSample(all, config.sample, config.seed) : new Set(all.map((c) => c.case_id))
  return {
    files,
    hash: goldenSetHash(files.map((f) => ({ file: f.file, hash: f.parsed.hash }))),
    selected,
    expectedCases: selected.size,
    problems,
  }
}

let selectionCache: { key: string; selected: Set<string> } | undefined

function selectionFor(config: RagEvalConfig): Set<string> | undefined {
  if (!config.sample) return undefined
  const key = `${config.root}:${config.golden}:${config.sample}:${config.seed}`
  if (selectionCache?.key !== key) selectionCache = { key, selected: readGoldenSet(config).selected }
  return selectionCache.selected
}

/**
 * Parses one golden file and resolves its locators to chunk ids. Throws {@link GoldenFileError} or
 * {@link UnresolvedLocatorsError} with every problem of the file.
 */
export async function loadGoldenModuleData(config: RagEvalConfig, absolutePath: string, source: string): Promise<GoldenModuleData> {
  const file = label(config, absolutePath)
  const parsed = parseGoldenText(source, file, config.limits)
  if (parsed.problems.length > 0) throw new GoldenFileError(parsed.problems)
  const selected = selectionFor(config)
  const cases = parsed.cases.filter((c) => !isDraft(c.case) && (!selected || selected.has(c.case.case_id)))
  const prepared = await prepareCorpus(config.corpus, config.chunker)
  const files = new Map(cases.map((c) => [c.case.case_id, { file, line: c.line }]))
  const resolved = resolveLocators(cases.map((c) => c.case), prepared.corpus.documents, prepared.chunks, files)
  if (resolved.problems.length > 0) throw new UnresolvedLocatorsError(resolved.problems)
  const moduleCases: ModuleCase[] = cases.map(({ case: c, line }) => ({
    case: c,
    line,
    caseHash: hashJson(c),
    expected: (resolved.expected.get(c.case_id) ?? []).map((e) => ({ chunkId: e.chunkId, grade: e.grade })),
    spans: resolved.spans.get(c.case_id) ?? [],
  }))
  return { file, fileHash: parsed.hash, cases: moduleCases }
}

/**
 * Checks the whole golden set before any case runs: every file parses, ids are unique across files, and every
 * locator resolves. Returns all problems at once.
 */
export async function checkGoldenSet(config: RagEvalConfig): Promise<{ set: GoldenSet; problems: Problem[]; warnings: Problem[] }> {
  const set = readGoldenSet(config)
  const problems = [...set.problems]
  const warnings: Problem[] = []
  if (problems.length === 0) {
    const prepared = await prepareCorpus(config.corpus, config.chunker)
    for (const f of set.files) {
      const files = new Map(f.parsed.cases.map((c) => [c.case.case_id, { file: f.file, line: c.line }]))
      const resolved = resolveLocators(f.parsed.cases.map((c) => c.case), prepared.corpus.documents, prepared.chunks, files)
      problems.push(...resolved.problems)
      warnings.push(...resolved.warnings)
    }
  }
  return { set, problems, warnings }
}
