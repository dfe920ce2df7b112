import { type TrecScores } from '../../metrics/score-trec.js';
import { type CliCommand } from '../command.js';
/** The per-query table with a mean row, numbers to 4 decimals. */
export declare function renderScoreTable(scores: TrecScores): string;
/** `vitest-rag score-run`. */
export declare const scoreRunCommand: CliCommand;
