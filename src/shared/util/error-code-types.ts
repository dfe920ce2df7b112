/**
 * The types derived from the error code registry (`error-codes.ts`): every code, every class name, the codes of
 * one class (`CodeOf`, which each error class's code union is), and the lookup of one code's entry.
 */
import { ERROR_CODES, type ErrorCodeEntry } from './error-codes.ts'

/** Every registered error code. */
export type ErrorCode = keyof typeof ERROR_CODES

/** Every class name the registry knows. */
export type ErrorClassName = (typeof ERROR_CODES)[ErrorCode]['errorClass']

/** The codes registered under `Class` (or any of the classes of a union): `CodeOf<'StatsError'>`. */
export type CodeOf<Class extends ErrorClassName> = {
  [K in ErrorCode]: (typeof ERROR_CODES)[K]['errorClass'] extends Class ? K : never
}[ErrorCode]

/** The registry entry of `code`, or undefined for a string that is not a registered code. */
export function errorCodeEntry(code: string): ErrorCodeEntry | undefined {
  return Object.hasOwn(ERROR_CODES, code) ? ERROR_CODES[code as ErrorCode] : undefined
}
