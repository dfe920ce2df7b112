/**
 * The golden set as a whole: its files, cases, content hash, the sampled selection, and each file's cases
 * with their locators resolved to chunk ids. Used by the global setup (all files, before any case runs), the
 * plugin (one file at a time) and the reporter (a compact summary: hashes, counts, queries).
 *
 * One process checks the set, transforms each file and reports the run: each text is parsed once (at 20k cases
 * a parse is about a second). The full parse is held only until the file's prepared cases are built (the
 * transform); after that the process keeps, per file, a summary keyed by the text's hash.
 */
import { inertKnownFailureMarks } from './inert-marks.ts'
import { readFileSync, statSync } from 'node:fs'
import { relative } from 'node:path'
import { GoldenFileError, UnresolvedLocatorsError } from '../../cases/errors.ts'
import {
  duplicateCaseIdProblem,
  goldenSetHash,
  parseGoldenText,
  type GoldenParseResult,
  type InputLimits,
} from '../../cases/parse-golden.ts'
import type { Problem } from '../../shared/problems/problems.ts'
import { resolveLocators, type LocatorResolution } from '../../cases/resolve-locators.ts'
import { catalogProblems, withCatalogAliases } from '../../cases/resolve-concepts.ts'
import { isDraft } from '../../cases/schema.ts'
import type { RagEvalConfig } from '../../config/schema.ts'
import { globFiles } from './glob.ts'
import { prepareCase, type GoldenModuleData, type ModuleCase } from '../../cases/prepared-case.ts'
import { prepareCorpus, type PreparedCorpus } from '../../corpus/prepare-corpus.ts'
import { selectSample } from './sample.ts'
import { sha256 } from '../../shared/util/hash.ts'

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

/** What the reporter reads of one golden file: kept after its full parse is released. */
export interface GoldenFileDigest {
  /** Path relative to the project root (posix). */
  file: string
  /** The parsed cases' hash ({@link GoldenParseResult.hash}). */
  hash: string
  /** Cases that parsed (drafts included). */
  cases: number
  /** Cases that run: not drafts. */
  runnable: number
  /** Each parsed case's query, by case id (the HTML scorecard's drill-down shows it). */
  queries: Map<string, string>
}

/** What a parse is keyed by: the text's hash (not the text), the file's label and the input limits. */
function parseKey(textHash: string, file: string, limits: InputLimits): string {
  return `${textHash}:${file}:${JSON.stringify(limits)}`
}

/** A file's size and modification time: unchanged, its text is the one last read. */
function stampOf(absolutePath: string): string {
  const stat = statSync(absolutePath)
  return `${stat.size}:${stat.mtimeMs}`
}

/** The hash of each golden file's text as last read from disk, with the file's stamp at that read. */
const textHashByPath = new Map<string, { stamp: string; hash: string }>()

/** Reads a golden file and hashes its text (stamped before the read: a later edit changes the stamp). */
function readGoldenText(absolutePath: string): { text: string; hash: string } {
  const stamp = stampOf(absolutePath)
  const text = readFileSync(absolutePath, 'utf8')
  const hash = sha256(text)
  textHashByPath.set(absolutePath, { stamp, hash })
  return { text, hash }
}

/** The full parse of each golden file, by absolute path, until the transform has built its prepared cases. */
const parsedByPath = new Map<string, { key: string; parsed: GoldenParseResult }>()
/** Each golden file's digest, by absolute path: what outlives the full parse. */
const digestByPath = new Map<string, { key: string; digest: GoldenFileDigest }>()

function digestOf(file: string, parsed: GoldenParseResult): GoldenFileDigest {
  const queries = new Map<string, string>()
  let runnable = 0
  for (const { case: c } of parsed.cases) {
    queries.set(c.case_id, c.query)
    if (!isDraft(c)) runnable += 1
  }
  return { file, hash: parsed.hash, cases: parsed.cases.length, runnable, queries }
}

