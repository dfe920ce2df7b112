import { spawn, spawnSync } from 'node:child_process'
import { rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { FileSpendLedger, SpendLimitError, resetSpendFile } from '../../src/llm/index.ts'
import { tempDir } from './support.ts'

const repoRoot = resolve(import.meta.dirname, '../..')
let dir: string
beforeEach(() => {
  dir = tempDir()
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

test('two ledgers on one spend file see each other: the limit holds for the pair', () => {
  const path = join(dir, 'spend.json')
  const workerA = new FileSpendLedger(path, 0.01)
  const workerB = new FileSpendLedger(path, 0.01)
  const a = workerA.reserve(0.006, 'call a')
  expect(() => workerB.reserve(0.005, 'call b')).toThrow(SpendLimitError)
  workerA.settle(a, 0.002)
  workerB.reserve(0.005, 'call b') // 0.002 spent + 0.005 reserved <= 0.01
  workerB.recordSaved(0.5)
  expect(workerA.snapshot()).toEqual({ spentUsd: 0.002, reservedUsd: 0.005, limitUsd: 0.01, savedUsd: 0.5 })
  resetSpendFile(path)
  expect(workerB.snapshot()).toMatchObject({ spentUsd: 0, reservedUsd: 0 })
})

test("a dead process's reservations are dropped", () => {
  const path = join(dir, 'spend.json')
  const gone = spawnSync(process.execPath, ['-e', '0']).pid!
  writeFileSync(path, JSON.stringify({ version: 1, spentUsd: 0.001, savedUsd: 0, reservations: { [`${gone}:0`]: 5 } }))
  const ledger = new FileSpendLedger(path, 1)
  expect(ledger.snapshot()).toMatchObject({ spentUsd: 0.001, reservedUsd: 0 })
  expect(() => ledger.reserve(0.5, 'call')).not.toThrow()
})

test('three processes racing on one spend file never overshoot the limit', async () => {
  // each process tries 40 calls of $0.001 against a shared $0.05 limit: exactly 50 of the 120 may run
  const path = join(dir, 'spend.json')
  const script = `
    import { FileSpendLedger } from ${JSON.stringify(join(repoRoot, 'src/llm/spend-file.ts'))}
    const ledger = new FileSpendLedger(${JSON.stringify(path)}, 0.05)
    let ok = 0
    for (let i = 0; i < 40; i += 1) {
      try { const r = ledger.reserve(0.001, 'call'); await new Promise((res) => setTimeout(res, 1)); ledger.settle(r, 0.001); ok += 1 } catch {}
    }
    console.log(ok)`
  const run = () =>
    new Promise<number>((done, fail) => {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: repoRoot })
      let out = ''
      child.stdout.on('data', (c: Buffer) => (out += c.toString()))
      child.stderr.on('data', (c: Buffer) => (out += c.toString()))
      child.on('exit', (code) => (code === 0 ? done(Number(out.trim())) : fail(new Error(out))))
    })
  const counts = await Promise.all([run(), run(), run()])
  expect(counts.reduce((a, b) => a + b, 0)).toBe(50)
  const final = new FileSpendLedger(path, 0.05).snapshot()
  expect(final.spentUsd).toBeCloseTo(0.05, 9)
  expect(final.reservedUsd).toBe(0)
}, 20_000)
