import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { renderBundledTemplates } from './render-bundled.ts'

// Written by the two earlier template parsers (front matter + [role] for answer/rewrite, `=== system ===`
// parts for the judges) before they were folded into src/llm/prompts/: the messages, template field and chat
// cache key of every bundled prompt, through the call site that sends it. Equal here means every model
// cache entry written before the fold is still a hit. Prompts added since (response-relevancy.md) are pinned
// from their first version the same way.
const expected = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', 'prompts', 'rendered-requests.json'), 'utf8'),
) as Record<string, unknown>

test('every bundled prompt renders byte-identical messages and cache keys to the earlier parsers', async () => {
  const rendered = await renderBundledTemplates()
  expect(Object.keys(rendered)).toEqual(Object.keys(expected))
  expect(rendered).toEqual(expected)
})
