/**
 * The gate's lines as the views print them: failures first (hard-assertion failures collapsed into one
 * line, since the scorecard lists them at the top), then warnings and notes.
 */
import type { GateResult } from './gate-result.js';
/** One printable line of the gate outcome. */
export interface GateLine {
    /** `failure` lines fail the gate; `note` lines are warnings and information. */
    kind: 'failure' | 'note';
    text: string;
}
/**
 * Lines for a gate result. `messages` repeat the reasons and may carry lines a caller prepended (e.g. the
 * reporter's "run interrupted"); those are shown as failures when the gate failed, as notes otherwise.
 */
export declare function gateLines(gate: GateResult): GateLine[];
