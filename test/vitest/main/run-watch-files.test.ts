/**
 * `vitest run` leaves the corpus and prompt files out of the module graph. Only a watching Vitest reruns cases
 * when one is edited (the spine end-to-end test's watch mode checks that side: a prompt or corpus edit reruns
 * both golden files). Entering each file was most of a golden file's 1.3 s transform at 20,000 corpus files, in
 * a run that never watches. The adapter module stays in the graph either way; `--changed` and `related` follow
 * imports. Checked on the graph as the run leaves it, by a reporter given on the command line.
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
