/**
 * Which Vitest test modules are golden files, and whose: each eval project has its own reporter, scorecard
 * and baseline, so reporters look only at their own project's golden modules.
 */
import type { TestModule } from 'vitest/node'
import { DEFAULT_PROJECT } from '../../config/resolve.ts'

/** A golden file's name: `*.golden.jsonl`. */
export const GOLDEN_FILE = /\.golden\.jsonl$/

/** True when `module` is a golden file. */
export function isGoldenModule(module: TestModule): boolean {
  return GOLDEN_FILE.test(module.moduleId)
}

/** True when `module` is a golden file of eval project `project` (an unnamed project counts as `evals`). */
export function isGoldenModuleOf(module: TestModule, project: string): boolean {
  return isGoldenModule(module) && (module.project.name || DEFAULT_PROJECT) === project
}
