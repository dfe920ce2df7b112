/**
 * Wraps a user's TypeScript function (or module) as a {@link RagAdapter}, so the harness evaluates their
 * own chatbot in-process. A module's default export may be a `RagAdapter`, a function `(input) => output`,
 * or a factory `(options) => RagAdapter | Promise<RagAdapter>` marked with `createAdapter`.
 */
import { importUserModule } from '../../shared/util/user-module.ts'
import { AdapterModuleError } from './errors.ts'
import type { RagAdapter, SystemInput, SystemOutput } from './types.ts'

/** A plain function system under test. */
export type SystemFunction = (input: SystemInput) => SystemOutput | Promise<SystemOutput>

/** Makes a {@link RagAdapter} from a function. */
export function functionAdapter(fn: SystemFunction, name = fn.name || 'function'): RagAdapter {
  return { name, run: async (input) => fn(input) }
}

/** What an adapter module must export, as the fix of a module that does not. */
export const ADAPTER_EXPORT_RULE =
  'export default a RagAdapter ({ name, run(input) }) or a function (input) => output, or export createAdapter(options)'

/** Whether a module namespace exports something {@link loadModuleAdapter} can run (without calling a factory). */
export function exportsAdapter(mod: Record<string, unknown>): boolean {
  const exported = mod.default
  return (
    typeof mod.createAdapter === 'function' ||
    typeof exported === 'function' ||
    (exported !== null && typeof exported === 'object' && typeof (exported as RagAdapter).run === 'function')
  )
}

/** Loads the adapter a module exports (`export default`, or `export const createAdapter`). */
export async function loadModuleAdapter(path: string, options?: unknown): Promise<RagAdapter> {
  const mod = await importUserModule(path, 'adapter module')
  if (!exportsAdapter(mod)) throw new AdapterModuleError(`adapter module ${path} must ${ADAPTER_EXPORT_RULE}`)
  if (typeof mod.createAdapter === 'function')
    return (await (mod.createAdapter as (o: unknown) => unknown)(options)) as RagAdapter
  const exported = mod.default
  if (typeof exported === 'function') return functionAdapter(exported as SystemFunction, path.split('/').pop())
  return exported as RagAdapter
}
