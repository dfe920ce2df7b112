/**
 * One argument parser for every `vitest-rag` command: Node's `util.parseArgs` in strict mode (unknown
 * options, missing values and stray positionals are refused), with its errors turned into
 * {@link CliUsageError}s so the router prints the message and the command's usage and exits 2.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util'
import { CliUsageError } from './command.ts'

/** Option declarations, as `util.parseArgs` takes them (`{ k: { type: 'string' }, json: { type: 'boolean' } }`). */
export type CliOptions = NonNullable<ParseArgsConfig['options']>

/** Parsed flags (string or boolean by declaration) and positionals. */
export interface ParsedCliArgs {
  values: Record<string, string | boolean | undefined>
  positionals: string[]
}

/** Parses `argv` against `options`; positionals are refused unless `allowPositionals`. */
export function parseCliArgs(argv: string[], options: CliOptions, allowPositionals = false): ParsedCliArgs {
  try {
    const parsed = parseArgs({ args: argv, options, allowPositionals, strict: true })
    return { values: parsed.values as ParsedCliArgs['values'], positionals: parsed.positionals }
  } catch (error) {
    throw new CliUsageError((error as Error).message)
  }
}

/** A string flag's value, or undefined when absent. */
export function stringFlag(values: ParsedCliArgs['values'], name: string): string | undefined {
  const value = values[name]
  return typeof value === 'string' ? value : undefined
}
