import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { repoRoot, runSample, summarise } from './sample-run.ts'

const haveSample = existsSync(join(repoRoot, 'evals/sample-kb/tenants')) && existsSync(join(repoRoot, 'golden'))

describe('the offline reference pipeline on the bundled sample KB', () => {
  test.skipIf(!haveSample)(
    'passes every hard assertion of the sample golden set (needs evals/sample-kb and golden/)',
    async () => {
      const results = await runSample()
      const summary = summarise(results)
      console.log(
        'sample KB, offline pipeline:',
        Object.entries(summary)
          .map(([name, r]) => `${name} ${r.passed}/${r.total}`)
          .join(', '),
      )
      const failures = results
        .filter(
          (r) =>
            r.abstainOk === false || !r.noLeak || !r.markersOk || r.mustContainOk === false || r.conflictOk === false,
        )
        .map((r) => `${r.c.case_id} (${r.c.case_type}): ${r.out.answer}`)
      expect(failures).toEqual([])
      expect(summary.toAbstain.total).toBeGreaterThanOrEqual(16)
      expect(summary.staleConflict.total).toBeGreaterThanOrEqual(8)
      // not a hard assertion, but a baseline that abstains on answerable questions is useless
      expect(summary.answeredWhenAnswerable.rate).toBeGreaterThanOrEqual(0.9)
    },
  )
})
