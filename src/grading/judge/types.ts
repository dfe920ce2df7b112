/**
 * The judge's input and output types: what one case hands the judge, and the verdict it gets back.
 * Pure types; the rubric they are scored against lives in `rubric.ts`.
 */
import type { ShownSource } from '../../system/adapter/types.ts'
import type { CaseType } from '../../cases/schema.ts'
import type { CragGrade } from '../metrics/crag.ts'

/** Judge verdicts for one case, scored 0 / 0.5 / 1 per criterion. */
export interface RecordedJudgement {
  /** `heuristic` (offline, deterministic) and `model` scores are never mixed in one baseline. */
  kind: 'heuristic' | 'model'
  model?: string
  /** True when the judge's verdict could not be parsed after its retry: not a score. */
  failed: boolean
  faithfulness?: number
  citationAccuracy?: number
  answerRelevance?: number
  crag?: CragGrade
  reasons?: Record<string, string>
}

/** Everything the judge sees about one answered (or abstained) case. */
export interface JudgeInput {
  caseId: string
  query: string
  /** The system's answer text, with `[n]` citation markers. */
  answer: string
  /** Whether the system declined to answer (its own flag; the judge also detects abstention text). */
  abstained: boolean
  /** The sources shown to the generator, under their markers. Only these count as CONTEXT. */
  sources: ShownSource[]
  /** The golden reference answer ('' when none). Used for CRAG grading only, never for faithfulness. */
  referenceAnswer: string
  /** Literals the answer must contain (golden `must_contain`). */
  mustContain: string[]
  caseType: CaseType
  /**
   * Whether the golden case may be answered (golden `answerable` and a case type that is not abstain-only),
   * when the caller knows it. It decides the CRAG grade of an abstention (`cragOfAbstention`); absent, the
   * judge reads an abstention as right when the context lacks the answer.
   */
  answerable?: boolean
  /**
   * Whether the shown context genuinely holds the answer, when the caller knows it (e.g. the expected
   * evidence was retrieved). Absent: the judge estimates it from the reference answer and must_contain.
   */
  contextHasAnswer?: boolean
}

/** One factual claim of the answer (a sentence) and how the context supports it. */
export interface JudgeClaim {
  text: string
  /** Markers attached to the claim, in order of appearance, deduplicated. */
  markers: number[]
  /** The attached markers whose sources support the claim. */
  supportingMarkers: number[]
  /** Whether the CONTEXT (any shown source) supports the claim: the faithfulness unit. */
  supported: boolean
}

/** A judge's verdict on one case: the recorded judgement plus per-claim details for the metrics. */
export interface JudgeVerdict extends RecordedJudgement {
  claims: JudgeClaim[]
  /**
   * The heuristic judge's continuous faithfulness support in [0, 1], from which its 0 / 0.5 / 1 faithfulness is
   * derived (`support-score.ts`); calibration ranks answers by it (ROC AUC). Absent for model judges.
   */
  faithfulnessSupport?: number
}

/** A judge: heuristic (offline, deterministic) or model-backed. Never throws for a bad verdict. */
export interface Judge {
  readonly kind: 'heuristic' | 'model'
  /** The judging model (model judges only). */
  readonly model?: string
  /** Version of the prompt or rule set, recorded beside its scores (calibration, baselines). */
  readonly promptVersion: string
  judge(input: JudgeInput): Promise<JudgeVerdict>
}
