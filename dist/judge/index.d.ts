/**
 * The judge's public surface: rubric and verdict schema, the heuristic and model judges, calibration and its
 * record, and pooled relevance judgments. Named exports only.
 */
export type { Judge, JudgeClaim, JudgeInput, JudgeVerdict } from './types.js';
export { CalibrationRecordError, JudgeError, JudgePromptTemplateError, JudgeSameModelError, QrelsAppendError, type JudgeDataProblem, } from './errors.js';
export { ANSWER_RELEVANCE, CITATION_ACCURACY, CRAG_ANCHORS, CRAG_SCORE, CRITERIA, CragGradeSchema, FAITHFULNESS, RUBRIC_SCORES, VerdictSchema, renderRubric, type CragGrade, type Criterion, type CriterionName, type RubricScore, type Verdict, } from './rubric.js';
export { DEFAULT_HEURISTIC_JUDGE_OPTIONS, HEURISTIC_JUDGE_VERSION, createHeuristicJudge, judgeHeuristically, type HeuristicJudgeOptions, } from './heuristic-judge.js';
export { DEFAULT_MODEL_JUDGE_OPTIONS, createModelJudge, verdictToJudgement, type ModelJudgeOptions } from './model-judge.js';
export { buildJudgeMessages, renderSources } from './judge-prompt.js';
export { parsePromptTemplate, renderPromptTemplate, type PromptTemplate } from './prompt-template.js';
export { DEFAULT_JUDGE_TEMPLATE_PATH, DEFAULT_RELEVANCE_TEMPLATE_PATH, loadJudgePromptTemplate, loadRelevancePromptTemplate, } from './load-prompt-template.js';
export { isAbstentionSentence } from './abstention.js';
export { splitClaims, type SplitClaim } from './claims.js';
export { CALIBRATION_CRITERIA, measureAgreement, measureCalibration, type CalibrationCriterion, type CriterionAgreement, } from './calibration.js';
export { CALIBRATION_RECORD_VERSION, CalibrationRecordSchema, calibrationFigures, defaultCalibrationRecordPath, loadCalibrationRecord, summarizeCalibration, writeCalibrationRecord, type CalibrationFigureOf, type CalibrationRecord, } from './calibration-record.js';
export { LabelRowSchema, labelRowToJudgeInput, parseLabelsFile, type LabelRow } from './labels-file.js';
export { runCalibration, type CalibrationRun } from './run-calibration.js';
export { ChunkLocatorSchema, QrelsRowSchema, effectiveQrels, humanJudgment, judgedChunkGrades, locatorKey, provenanceRows, type ChunkLocator, type EffectiveQrel, type EffectiveQrels, type QrelsMode, type QrelsRow, type QrelsSource, } from './qrels.js';
export { createHeuristicRelevanceGrader, createModelRelevanceGrader, gradeRelevanceLexically, judgePool, selectUnjudged, type PoolCandidate, type RelevanceGrade, type RelevanceGrader, } from './qrels-pool.js';
export { appendQrelsRows, parseQrels, readQrelsFile } from './qrels-file.js';
