/**
 * The startup check of the team's own modules: the adapter module and a `sourceMap` module are imported in the
 * main process, through Vite as the cases import them (TypeScript, aliases), and checked for what they must
 * export, before any case runs. Each problem names the option, the path, and the fix (the closest file name
 * beside a missing one).
 */
import { existsSync, readdirSync } from 'node:fs'
import { basename, dirname, relative } from 'node:path'
import { ADAPTER_EXPORT_RULE, exportsAdapter } from '../../system/adapter/function-adapter.ts'
import { optionsLabel } from '../../config/resolve.ts'
import type { RagEvalConfig } from '../../config/schema.ts'
import { closestMatch } from '../../shared/problems/closest.ts'
import type { Problem } from '../../shared/problems/problems.ts'
import { loadSourceMap } from '../../system/sources/source-map.ts'
import { useModuleImporter, type ModuleImporter } from '../../shared/util/user-module.ts'

/** A missing module's problem: the path as configured and where it was looked for, with the closest file there. */
function missingModule(config: RagEvalConfig, field: string, path: string): Problem {
  const dir = dirname(path)
  const near = existsSync(dir) ? closestMatch(basename(path), readdirSync(dir)) : undefined
  const shown = relative(config.root, path)
  return {
    code: 'missing_module',
    file: optionsLabel(config.project),
    path: field,
    value: shown,
    message: `${JSON.stringify(shown)} does not exist (looked at ${path})`,
    fix: near ? `did you mean "${relative(config.root, `${dir}/${near}`)}"?` : 'a path relative to the project root',
  }
}

/** The first line of an import error: the cause without Vite's or Node's stack. */
function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? ''
}

async function adapterProblems(config: RagEvalConfig, importer: ModuleImporter): Promise<Problem[]> {
  if (config.adapter.kind !== 'module') return []
  const path = config.adapter.path
  if (!existsSync(path)) return [missingModule(config, 'adapter.path', path)]
  const at = { file: optionsLabel(config.project), path: 'adapter.path', value: relative(config.root, path) }
  try {
    const mod = (await importer(path)) as Record<string, unknown>
    if (exportsAdapter(mod)) return []
    return [
      {
        ...at,
        code: 'bad_module',
        message: `${relative(config.root, path)} exports no adapter`,
        fix: ADAPTER_EXPORT_RULE,
      },
    ]
  } catch (error) {
    return [
      {
        ...at,
        code: 'bad_module',
        message: `${relative(config.root, path)} cannot be imported: ${firstLine(error)}`,
        fix: 'fix the module so it imports',
      },
    ]
  }
}

async function sourceMapProblems(config: RagEvalConfig, importer: ModuleImporter): Promise<Problem[]> {
  if (typeof config.sourceMap !== 'string') return []
  if (!existsSync(config.sourceMap)) return [missingModule(config, 'sourceMap', config.sourceMap)]
  useModuleImporter(importer)
  try {
    await loadSourceMap(config.sourceMap)
    return []
  } catch (error) {
    return [
      {
        file: optionsLabel(config.project),
        path: 'sourceMap',
        value: relative(config.root, config.sourceMap),
        code: 'bad_module',
        message: firstLine(error).replace(/^vitest-rag: /, ''),
      },
    ]
  } finally {
    useModuleImporter(undefined)
  }
}

/** Every problem of the adapter module and the source map module of `config`, imported with `importer`. */
export async function userModuleProblems(config: RagEvalConfig, importer: ModuleImporter): Promise<Problem[]> {
  return [...(await adapterProblems(config, importer)), ...(await sourceMapProblems(config, importer))]
}
