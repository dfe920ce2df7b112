/**
 * Version of the {@link Scorecard} shape. Bump on an incompatible change; `parseScorecard` refuses any other
 * version with a message saying to re-run the evals.
 */
export const SCORECARD_VERSION = 1;
//# sourceMappingURL=scorecard.js.map