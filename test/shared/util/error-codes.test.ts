import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { ERROR_CODES_DOCS_PATH, renderErrorCodesDoc } from '../../../scripts/error-codes-docs.ts'
import { ENV_OVERRIDES } from '../../../src/config/resolve.ts'
import { ERROR_CODES, WARNING_CODES } from '../../../src/shared/util/error-codes.ts'
import { scanErrorCodes, subclassesOf } from './error-code-scan.ts'

const root = join(import.meta.dirname, '..', '..', '..')
const REGISTRY = 'src/shared/util/error-codes.ts'
const { uses, classes } = scanErrorCodes(root, [REGISTRY])
const registered = new Map<string, string>(Object.entries(ERROR_CODES).map(([code, entry]) => [code, entry.errorClass]))
const warnings = new Set(Object.keys(WARNING_CODES))
const envNames = new Set<string>(Object.values(ENV_OVERRIDES))
const errorClasses = subclassesOf(classes, 'VitestRagError')

describe('the error code registry (src/shared/util/error-codes.ts)', () => {
  test('every VITEST_RAG_* code used in src/ is registered (or is a warning code or an environment variable)', () => {
    const unregistered = uses
      .filter((u) => !registered.has(u.code) && !warnings.has(u.code) && !envNames.has(u.code))
      .map((u) => `${u.at}: ${u.code}`)
    expect(unregistered, 'add these codes to src/shared/util/error-codes.ts').toEqual([])
  })

  test('every registered code is used somewhere in src/ (a code nothing throws is removed from the registry)', () => {
    const used = new Set(uses.map((u) => u.code))
    const unused = [...registered.keys(), ...warnings].filter((code) => !used.has(code))
    expect(unused, 'remove these codes from src/shared/util/error-codes.ts, or throw them').toEqual([])
  })

  test('every code is thrown by the class it is registered under', () => {
    const wrong = uses
      .filter((u) => u.thrownBy !== undefined)
      .filter((u) => (u.thrownBy === 'warning' ? !warnings.has(u.code) : registered.get(u.code) !== u.thrownBy))
      .map(
        (u) =>
          `${u.at}: ${u.code} is thrown by ${u.thrownBy}, registered under ${registered.get(u.code) ?? (warnings.has(u.code) ? 'warnings' : 'nothing')}`,
      )
    expect(wrong).toEqual([])
  })

  test('every error class in src/ has a registered code, or is the family base of classes that do', () => {
    const named = new Set(registered.values())
    const bases = new Set(errorClasses.map((c) => c.base))
    const orphans = errorClasses
      .filter((c) => !named.has(c.name) && !bases.has(c.name))
      .map((c) => `${c.at}: ${c.name}`)
    expect(orphans, 'register a code for these classes in src/shared/util/error-codes.ts').toEqual([])
  })

  test('every class named in the registry is VitestRagError or an error class of src/', () => {
    const known = new Set(['VitestRagError', ...errorClasses.map((c) => c.name)])
    expect([...new Set(registered.values())].filter((name) => !known.has(name))).toEqual([])
  })

  test('the scan sees the codes: each registered code is attributed to a throw site or a typed table at least once', () => {
    // Guards the scan itself: if the parser stopped finding literals, the tests above would pass vacuously.
    expect(uses.length).toBeGreaterThan(registered.size)
    expect(uses.filter((u) => u.thrownBy !== undefined && u.thrownBy !== 'warning').length).toBeGreaterThan(40)
  })
})

describe(ERROR_CODES_DOCS_PATH, () => {
  test('is what the registry generates today (run `npm run docs:errors` after changing a code)', () => {
    const committed = readFileSync(join(root, ERROR_CODES_DOCS_PATH), 'utf8')
    expect(committed, `${ERROR_CODES_DOCS_PATH} is stale: run npm run docs:errors and commit it`).toBe(
      renderErrorCodesDoc(),
    )
  })

  test('lists every code with its class and meaning', () => {
    const doc = renderErrorCodesDoc()
    for (const [code, entry] of Object.entries(ERROR_CODES))
      expect(doc).toContain(`| \`${code}\` | \`${entry.errorClass}\` |`)
    for (const code of warnings) expect(doc).toContain(`| \`${code}\` |`)
  })
})
