/**
 * The `vitest-rag` command router: finds the subcommand (one or two words), runs it, and maps usage
 * errors to exit code 2. Commands never call `process.exit`; the binary sets the exit code.
 */
import { CliUsageError } from "./command.js";
import { commands as registered } from "./commands/index.js";
function findCommand(argv, commands) {
    const two = argv.slice(0, 2).join(' ');
    const byTwo = commands.find((c) => c.name === two);
    if (byTwo)
        return { command: byTwo, rest: argv.slice(2) };
    const byOne = commands.find((c) => c.name === argv[0]);
    if (byOne)
        return { command: byOne, rest: argv.slice(1) };
    return undefined;
}
/** The text `vitest-rag help` prints. */
export function renderHelp(commands) {
    const width = Math.max(0, ...commands.map((c) => c.name.length));
    const lines = commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`);
    return ['Usage: vitest-rag <command> [options]', '', 'Commands:', ...lines, '', 'Run `vitest-rag help <command>` for its options.', ''].join('\n');
}
/** Runs the CLI with `argv` (without `node` and the script path); resolves to the exit code. */
export async function runCli(argv, io, commands = registered) {
    if (argv.length === 0 || argv[0] === 'help' || argv[0] === '--help' || argv[0] === '-h') {
        const target = argv[0] === 'help' ? findCommand(argv.slice(1), commands) : undefined;
        io.stdout(target ? `${target.command.usage}\n` : renderHelp(commands));
        return 0;
    }
    const found = findCommand(argv, commands);
    if (!found) {
        io.stderr(`vitest-rag: unknown command "${argv.join(' ')}"\n\n${renderHelp(commands)}`);
        return 2;
    }
    if (found.rest.includes('--help') || found.rest.includes('-h')) {
        io.stdout(`${found.command.usage}\n`);
        return 0;
    }
    try {
        return await found.command.run(found.rest, io);
    }
    catch (error) {
        if (error instanceof CliUsageError) {
            io.stderr(`vitest-rag ${found.command.name}: ${error.message}\n\n${found.command.usage}\n`);
            return 2;
        }
        throw error;
    }
}
//# sourceMappingURL=main.js.map