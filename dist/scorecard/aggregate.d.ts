/**
 * `buildScorecard`: turns the per-case records of a run into the scorecard document. Pure: records and
 * context in, data out; the renderers and the gate read the result.
 */
import type { CaseRecord } from './case-record.js';
import { type Scorecard, type ScorecardContext } from './scorecard.js';
/**
 * Builds the scorecard of a run.
 * - Hard assertions: per check, ran / passed / failed, counting only checks that applied.
 * - Retrieval: means of `record.retrieval.metrics` overall, per case type and per CRAG facet; an errored case
 *   scores 0 on every metric; a case with `retrieval.scored === false` (must-abstain) is counted as unscored.
 * - Answers: means of `record.answerMetrics` over the system-mode cases that have values (errored ones
 *   score 0), with judge kind, coverage and calibration.
 * - Abstention, error classes and usage as tallies.
 * Duplicate case ids are kept as separate records in every mean; `cases` keeps the last one (the golden file
 * parser rejects duplicates, so this only happens with hand-made input).
 */
export declare function buildScorecard(records: readonly CaseRecord[], context: ScorecardContext): Scorecard;
