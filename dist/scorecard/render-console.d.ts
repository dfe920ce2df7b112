import type { GateResult } from '../gate/gate-result.js';
import type { Scorecard } from './scorecard.js';
/** Retrieval metrics shown on the console line (others are in the Markdown and JSON). */
export declare const CONSOLE_RETRIEVAL_METRICS: readonly string[];
/** Most hard-assertion failures listed on the console before "and N more". */
export declare const CONSOLE_MAX_FAILURES = 10;
/**
 * Renders a summary of 5-15 lines: run size, hard assertions (with the first failures), headline retrieval
 * and answer metrics, abstention, error classes, usage and the gate's verdict with its reasons and notes.
 */
export declare function renderConsoleSummary(scorecard: Scorecard, gateResult?: GateResult): string;
