import { type TrecScores } from '../../metrics/score-trec.ts';
import { type CliCommand } from '../command.ts';
/** The per-query table with a mean row, numbers to 4 decimals. */
export declare function renderScoreTable(scores: TrecScores): string;
/** `vitest-rag score-run`. */
export declare const scoreRunCommand: CliCommand;
//# sourceMappingURL=score-run.d.ts.map