import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { runCliBin, tempDir } from '../helpers/run-vitest.ts'

const dir = tempDir('vitest-rag-epipe-')
afterAll(() => rmSync(dir, { recursive: true, force: true }))

test('the CLI exits 0 with no stack trace when the reader closes its stdout after the first line (| head -1)', async () => {
  // 3,000 queries make `score-run --json` print ~1 MB, far more than a pipe buffers (64 KB), so most of it is
  // written after the reader has gone.
  const qids = Array.from({ length: 3000 }, (_, i) => `q${i}`)
  writeFileSync(join(dir, 'big.run'), qids.map((q) => `${q} Q0 d1 1 1.5 tag`).join('\n'))
  writeFileSync(join(dir, 'big.qrels'), qids.map((q) => `${q} 0 d1 1`).join('\n'))
  const result = await runCliBin(['score-run', 'big.run', 'big.qrels', '--json'], {
    cwd: dir,
    closeStdoutAfterLines: 1,
  })
  expect(result.stdout).toBe('{\n')
  // score-run's own note on stderr may or may not get out before the exit; an error or stack trace never does.
  expect(result.stderr).not.toMatch(/EPIPE|Error|\n\s+at /)
  expect(result.stderr.replace('3000 judged queries scored.\n', '')).toBe('')
  expect(result.code).toBe(0)
})
