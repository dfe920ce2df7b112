/**
 * The judge's public surface: rubric and verdict schema, the heuristic and model judges, calibration and its
 * record, and pooled relevance judgments. Named exports only.
 */
export type { Judge, JudgeClaim, JudgeInput, JudgeVerdict } from './types.ts';
export { CalibrationRecordError, JudgeError, JudgePromptTemplateError, JudgeSameModelError, QrelsAppendError, type JudgeDataProblem, } from './errors.ts';
export { ANSWER_RELEVANCE, CITATION_ACCURACY, CRAG_ANCHORS, CRAG_SCORE, CRITERIA, CragGradeSchema, FAITHFULNESS, RUBRIC_SCORES, VerdictSchema, renderRubric, type CragGrade, type Criterion, type CriterionName, type RubricScore, type Verdict, } from './rubric.ts';
export { DEFAULT_HEURISTIC_JUDGE_OPTIONS, HEURISTIC_JUDGE_VERSION, createHeuristicJudge, judgeHeuristically, type HeuristicJudgeOptions, } from './heuristic-judge.ts';
export { DEFAULT_MODEL_JUDGE_OPTIONS, createModelJudge, verdictToJudgement, type ModelJudgeOptions } from './model-judge.ts';
export { buildJudgeMessages, renderSources } from './judge-prompt.ts';
export { parsePromptTemplate, renderPromptTemplate, type PromptTemplate } from './prompt-template.ts';
export { DEFAULT_JUDGE_TEMPLATE_PATH, DEFAULT_RELEVANCE_TEMPLATE_PATH, loadJudgePromptTemplate, loadRelevancePromptTemplate, } from './load-prompt-template.ts';
export { isAbstentionSentence } from './abstention.ts';
export { splitClaims, type SplitClaim } from './claims.ts';
export { CALIBRATION_CRITERIA, measureAgreement, measureCalibration, type CalibrationCriterion, type CriterionAgreement, } from './calibration.ts';
export { CALIBRATION_RECORD_VERSION, CalibrationRecordSchema, calibrationFigures, defaultCalibrationRecordPath, loadCalibrationRecord, summarizeCalibration, writeCalibrationRecord, type CalibrationFigureOf, type CalibrationRecord, } from './calibration-record.ts';
export { LabelRowSchema, labelRowToJudgeInput, parseLabelsFile, type LabelRow } from './labels-file.ts';
export { runCalibration, type CalibrationRun } from './run-calibration.ts';
export { ChunkLocatorSchema, QrelsRowSchema, effectiveQrels, humanJudgment, judgedChunkGrades, locatorKey, provenanceRows, type ChunkLocator, type EffectiveQrel, type EffectiveQrels, type QrelsMode, type QrelsRow, type QrelsSource, } from './qrels.ts';
export { createHeuristicRelevanceGrader, createModelRelevanceGrader, gradeRelevanceLexically, judgePool, selectUnjudged, type PoolCandidate, type RelevanceGrade, type RelevanceGrader, } from './qrels-pool.ts';
export { appendQrelsRows, parseQrels, readQrelsFile } from './qrels-file.ts';
//# sourceMappingURL=index.d.ts.map