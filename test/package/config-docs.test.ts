import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { CONFIG_DOCS_PATH, optionDescriptions, renderConfigDocs } from '../../scripts/config-docs.ts'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

describe('docs/configuration.md', () => {
  test('is what the zod schema generates today (run `npm run docs:config` after changing an option)', () => {
    const committed = readFileSync(`${repoRoot}/${CONFIG_DOCS_PATH}`, 'utf8')
    expect(committed, `${CONFIG_DOCS_PATH} is stale: run npm run docs:config and commit it`).toBe(renderConfigDocs())
  })

  test('lists every option with its type and default, and descriptions from the schema doc comments', () => {
    const docs = renderConfigDocs()
    expect(docs).toContain(
      '| `search.k` | integer (> 0) | `20` | Retrieval depth: how many chunks are retrieved (and scored) per case. |',
    )
    expect(docs).toContain("| `mode` | 'retrieval' \\| 'system' | `\"system\"` |")
    expect(docs).toContain("| `corpus.kind` | 'kb' \\| 'beir' | required |")
    // Nested through schema constants in another file (src/llm/providers.ts).
    expect(optionDescriptions().get('models.generator.chain[].apiKeyEnv')).toBe(
      'Name of the env var holding the API key, e.g. `OPENROUTER_API_KEY`. Never the key itself.',
    )
  })
})
