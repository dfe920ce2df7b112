/**
 * Numeric and path flags shared by the golden-set commands (build-testset, synthesize, qrels, feedback,
 * promote): parsed once, refused with a message that quotes the value and says what is expected.
 */
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { CliUsageError } from '../command.ts'
import { stringFlag, type ParsedCliArgs } from '../args.ts'

/** A numeric flag within `[min, max]` (whole when `integer`), or `fallback` when absent. */
export function numberFlag(values: ParsedCliArgs['values'], name: string, fallback: number, range: { min: number; max?: number; integer?: boolean }): number {
  const raw = stringFlag(values, name)
  if (raw === undefined) return fallback
  const value = Number(raw)
  const bad = raw.trim() === '' || !Number.isFinite(value) || value < range.min || (range.max !== undefined && value > range.max) || (range.integer === true && !Number.isInteger(value))
  if (bad) {
    const kind = range.integer ? 'a whole number' : 'a number'
    throw new CliUsageError(`--${name} must be ${kind} ${range.max === undefined ? `>= ${range.min}` : `from ${range.min} to ${range.max}`}, got ${JSON.stringify(raw)}`)
  }
  return value
}

/** A required string flag. */
export function requiredFlag(values: ParsedCliArgs['values'], name: string, what: string): string {
  const value = stringFlag(values, name)
  if (value === undefined) throw new CliUsageError(`--${name} ${what} is required`)
  return value
}

/** A path flag resolved against `cwd` that must exist. */
export function existingPath(cwd: string, flag: string, value: string, what: string): string {
  const path = resolve(cwd, value)
  if (!existsSync(path)) throw new CliUsageError(`--${flag} ${JSON.stringify(value)}: no such ${what} (looked at ${path})`)
  return path
}
