/**
 * The scorecard's JSON form: serialise it, and parse it back refusing an incompatible version. Pure (the
 * file I/O is in `scorecard-file.ts`).
 */
import { z } from 'zod';
import { type Scorecard } from './scorecard.js';
/**
 * The structural check applied on load: the fields the gate and renderers rely on. Sections not listed are
 * taken as written (they are produced by this module and versioned as a whole).
 */
export declare const ScorecardSchema: z.ZodObject<{
    version: z.ZodLiteral<1>;
    harnessVersion: z.ZodString;
    mode: z.ZodEnum<{
        retrieval: "retrieval";
        system: "system";
    }>;
    goldenSetHash: z.ZodString;
    corpusFingerprint: z.ZodString;
    run: z.ZodObject<{
        cases: z.ZodNumber;
        partial: z.ZodBoolean;
        errored: z.ZodNumber;
        erroredCaseIds: z.ZodArray<z.ZodString>;
    }, z.core.$loose>;
    hard: z.ZodObject<{
        ran: z.ZodNumber;
        passed: z.ZodNumber;
        failed: z.ZodNumber;
        checks: z.ZodArray<z.ZodObject<{}, z.core.$loose>>;
        failures: z.ZodArray<z.ZodObject<{}, z.core.$loose>>;
    }, z.core.$loose>;
    retrieval: z.ZodObject<{
        overall: z.ZodObject<{
            n: z.ZodNumber;
            unscored: z.ZodNumber;
            failed: z.ZodNumber;
            mean: z.ZodRecord<z.ZodString, z.ZodNumber>;
        }, z.core.$strip>;
        byCaseType: z.ZodRecord<z.ZodString, z.ZodObject<{
            n: z.ZodNumber;
            unscored: z.ZodNumber;
            failed: z.ZodNumber;
            mean: z.ZodRecord<z.ZodString, z.ZodNumber>;
        }, z.core.$strip>>;
        byFacet: z.ZodObject<{}, z.core.$loose>;
    }, z.core.$loose>;
    answer: z.ZodObject<{
        overall: z.ZodObject<{
            n: z.ZodNumber;
            unscored: z.ZodNumber;
            failed: z.ZodNumber;
            mean: z.ZodRecord<z.ZodString, z.ZodNumber>;
        }, z.core.$strip>;
        byCaseType: z.ZodRecord<z.ZodString, z.ZodObject<{
            n: z.ZodNumber;
            unscored: z.ZodNumber;
            failed: z.ZodNumber;
            mean: z.ZodRecord<z.ZodString, z.ZodNumber>;
        }, z.core.$strip>>;
        byFacet: z.ZodObject<{}, z.core.$loose>;
        judgeKind: z.ZodEnum<{
            none: "none";
            heuristic: "heuristic";
            model: "model";
            mixed: "mixed";
        }>;
        coverage: z.ZodNumber;
    }, z.core.$loose>;
    cases: z.ZodRecord<z.ZodString, z.ZodObject<{
        caseHash: z.ZodString;
        caseType: z.ZodString;
        retrieval: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodNumber>>;
        answer: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodNumber>>;
    }, z.core.$loose>>;
}, z.core.$loose>;
/** The scorecard as pretty JSON (2-space indent, trailing newline), the file `.vitest-rag/scorecard.json`. */
export declare function serializeScorecard(scorecard: Scorecard): string;
/**
 * Parses a scorecard from JSON text. `source` names it in errors (a path).
 * @throws ScorecardFormatError when the text is not JSON or lacks the scorecard's fields.
 * @throws ScorecardVersionError when its `version` is not {@link SCORECARD_VERSION}.
 */
export declare function parseScorecard(text: string, source?: string): Scorecard;
