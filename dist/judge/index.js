export { CalibrationRecordError, JudgeError, JudgePromptTemplateError, JudgeSameModelError, QrelsAppendError, } from "./errors.js";
export { ANSWER_RELEVANCE, CITATION_ACCURACY, CRAG_ANCHORS, CRAG_SCORE, CRITERIA, CragGradeSchema, FAITHFULNESS, RUBRIC_SCORES, VerdictSchema, renderRubric, } from "./rubric.js";
export { DEFAULT_HEURISTIC_JUDGE_OPTIONS, HEURISTIC_JUDGE_VERSION, createHeuristicJudge, judgeHeuristically, } from "./heuristic-judge.js";
export { DEFAULT_MODEL_JUDGE_OPTIONS, createModelJudge, verdictToJudgement } from "./model-judge.js";
export { buildJudgeMessages, renderSources } from "./judge-prompt.js";
export { parsePromptTemplate, renderPromptTemplate } from "./prompt-template.js";
export { DEFAULT_JUDGE_TEMPLATE_PATH, DEFAULT_RELEVANCE_TEMPLATE_PATH, loadJudgePromptTemplate, loadRelevancePromptTemplate, } from "./load-prompt-template.js";
export { isAbstentionSentence } from "./abstention.js";
export { splitClaims } from "./claims.js";
export { CALIBRATION_CRITERIA, measureAgreement, measureCalibration, } from "./calibration.js";
export { CALIBRATION_RECORD_VERSION, CalibrationRecordSchema, calibrationFigures, defaultCalibrationRecordPath, loadCalibrationRecord, summarizeCalibration, writeCalibrationRecord, } from "./calibration-record.js";
export { LabelRowSchema, labelRowToJudgeInput, parseLabelsFile } from "./labels-file.js";
export { runCalibration } from "./run-calibration.js";
export { ChunkLocatorSchema, QrelsRowSchema, effectiveQrels, humanJudgment, judgedChunkGrades, locatorKey, provenanceRows, } from "./qrels.js";
export { createHeuristicRelevanceGrader, createModelRelevanceGrader, gradeRelevanceLexically, judgePool, selectUnjudged, } from "./qrels-pool.js";
export { appendQrelsRows, parseQrels, readQrelsFile } from "./qrels-file.js";
//# sourceMappingURL=index.js.map