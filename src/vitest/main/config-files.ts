/** The Vitest config files of a project root, in the order Vitest looks for them. */
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'

/** The config files Vitest looks for in a project root, in its order. */
export const VITEST_CONFIG_FILES = ['vitest.config', 'vite.config'].flatMap((name) =>
  ['ts', 'mts', 'cts', 'js', 'mjs', 'cjs'].map((ext) => `${name}.${ext}`),
)

/** The Vitest config file in `cwd` that Vitest would pick, or undefined when there is none. */
export function findVitestConfig(cwd: string): string | undefined {
  return VITEST_CONFIG_FILES.map((name) => resolve(cwd, name)).find((path) => existsSync(path))
}

/**
 * The config file of this Vitest process, for messages: the `--config` / `-c` argument when given, else the file
 * Vitest picks in `root`; undefined when neither names one (an inline config).
 */
export function runConfigFile(root: string, argv: readonly string[] = process.argv): string | undefined {
  const at = argv.findIndex((a) => a === '--config' || a === '-c')
  const given = at >= 0 ? argv[at + 1] : argv.find((a) => a.startsWith('--config='))?.slice('--config='.length)
  return given !== undefined ? resolve(root, given) : findVitestConfig(root)
}
