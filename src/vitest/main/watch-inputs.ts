/**
 * Watch mode: an edit of a prompt template or a corpus file reruns the project's golden files. Both are read with
 * fs, outside the module graph, so Vitest's walk up a changed module's importers cannot reach a golden file from
 * them. Vitest's `watchTriggerPatterns` is its own answer for inputs read from disk: a pattern over changed paths
 * and the test files to rerun. Before this, each golden file's transform entered every such file into the module
 * graph as its dependency: a resolve and a graph entry per file, about 1.9 s per golden file at 20,000 corpus files,
 * paid again at every corpus or prompt edit.
 */
import { isAbsolute, relative, resolve } from 'node:path'
import type { Vitest } from 'vitest/node'
import type { RagEvalConfig } from '../../config/schema.ts'
import { globFiles } from '../../evaluation/golden-set/glob.ts'
import { escapeRegExp } from '../../shared/text/escape-regexp.ts'

const slash = (path: string): string => path.split('\\').join('/')

/** The pattern of the paths Vitest's watcher reports (forward slashes) under any of `folders`. */
export function underFolders(folders: readonly string[]): RegExp {
  return new RegExp(`^(?:${folders.map((f) => escapeRegExp(`${slash(resolve(f)).replace(/\/$/, '')}/`)).join('|')})`)
}

/**
 * Reruns `cfg`'s golden files when a file under its prompts folder or its corpus root changes (the plugin calls it
 * once per project and Vitest instance). The golden modules are invalidated first: their transform resolved the golden locators against
 * the corpus, so a cached one would run the cases against the old chunks. A folder outside Vitest's root is added
 * to its watcher, which watches only the root.
 */
export function watchReadInputs(vitest: Vitest, cfg: RagEvalConfig): void {
  const folders = [cfg.prompts, cfg.corpus.root]
  const config = vitest.config as { watchTriggerPatterns?: NonNullable<Vitest['config']['watchTriggerPatterns']> }
  config.watchTriggerPatterns ??= []
  config.watchTriggerPatterns.push({
    pattern: underFolders(folders),
    testsToRun: () => {
      const golden = globFiles(cfg.root, cfg.golden)
      for (const file of golden) vitest.invalidateFile(slash(file))
      return golden
    },
  })
  for (const folder of folders) {
    const path = relative(vitest.config.root, folder)
    if (path.startsWith('..') || isAbsolute(path)) vitest.vite.watcher.add(folder)
  }
}
