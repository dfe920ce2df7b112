import { type Baseline } from '../../gate/baseline.js';
import type { CliCommand } from '../command.js';
/** Asks the user a yes/no question; resolves to undefined when there is no one to ask (no TTY). */
export type Confirm = (question: string) => Promise<boolean | undefined>;
/** The default {@link Confirm}: a `[y/N]` prompt on the process's terminal, undefined without a TTY. */
export declare const confirmOnTerminal: Confirm;
/** Readable diff of the aggregate metrics, old -> new (every line of a new baseline when there was none). */
export declare function diffBaselines(before: Baseline | undefined, after: Baseline): string;
/** Builds `baseline accept`; tests inject `confirm` (the answer to the prompt) and `now` (the createdAt). */
export declare function createBaselineAcceptCommand(confirm?: Confirm, now?: () => Date): CliCommand;
/** `vitest-rag baseline show`. */
export declare const baselineShowCommand: CliCommand;
/** Both baseline subcommands, for the command registry. */
export declare const baselineCommands: CliCommand[];
