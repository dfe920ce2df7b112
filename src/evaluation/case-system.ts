/**
 * Step 1 of a case, apart from the rest: the system's raw output (or the checkpoint's) for one case. Its module
 * loads nothing the grading needs, so a worker calls the system first and loads the grading modules and builds
 * the rest of its runtime while the first calls are under way (see the golden runtime). The output is
 * validated with the grading, in evaluate-case.
 */
import { withAbstentionLanguage } from '../shared/text/abstention.ts'
import { SystemThrewError } from '../system/adapter/errors.ts'
import type { SystemInput } from '../system/adapter/types.ts'
import type { ModuleCase } from '../cases/prepared-case.ts'
import type { CaseCheckpoint, SystemStage } from './create-runtime.ts'

/** One case's system call: the raw output, or the error it threw, or the checkpoint a resumed run kept. */
export interface SystemRun {
  /** The checkpoint of a resumed run (the system was not called); undefined otherwise. */
  checkpointed?: CaseCheckpoint
  /** What the adapter returned, not yet validated (undefined when it threw or the case was checkpointed). */
  raw?: unknown
  /** What the adapter threw. */
  error?: Error
  /** The adapter call's wall time, ms (0 for a checkpointed case). */
  latencyMs: number
}

/** The input the system receives for a case. */
function systemInput(moduleCase: ModuleCase, mode: SystemInput['mode']): SystemInput {
  const c = moduleCase.case
  return { caseId: c.case_id, query: c.query, tenantId: c.tenant_id, history: c.history, mode }
}

/**
 * Calls the system for one case (unless a resumed run has its checkpoint), in the case's abstention language as
 * the whole evaluation is. Never throws: what the system throws is returned.
 */
export function runCaseSystem(stage: SystemStage, moduleCase: ModuleCase): Promise<SystemRun> {
  return withAbstentionLanguage(moduleCase.case.language, () => callSystem(stage, moduleCase))
}

async function callSystem(stage: SystemStage, moduleCase: ModuleCase): Promise<SystemRun> {
  const c = moduleCase.case
  const checkpointed = stage.checkpoints ? await stage.checkpoints.get(c.case_id, moduleCase.caseHash) : undefined
  if (checkpointed) return { checkpointed, latencyMs: 0 }
  const started = performance.now()
  try {
    const raw = await stage.adapter.run(systemInput(moduleCase, stage.config.mode))
    return { raw, latencyMs: performance.now() - started }
  } catch (error) {
    return {
      error: error instanceof Error ? error : new SystemThrewError(error),
      latencyMs: performance.now() - started,
    }
  }
}
