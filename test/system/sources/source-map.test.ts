/**
 * The `sourceMap` option: a table, or the path of a module (resolved against the project root) whose default
 * export maps the system's references.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { resolveConfig } from '../../../src/config/resolve.ts'
import { loadSourceMap } from '../../../src/system/sources/source-map.ts'
import { tempDir } from '../../helpers/run-vitest.ts'

describe('the sourceMap option', () => {
  test('a module path is resolved against the root, and its default function maps references', async () => {
    const root = tempDir()
    writeFileSync(
      join(root, 'map.mjs'),
      'export default (ref, tenant) => (ref.docId?.startsWith("KB-") ? `${tenant}:billing/seats` : undefined)\n',
    )
    const config = resolveConfig({ sourceMap: 'map.mjs' }, root, {})
    expect(config.sourceMap).toBe(join(root, 'map.mjs'))
    const map = await loadSourceMap(config.sourceMap)
    expect(map?.({ docId: 'KB-1' }, 'acme')).toBe('acme:billing/seats')
    expect(map?.({ docId: 'other' }, 'acme')).toBeUndefined()
  })

  test('a table maps by chunkId, docId, url or path; a bad module is a clear error', async () => {
    const map = await loadSourceMap({
      'https://docs.example/a': 'billing/seats',
      'KB-2': { kind: 'ticket', ticket: 'GX-7' },
    })
    expect(map?.({ url: 'https://docs.example/a' }, 't')).toBe('billing/seats')
    expect(map?.({ chunkId: 'KB-2' }, 't')).toEqual({ kind: 'ticket', ticket: 'GX-7' })
    // A record of a JSON Lines file is looked up by file and line first, then by the file alone.
    const lines = await loadSourceMap({ 'kb/tickets.jsonl#L2': 'acme/ticket/TCK-1042', 'kb/tickets.jsonl': 'x' })
    expect(lines?.({ path: 'kb/tickets.jsonl', line: 2 }, 't')).toBe('acme/ticket/TCK-1042')
    expect(lines?.({ path: 'kb/tickets.jsonl' }, 't')).toBe('x')
    expect(await loadSourceMap(undefined)).toBeUndefined()
    const root = tempDir()
    writeFileSync(join(root, 'bad.mjs'), 'export default 42\n')
    await expect(loadSourceMap(join(root, 'bad.mjs'))).rejects.toThrow(
      `vitest-rag: sourceMap module ${join(root, 'bad.mjs')} must export default a function`,
    )
  })
})
