import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { ConfigError } from '../../../src/config/resolve.ts'
import { VersionedFileError } from '../../../src/shared/problems/versioned-file-error.ts'
import { SpendLimitError } from '../../../src/llm/errors.ts'
import { StatsError } from '../../../src/shared/stats/errors.ts'
import { VitestRagError } from '../../../src/shared/util/errors.ts'
import { readImportGraph } from '../../../scripts/architecture.ts'

const root = join(import.meta.dirname, '..', '..', '..')

describe('one error base', () => {
  test('every error class in src/ extends VitestRagError (directly or through a family base)', () => {
    const direct = readImportGraph(root).flatMap(({ file }) =>
      [...readFileSync(join(root, file), 'utf8').matchAll(/export class (\w+)(?:<[^{]*>)? extends Error\b/g)].map(
        (m) => `${file}: ${m[1]}`,
      ),
    )
    expect(direct).toEqual(['src/shared/util/errors.ts: VitestRagError'])
  })

  test('no bare new Error in src/: a failure that reaches a user carries a typed code', () => {
    const bare = readImportGraph(root).flatMap(({ file }) =>
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => (/\bnew Error\(/.test(line) ? [`${file}:${i + 1}`] : [])),
    )
    expect(bare).toEqual([])
  })

  test('code and name are set from the subclass, the message is kept as written', () => {
    const errors = [
      new StatsError('VITEST_RAG_STATS_EMPTY', 'no values'),
      new VersionedFileError('baseline', 'b.json', { kind: 'format', detail: 'not JSON' }),
      new ConfigError('vitest-rag: bad'),
    ]
    expect(errors.map((e) => [e instanceof VitestRagError, e.name, e.code])).toEqual([
      [true, 'StatsError', 'VITEST_RAG_STATS_EMPTY'],
      [true, 'VersionedFileError', 'VITEST_RAG_BASELINE_FORMAT'],
      [true, 'ConfigError', 'VITEST_RAG_CONFIG_INVALID'],
    ])
    expect(errors[0]!.message).toBe('vitest-rag: no values')
    expect(new SpendLimitError(1, 0.5, 0, 0.75, 'a call')).toBeInstanceOf(VitestRagError)
  })
})
