/**
 * The `layouts` section of `npm run bench` (#26 item 1, beyond the harness section's one golden file over 200
 * documents): vitest-rag over the same cases, all passing, laid out as a team's project may be, interleaved:
 * - `one_file`: one golden file (the harness section's layout);
 * - `six_files`: the same cases in 6 golden files (the golden files of a run share a worker: `isolate: false`);
 * - `large_corpus`: one golden file beside 20,000 more corpus documents (the corpus is walked once per run and
 *   its files are not entered into the module graph).
 * No peer: vitest-evals has neither golden files nor a corpus. Each layout's wall and largest process, and its
 * wall over `one_file`'s in the same repetition: what the layout itself costs.
 */
import { cpSync, rmSync } from 'node:fs'
import { fmt, printTable } from './measure.ts'
import type { HarnessPlace } from './harness-bench.ts'
import { type Row, runScale } from './harness-runs.ts'
import { addCorpusFiles, SCALE_DOCS, writeScaleProject } from './scale-project.ts'
import { describeSpread, inSeconds, ratioSpread, type Spread, spreadOf } from './spread.ts'

/** Extra corpus documents of the `large_corpus` layout. */
export const LARGE_CORPUS_FILES = 20_000
/** Golden files of the `six_files` layout. */
export const SPLIT_FILES = 6

/** One layout's figures. */
export interface LayoutFigures {
  wall_ms: Spread
  largest_process_mib: Spread
  /** Per repetition, this layout's wall / `one_file`'s. */
  wall_ratio_to_one_file: Spread
}

/** Figures of the `layouts` section, by layout. */
export interface LayoutsFigures {
  cases: number
  /** Corpus documents of every layout (the cases name these). */
  corpus_files: number
  /** Documents the `large_corpus` layout adds. */
  large_corpus_files: number
  split_files: number
  one_file: LayoutFigures
  six_files: LayoutFigures
  large_corpus: LayoutFigures
}

type Layout = 'one_file' | 'six_files' | 'large_corpus'

/** The `layouts` section: `reps` interleaved repetitions of the three layouts at `cases` cases. */
export async function benchLayouts(place: HarnessPlace, cases: number, reps: number): Promise<LayoutsFigures> {
  console.log(`## Project layouts: ${cases} cases, vitest-rag alone (${reps} interleaved repetitions)\n`)
  writeScaleProject(place.projectDir, place.repoRoot)
  const large = `${place.projectDir}-large-corpus`
  rmSync(large, { recursive: true, force: true })
  cpSync(place.projectDir, large, { recursive: true })
  addCorpusFiles(large, LARGE_CORPUS_FILES)
  const rows: Record<Layout, Row[]> = { one_file: [], six_files: [], large_corpus: [] }
  const run = (dir: string, goldenFiles: number) =>
    runScale('vitest-rag', dir, place.vitestBin, place.repoRoot, cases, false, { goldenFiles })
  try {
    for (let i = 0; i < reps; i++) {
      rows.one_file.push(await run(place.projectDir, 1))
      rows.six_files.push(await run(place.projectDir, SPLIT_FILES))
      rows.large_corpus.push(await run(large, 1))
      console.log(`  repetition ${i + 1}/${reps} done`)
    }
  } finally {
    rmSync(large, { recursive: true, force: true })
  }
  const walls = (layout: Layout) => rows[layout].map((r) => r.run.wallMs)
  const figures = (layout: Layout): LayoutFigures => ({
    wall_ms: spreadOf(walls(layout)),
    largest_process_mib: spreadOf(rows[layout].map((r) => r.run.largestPeakMiB ?? Number.NaN)),
    wall_ratio_to_one_file: ratioSpread(walls(layout), walls('one_file')),
  })
  const result: LayoutsFigures = {
    cases,
    corpus_files: SCALE_DOCS,
    large_corpus_files: LARGE_CORPUS_FILES,
    split_files: SPLIT_FILES,
    one_file: figures('one_file'),
    six_files: figures('six_files'),
    large_corpus: figures('large_corpus'),
  }
  const s = (x: Spread) => describeSpread(x, fmt)
  printTable(
    ['layout', 'wall s', 'largest process MiB', 'wall / one file'],
    (['one_file', 'six_files', 'large_corpus'] as const).map((layout) => [
      layout === 'one_file'
        ? 'one golden file'
        : layout === 'six_files'
          ? `${SPLIT_FILES} golden files`
          : `one golden file, ${LARGE_CORPUS_FILES.toLocaleString('en-US')} more corpus files`,
      s(inSeconds(result[layout].wall_ms)),
      s(result[layout].largest_process_mib),
      s(result[layout].wall_ratio_to_one_file),
    ]),
  )
  console.log('')
  return result
}
