/**
 * One argument parser for every `vitest-rag` command: Node's `util.parseArgs` in strict mode (unknown
 * options, missing values and stray positionals are refused), with its errors turned into
 * {@link CliUsageError}s so the router prints the message and the command's usage and exits 2.
 */
import { parseArgs } from 'node:util';
import { CliUsageError } from "./command.js";
/** Parses `argv` against `options`; positionals are refused unless `allowPositionals`. */
export function parseCliArgs(argv, options, allowPositionals = false) {
    try {
        const parsed = parseArgs({ args: argv, options, allowPositionals, strict: true });
        return { values: parsed.values, positionals: parsed.positionals };
    }
    catch (error) {
        throw new CliUsageError(error.message);
    }
}
/** A string flag's value, or undefined when absent. */
export function stringFlag(values, name) {
    const value = values[name];
    return typeof value === 'string' ? value : undefined;
}
//# sourceMappingURL=args.js.map