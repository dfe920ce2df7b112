/**
 * The `vitest-rag` command router: finds the subcommand (one or two words), runs it, and maps usage
 * errors to exit code 2 and any other vitest-rag error (bad input, an unreadable file: its message says the
 * fix) to its message and exit code 1; anything else is a bug and keeps its stack trace. Commands never call `process.exit`; the binary sets the exit code.
 * It routes and lists from the registry's entries alone: `--version`, `help` and a group's list load no command,
 * and a command's module is imported only when it runs or prints its usage.
 */
import { CliUsageError, type CliCommandEntry, type CliIo } from './commands/command.ts'
import { commands as registered } from './commands/index.ts'
import { VitestRagError, withoutPrefix } from '../shared/util/errors.ts'
import { PACKAGE_INFO } from '../shared/util/package-info.ts'

function findCommand(
  argv: string[],
  commands: CliCommandEntry[],
): { command: CliCommandEntry; rest: string[] } | undefined {
  const two = argv.slice(0, 2).join(' ')
  const byTwo = commands.find((c) => c.name === two)
  if (byTwo) return { command: byTwo, rest: argv.slice(2) }
  const byOne = commands.find((c) => c.name === argv[0])
  if (byOne) return { command: byOne, rest: argv.slice(1) }
  return undefined
}

function commandList(commands: CliCommandEntry[]): string[] {
  const width = Math.max(0, ...commands.map((c) => c.name.length))
  return commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`)
}

/** The text `vitest-rag help` prints. */
export function renderHelp(commands: CliCommandEntry[]): string {
  return [
    'Usage: vitest-rag <command> [options]',
    '',
    'Commands:',
    ...commandList(commands),
    '',
    'Run `vitest-rag <command> --help` (or `vitest-rag help <command>`) for its options; `vitest-rag --version` prints the version.',
    '',
  ].join('\n')
}

/** The subcommands of group `word` (e.g. `baseline` -> `baseline accept`, `baseline show`). */
function groupOf(word: string | undefined, commands: CliCommandEntry[]): CliCommandEntry[] {
  return word === undefined ? [] : commands.filter((c) => c.name.startsWith(`${word} `))
}

/** The text a command group prints for `vitest-rag <group> --help`. */
export function renderGroupHelp(group: string, commands: CliCommandEntry[]): string {
  return [
    `Usage: vitest-rag ${group} <subcommand> [options]`,
    '',
    'Subcommands:',
    ...commandList(groupOf(group, commands)),
    '',
    `Run \`vitest-rag ${group} <subcommand> --help\` for its options.`,
    '',
  ].join('\n')
}

const HELP_FLAGS = new Set(['--help', '-h'])

/** Runs the CLI with `argv` (without `node` and the script path); resolves to the exit code. */
export async function runCli(argv: string[], io: CliIo, commands: CliCommandEntry[] = registered): Promise<number> {
  if (argv[0] === '--version' || argv[0] === '-v' || argv[0] === 'version') {
    io.stdout(`${PACKAGE_INFO.version}\n`)
    return 0
  }
  if (argv.length === 0 || argv[0] === 'help' || HELP_FLAGS.has(argv[0] ?? '')) {
    const asked = argv[0] === 'help' ? argv.slice(1) : []
    const target = findCommand(asked, commands)
    if (target) io.stdout(`${(await target.command.load()).usage}\n`)
    else
      io.stdout(
        groupOf(asked[0], commands).length > 0 ? renderGroupHelp(asked[0] ?? '', commands) : renderHelp(commands),
      )
    return 0
  }
  const found = findCommand(argv, commands)
  if (!found && groupOf(argv[0], commands).length > 0) {
    // A group word alone (`vitest-rag baseline`) or with --help lists its subcommands; a bad subcommand is a usage error.
    const help = argv.length === 1 || HELP_FLAGS.has(argv[1] ?? '')
    ;(help ? io.stdout : io.stderr)(
      `${help ? '' : `vitest-rag: unknown command "${argv.join(' ')}"\n\n`}${renderGroupHelp(argv[0] ?? '', commands)}`,
    )
    return help ? 0 : 2
  }
  if (!found) {
    io.stderr(`vitest-rag: unknown command "${argv.join(' ')}"\n\n${renderHelp(commands)}`)
    return 2
  }
  const command = await found.command.load()
  if (found.rest.some((arg) => HELP_FLAGS.has(arg))) {
    io.stdout(`${command.usage}\n`)
    return 0
  }
  try {
    return await command.run(found.rest, io)
  } catch (error) {
    if (error instanceof CliUsageError) {
      io.stderr(`vitest-rag ${found.command.name}: ${withoutPrefix(error.message)}\n\n${command.usage}\n`)
      return 2
    }
    if (error instanceof VitestRagError) {
      io.stderr(`vitest-rag ${found.command.name}: ${withoutPrefix(error.message)}\n`)
      return 1
    }
    throw error
  }
}
