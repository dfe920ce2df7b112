/**
 * The `abstention` option reaches the cases (issue #24, item 3): real Vitest over a temporary project whose
 * module adapter declines every question in its own words ("Sorry, I cannot answer that from the help
 * center.", and in German "Dazu finde ich leider nichts."), on two out_of_scope cases of the e2e fixture's
 * knowledge base, one of them German (`language: 'de'`, taught by `abstention.languages`).
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { pluginUrl, repoRoot, runNode, tempDir } from '../../helpers/run-vitest.ts'

const vitestBin = join(repoRoot, 'node_modules/vitest/vitest.mjs')

function project(extra: string): string {
  const dir = tempDir('vitest-rag-abstention-')
  mkdirSync(join(dir, 'golden'))
  writeFileSync(
    join(dir, 'golden/a.golden.jsonl'),
    [
      { case_id: 'OOS-1', case_type: 'out_of_scope', tenant_id: 'north', query: 'What is the weather on Mars?' },
      // A German case: read with the German phrases of abstention.languages.de.
      {
        case_id: 'OOS-DE',
        case_type: 'out_of_scope',
        tenant_id: 'north',
        query: 'Wie ist das Wetter?',
        language: 'de',
      },
    ]
      .map((c) => `${JSON.stringify(c)}\n`)
      .join(''),
  )
  writeFileSync(
    join(dir, 'bot.ts'),
    "export default (input) => ({ retrieved: [], answer: input.query.startsWith('Wie') ? 'Dazu finde ich leider nichts.' : 'Sorry, I cannot answer that from the help center.', abstained: true })\n",
  )
  const options = `{ corpus: { kind: 'kb', root: ${JSON.stringify(join(repoRoot, 'test/fixtures/e2e/kb'))} }, adapter: { kind: 'module', path: 'bot.ts' }, outDir: 'out'${extra} }`
  writeFileSync(
    join(dir, 'vitest.config.mjs'),
    `import { ragEval } from ${JSON.stringify(pluginUrl)}\nexport default { test: { projects: [{ plugins: [ragEval(${options})], test: { name: 'evals' } }] } }\n`,
  )
  return dir
}

describe('a team teaches the detector its decline', { timeout: 120_000 }, () => {
  test('without the phrase toAbstain fails and says how to add it; with it the case passes', async () => {
    const before = project('')
    const failed = await runNode(vitestBin, ['run', '--root', before], { cwd: before })
    expect(failed.code).toBe(1)
    expect(failed.output).toContain(
      'OOS-1: toAbstain: the system marked the answer abstained: true, but it states content: "Sorry, I cannot answer that from the help center."; if this is how your system declines, add the phrase to ragEval({ abstention: { phrases: [...] } })',
    )
    expect(failed.output).toContain(
      'OOS-DE: toAbstain: the system marked the answer abstained: true, but it states content',
    )
    const taught = project(
      ", abstention: { phrases: ['cannot answer that from the help center'], languages: { de: { phrases: ['dazu finde ich leider nichts'] } } }",
    )
    const passed = await runNode(vitestBin, ['run', '--root', taught], { cwd: taught })
    expect(passed.output).toMatch(/Tests\s+2 passed/)
    expect(passed.output).not.toContain('toAbstain')
  })
})
