/**
 * Reading an output as an abstention, with the one abstention detector (`isAbstention`): what the answer
 * text says decides, never the system's `abstained` flag alone. A flag that claims an abstention while the
 * text states content is a lie the `toAbstain` check reports.
 */
import type { SystemOutput } from '../../system/adapter/types.ts'
import { isAbstention } from '../../shared/text/abstention.ts'

/** How an output reads. */
export interface AbstentionReading {
  /** The answer is an abstention: no answer, an empty one, or text the detector reads as declining. */
  abstained: boolean
  /** The system sent `abstained: true` with an answer that states content. */
  flagContradicted: boolean
}

/**
 * Reads `output`. Examples: `{ answer: "I don't know." }` -> abstained; `{ abstained: true, answer: "Seats
 * cost $12 [1]." }` -> not abstained, flag contradicted; `{}` -> abstained (silence).
 */
export function readAbstention(output: Pick<SystemOutput, 'answer' | 'abstained'>): AbstentionReading {
  const abstained = isAbstention(output.answer)
  return { abstained, flagContradicted: output.abstained === true && !abstained }
}

/** Whether the output is an abstention (see {@link readAbstention}). */
export function didAbstain(output: Pick<SystemOutput, 'answer' | 'abstained'>): boolean {
  return readAbstention(output).abstained
}
