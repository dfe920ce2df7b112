import { type CliCommand } from '../command.js';
import type { CriterionAgreement } from '../../judge/calibration.js';
/** The agreement table as text: one block per criterion with its confusion matrix. */
export declare function renderAgreement(name: string, a: CriterionAgreement): string;
/** `vitest-rag calibrate`. */
export declare const calibrateCommand: CliCommand;