/** {@link parseGoldenText}, served from the held parse of the same path when the text (by hash), label and limits match. */
function parseGoldenFile(
  absolutePath: string,
  key: string,
  text: string,
  file: string,
  limits: InputLimits,
): GoldenParseResult {
  const hit = parsedByPath.get(absolutePath)
  if (hit?.key === key) return hit.parsed
  const parsed = parseGoldenText(text, file, limits)
  parsedByPath.set(absolutePath, { key, parsed })
  digestByPath.set(absolutePath, { key, digest: digestOf(file, parsed) })
  return parsed
}

/** Each parsed file's locators resolved against one prepared corpus (an edited corpus is a new prepared object). */
const resolvedByCorpus = new WeakMap<PreparedCorpus, WeakMap<GoldenParseResult, LocatorResolution>>()

/** Every case of a parsed file resolved against the corpus, once per parse and corpus. */
function resolveFile(prepared: PreparedCorpus, file: string, parsed: GoldenParseResult): LocatorResolution {
  let byParse = resolvedByCorpus.get(prepared)
  if (!byParse) resolvedByCorpus.set(prepared, (byParse = new WeakMap()))
  const hit = byParse.get(parsed)
  if (hit) return hit
  const origins = new Map(parsed.cases.map((c) => [c.case.case_id, { file, line: c.line }]))
  const resolved = resolveLocators(
    parsed.cases.map((c) => c.case),
    prepared.corpus.documents,
    prepared.chunks,
    origins,
  )
  // A concept id the corpus's catalog lacks is a problem against the corpus, as an unknown slug is.
  resolved.problems.push(...catalogProblems(parsed.cases, prepared.concepts, file))
  byParse.set(parsed, resolved)
  return resolved
}

