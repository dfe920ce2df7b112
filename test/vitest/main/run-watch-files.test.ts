/**
 * The corpus and prompt files stay out of the module graph. Watch mode reruns cases on their edits through a
 * trigger pattern (`watch-inputs.ts`; the spine end-to-end test's watch mode checks that side: a prompt or corpus
 * edit reruns both golden files); entering each file into the graph was most of a golden file's 1.3 s transform at
 * 20,000 corpus files, on every run. The adapter module stays in the graph; `--changed` and `related` follow
 * imports. Checked on the graph as a run leaves it, by a reporter given on the command line.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { repoRoot, runVitest, tempDir } from '../../helpers/run-vitest.ts'

test('a single run puts the golden file and the adapter in the module graph, not the corpus or prompt files', async () => {
  const out = tempDir()
  const graphFile = join(out, 'graph.json')
  const reporter = join(repoRoot, 'test/fixtures/reporters/module-graph.ts')
  const run = await runVitest('e2e', ['run', '--reporter=default', `--reporter=${reporter}`], {
    FIXTURE_OUT: out,
    FIXTURE_BASELINE: 'none',
    GRAPH_OUT: graphFile,
  })
  expect(run.code, run.output).toBe(0)
  // golden and adapter true: the graph was read and holds what the run loaded (the check is not vacuous).
  expect(JSON.parse(readFileSync(graphFile, 'utf8'))).toEqual({
    golden: true,
    adapter: true,
    corpus: false,
    prompt: false,
  })
}, 120_000)
