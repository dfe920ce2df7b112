import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { CheckpointStore, runFingerprint } from '../../src/llm/index.ts'
import { tempDir } from './support.ts'

let dir: string
beforeEach(() => {
  dir = tempDir()
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

test('a saved case is returned by get and loadCompleted for the same fingerprint', async () => {
  const store = new CheckpointStore(dir, 'fp-1')
  await store.save('support/refund #1', { score: 0.5 })
  expect(await store.get('support/refund #1')).toEqual({ score: 0.5 })
  expect([...(await store.loadCompleted()).entries()]).toEqual([['support/refund #1', { score: 0.5 }]])
  expect(store.pathFor('support/refund #1')).toMatch(/checkpoints\/support_refund_1-[0-9a-f]{12}\.json$/)
})

test('a checkpoint from a run with another fingerprint is not reused', async () => {
  await new CheckpointStore(dir, 'fp-old').save('c1', { score: 1 })
  const store = new CheckpointStore(dir, 'fp-new')
  expect(await store.get('c1')).toBeUndefined()
  expect((await store.loadCompleted()).size).toBe(0)
})

test('a corrupted checkpoint is warned about and the case runs again', async () => {
  const warnings: string[] = []
  const store = new CheckpointStore(dir, 'fp', (m) => warnings.push(m))
  await store.save('c1', { score: 1 })
  const path = store.pathFor('c1')
  writeFileSync(path, readFileSync(path, 'utf8').replace('"score":1', '"score":0'))
  expect(await store.get('c1')).toBeUndefined()
  expect(warnings[0]).toContain('checksum mismatch')
})

test('clear removes every checkpoint', async () => {
  const store = new CheckpointStore(dir, 'fp')
  await store.save('c1', 1)
  await store.clear()
  expect((await store.loadCompleted()).size).toBe(0)
})

test('the run fingerprint ignores key order and changes with content', () => {
  expect(runFingerprint({ a: 1, b: [1, 2] })).toBe(runFingerprint({ b: [1, 2], a: 1 }))
  expect(runFingerprint({ a: 1, b: [1, 2] })).not.toBe(runFingerprint({ a: 1, b: [2, 1] }))
  expect(runFingerprint({})).toMatch(/^[0-9a-f]{16}$/)
})
