import { z } from 'zod';
/** Version of the record shape; bump on an incompatible change. */
export declare const CALIBRATION_RECORD_VERSION = 1;
/** Where `vitest-rag calibrate` writes by default, relative to the project root, per judge kind. */
export declare function defaultCalibrationRecordPath(kind: 'heuristic' | 'model'): string;
/** The calibration record's schema (also used by the scorecard to read it). */
export declare const CalibrationRecordSchema: z.ZodObject<{
    version: z.ZodLiteral<1>;
    judge: z.ZodObject<{
        kind: z.ZodEnum<{
            heuristic: "heuristic";
            model: "model";
        }>;
        model: z.ZodOptional<z.ZodString>;
        promptVersion: z.ZodString;
    }, z.core.$strip>;
    labelsFile: z.ZodString;
    labelsHash: z.ZodString;
    rows: z.ZodNumber;
    date: z.ZodString;
    criteria: z.ZodRecord<z.ZodEnum<{
        faithfulness: "faithfulness";
        citation_accuracy: "citation_accuracy";
        answer_relevance: "answer_relevance";
        crag: "crag";
    }> & z.core.$partial, z.ZodObject<{
        n: z.ZodNumber;
        skipped: z.ZodNumber;
        accuracy: z.ZodNullable<z.ZodNumber>;
        kappa: z.ZodNullable<z.ZodNumber>;
        labels: z.ZodArray<z.ZodString>;
        confusion: z.ZodArray<z.ZodArray<z.ZodNumber>>;
    }, z.core.$strip>>;
}, z.core.$strip>;
/** A calibration record. */
export type CalibrationRecord = z.infer<typeof CalibrationRecordSchema>;
/** Writes `record` atomically as pretty JSON. */
export declare function writeCalibrationRecord(path: string, record: CalibrationRecord): Promise<void>;
/**
 * Reads a calibration record. Resolves to `undefined` when the file does not exist (the judge is
 * uncalibrated: say so), and throws {@link CalibrationRecordError} when it exists but is not a valid record
 * of this version (re-run `vitest-rag calibrate`).
 */
export declare function loadCalibrationRecord(path: string): CalibrationRecord | undefined;
/** One line per criterion, for a scorecard or the console: `faithfulness: n=50 accuracy 0.84 kappa 0.68`. */
export declare function summarizeCalibration(record: CalibrationRecord): string[];
/** One criterion's agreement as the scorecard prints it (structurally the scorecard's `CalibrationFigure`). */
export interface CalibrationFigureOf {
    accuracy: number;
    kappa: number;
    n: number;
}
/**
 * The record's figures keyed by criterion name (`faithfulness`, `citation_accuracy`, `answer_relevance`,
 * `crag`), for the scorecard. Criteria whose accuracy or kappa is undefined (no items, one single label) are
 * left out. Returns `{}` when `judgeKind` is given and differs from the record's: a heuristic calibration
 * says nothing about a model judge, and the reverse.
 */
export declare function calibrationFigures(record: CalibrationRecord, judgeKind?: 'heuristic' | 'model'): Record<string, CalibrationFigureOf>;
