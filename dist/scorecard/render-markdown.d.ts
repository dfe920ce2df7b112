import type { GateResult } from '../gate/gate-result.js';
import type { Scorecard } from './scorecard.js';
/**
 * Renders the scorecard (and, when given, the gate's outcome) as Markdown: header with the verdict, hard
 * assertions, retrieval, answer quality, abstention, error classes, usage, gate. Sections with nothing to
 * show (e.g. answers in retrieval mode) are left out. Ends with a newline.
 */
export declare function renderMarkdown(scorecard: Scorecard, gateResult?: GateResult): string;