/** Reads and parses every golden file; problems are collected, not thrown. */
export function readGoldenSet(config: RagEvalConfig): GoldenSet {
  const files = globFiles(config.root, config.golden).map((absolutePath) => {
    const file = label(config, absolutePath)
    const { text, hash } = readGoldenText(absolutePath)
    return {
      file,
      absolutePath,
      parsed: parseGoldenFile(absolutePath, parseKey(hash, file, config.limits), text, file, config.limits),
    }
  })
  const problems = files.flatMap((f) => f.parsed.problems)
  // case_id is unique across the whole golden set, not only within a file. A repeat inside one file was
  // already reported by the parser: only repeats across files are added here, in the same wording.
  const seen = new Map<string, { file: string; line: number }>()
  for (const f of files) {
    for (const { case: c, line } of f.parsed.cases) {
      const first = seen.get(c.case_id)
      if (!first) seen.set(c.case_id, { file: f.file, line })
      else if (first.file !== f.file)
        problems.push(duplicateCaseIdProblem(f.file, line, c.case_id, `${first.file}:${first.line}`))
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

/** The sampled case ids, chosen again whenever the golden set's cases change (an edit in watch mode). */
function selectionFor(config: RagEvalConfig): Set<string> | undefined {
  if (!config.sample) return undefined
  const key = `${config.root}:${config.golden}:${config.sample}:${config.seed}:${readGoldenSummary(config).hash}`
  if (selectionCache?.key !== key) selectionCache = { key, selected: readGoldenSet(config).selected }
  return selectionCache.selected
}

/**
 * Parses one golden file and resolves its locators to chunk ids. Throws {@link GoldenFileError} or
 * {@link UnresolvedLocatorsError} with every problem of the file.
 */
export async function loadGoldenModuleData(
  config: RagEvalConfig,
  absolutePath: string,
  source: string,
): Promise<GoldenModuleData> {
  const file = label(config, absolutePath)
  const parsed = parseGoldenFile(
    absolutePath,
    parseKey(sha256(source), file, config.limits),
    source,
    file,
    config.limits,
  )
  if (parsed.problems.length > 0) throw new GoldenFileError(parsed.problems)
  const selected = selectionFor(config)
  const cases = parsed.cases.filter((c) => !isDraft(c.case) && (!selected || selected.has(c.case.case_id)))
  const prepared = await prepareCorpus(config.corpus, config.chunker)
  const resolved = resolveFile(prepared, file, parsed)
  // Only the cases this module runs stop it (a draft's or an unsampled case's locator is the global check's).
  const lines = new Set(cases.map((c) => c.line))
  const problems = resolved.problems.filter((p) => p.line === undefined || lines.has(p.line))
  if (problems.length > 0) throw new UnresolvedLocatorsError(problems)
  const moduleCases: ModuleCase[] = cases.map(({ case: c, line, hash }) => {
    const withAliases = withCatalogAliases(c, hash, prepared.concepts)
    return prepareCase(withAliases.case, line, resolved, withAliases.hash)
  })
  // The prepared cases are all the run needs of this parse from here on: the process keeps the file's digest.
  parsedByPath.delete(absolutePath)
  return { file, fileHash: parsed.hash, cases: moduleCases }
}

/** The golden set as the reporter reads it: what identifies it and counts it, without its parsed cases. */
export interface GoldenSetSummary {
  files: GoldenFileDigest[]
  /** sha256 over the files' paths and hashes (the same as {@link GoldenSet.hash}). */
  hash: string
  /** Cases the run should produce results for (the same as {@link GoldenSet.expectedCases}). */
  expectedCases: number
  /** Cases that parsed, across files, drafts included. */
  totalCases: number
}

/**
 * The golden set's summary for the reporter: each file's digest, served from its parse in this process when the
 * text (by hash) is unchanged, else parsed once more (the digest is kept, the parse is not). A file whose size
 * and modification time are those of its last read is not read again; the files are never held.
 */
export function readGoldenSummary(config: RagEvalConfig): GoldenSetSummary {
  const files = globFiles(config.root, config.golden).map((absolutePath) => {
    const file = label(config, absolutePath)
    const hit = digestByPath.get(absolutePath)
    const known = textHashByPath.get(absolutePath)
    if (hit && known?.stamp === stampOf(absolutePath) && hit.key === parseKey(known.hash, file, config.limits))
      return hit.digest
    const { text, hash } = readGoldenText(absolutePath)
    const key = parseKey(hash, file, config.limits)
    if (hit?.key === key) return hit.digest
    // Every parse in this process left its digest: a miss is a file edited (or first read) since.
    const digest = digestOf(file, parseGoldenText(text, file, config.limits))
    digestByPath.set(absolutePath, { key, digest })
    return digest
  })
  const runnable = files.reduce((n, f) => n + f.runnable, 0)
  return {
    files,
    hash: goldenSetHash(files),
    // selectSample picks exactly `sample` cases when there are more, else all of them.
    expectedCases: config.sample === undefined ? runnable : Math.min(config.sample, runnable),
    totalCases: files.reduce((n, f) => n + f.cases, 0),
  }
}

/**
 * Checks the whole golden set before any case runs: every file parses, ids are unique across files, and every
 * locator resolves. Returns all problems at once.
 */
export async function checkGoldenSet(
  config: RagEvalConfig,
): Promise<{ set: GoldenSet; problems: Problem[]; warnings: Problem[] }> {
  const set = readGoldenSet(config)
  const problems = [...set.problems]
  const warnings: Problem[] = []
  // The cases that parsed are resolved even beside schema problems: a tenant or slug typo is listed with them,
  // not after they are fixed.
  const prepared = await prepareCorpus(config.corpus, config.chunker)
  for (const f of set.files) {
    const resolved = resolveFile(prepared, f.file, f.parsed)
    problems.push(...resolved.problems)
    warnings.push(...resolved.warnings, ...inertKnownFailureMarks(f.file, f.parsed.cases, config.mode))
  }
  return { set, problems, warnings }
}
