import { type CliCommand } from '../command.ts';
import type { CriterionAgreement } from '../../judge/calibration.ts';
/** The agreement table as text: one block per criterion with its confusion matrix. */
export declare function renderAgreement(name: string, a: CriterionAgreement): string;
/** `vitest-rag calibrate`. */
export declare const calibrateCommand: CliCommand;
//# sourceMappingURL=calibrate.d.ts.map