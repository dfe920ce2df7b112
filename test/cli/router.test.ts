import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { parseCliArgs } from '../../src/cli/commands/args.ts'
import { CliUsageError, type CliCommand, type CliCommandEntry } from '../../src/cli/commands/command.ts'
import { renderGroupHelp, renderHelp, runCli } from '../../src/cli/main.ts'
import { commands } from '../../src/cli/commands/index.ts'
import { VersionedFileError } from '../../src/shared/problems/versioned-file-error.ts'
import { repoRoot, runNode, tempDir } from '../helpers/run-vitest.ts'

function io() {
  const out = { stdout: '', stderr: '' }
  return {
    out,
    io: { stdout: (t: string) => (out.stdout += t), stderr: (t: string) => (out.stderr += t), cwd: process.cwd() },
  }
}

/** A registry entry for `command`; `loads` counts how often the router loaded it. */
function entry(name: string, summary: string, command: CliCommand): CliCommandEntry & { loads: number } {
  const made = {
    name,
    summary,
    loads: 0,
    async load() {
      made.loads += 1
      return command
    },
  }
  return made
}

const echo = entry('echo', 'print its --text', {
  usage: 'Usage: vitest-rag echo --text T',
  async run(argv, { stdout }) {
    const { values } = parseCliArgs(argv, { text: { type: 'string' } })
    if (typeof values.text !== 'string') throw new CliUsageError('--text is required')
    stdout(`${values.text}\n`)
    return 0
  },
})
const group = entry('baseline accept', 'a two-word command', {
  usage: 'Usage: vitest-rag baseline accept',
  run: async () => 7,
})

describe('the vitest-rag command router', () => {
  test('routes one- and two-word commands and returns their exit code', async () => {
    const a = io()
    expect(await runCli(['echo', '--text', 'hi'], a.io, [echo, group])).toBe(0)
    expect(a.out.stdout).toBe('hi\n')
    expect(await runCli(['baseline', 'accept'], io().io, [echo, group])).toBe(7)
  })

  test('a vitest-rag error prints its message without a stack, exit 1; any other error is a bug and is rethrown', async () => {
    const failing = (error: Error) =>
      entry('load', 'fails', { usage: 'Usage: vitest-rag load', run: async () => Promise.reject(error) })
    const a = io()
    const known = new VersionedFileError('scorecard', 'x.json', { kind: 'format', detail: 'not JSON' })
    expect(await runCli(['load'], a.io, [failing(known)])).toBe(1)
    expect(a.out.stderr).toBe('vitest-rag load: x.json is not a valid scorecard: not JSON; run the evals to write it\n')
    await expect(runCli(['load'], io().io, [failing(new TypeError('bug'))])).rejects.toThrow(TypeError)
  })

  test('a usage error prints the message and the usage, exit 2', async () => {
    const a = io()
    expect(await runCli(['echo', '--nope'], a.io, [echo])).toBe(2)
    expect(a.out.stderr).toContain("vitest-rag echo: Unknown option '--nope'")
    expect(a.out.stderr).toContain('Usage: vitest-rag echo --text T')
    const b = io()
    expect(await runCli(['echo'], b.io, [echo])).toBe(2)
    expect(b.out.stderr).toContain('--text is required')
  })

  test('an unknown command lists the commands, exit 2; help and --help print usage, exit 0', async () => {
    const a = io()
    expect(await runCli(['frobnicate'], a.io, [echo])).toBe(2)
    expect(a.out.stderr).toContain('unknown command "frobnicate"')
    expect(a.out.stderr).toContain(renderHelp([echo]))
    const b = io()
    expect(await runCli(['help', 'echo'], b.io, [echo])).toBe(0)
    expect(b.out.stdout).toBe('Usage: vitest-rag echo --text T\n')
    const c = io()
    expect(await runCli(['echo', '--help'], c.io, [echo])).toBe(0)
    expect(c.out.stdout).toBe('Usage: vitest-rag echo --text T\n')
  })
})

describe('help and version for every command', () => {
  const show = entry('baseline show', 'show it', { usage: 'Usage: vitest-rag baseline show', run: async () => 0 })

  test('--version, -v and version print the package version', async () => {
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version: string
    }
    for (const flag of ['--version', '-v', 'version']) {
      const a = io()
      expect(await runCli([flag], a.io, [echo])).toBe(0)
      expect(a.out.stdout).toBe(`${version}\n`)
    }
  })

  test('a command group alone or with --help lists its subcommands; a bad subcommand is exit 2', async () => {
    for (const argv of [['baseline'], ['baseline', '--help'], ['help', 'baseline']]) {
      const a = io()
      expect(await runCli(argv, a.io, [echo, group, show])).toBe(0)
      expect(a.out.stdout).toBe(renderGroupHelp('baseline', [echo, group, show]))
      expect(a.out.stdout).toContain('  baseline accept  a two-word command\n  baseline show    show it\n')
    }
    const b = io()
    expect(await runCli(['baseline', 'drop'], b.io, [group, show])).toBe(2)
    expect(b.out.stderr).toContain('unknown command "baseline drop"')
    expect(b.out.stderr).toContain('Usage: vitest-rag baseline <subcommand>')
  })

  test('every registered command and subcommand answers --help with its usage, exit 0', async () => {
    for (const command of commands) {
      const a = io()
      const { usage } = await command.load()
      expect(await runCli([...command.name.split(' '), '--help'], a.io), command.name).toBe(0)
      expect(a.out.stdout).toBe(`${usage}\n`)
      // The name is written in the registry entry and again in the module's usage: they must agree.
      expect(usage.startsWith(`Usage: vitest-rag ${command.name}`), command.name).toBe(true)
    }
    expect(commands.map((c) => c.name)).toEqual(expect.arrayContaining(['init', 'baseline accept', 'baseline show']))
  })
})

describe('the router loads only the command it runs', () => {
  test('--version, help, a group list and an unknown command load no command; running or --help loads that one', async () => {
    const [one, two, three] = [
      entry('echo', 'e', { usage: 'Usage: vitest-rag echo', run: async () => 0 }),
      entry('baseline accept', 'a', { usage: 'Usage: vitest-rag baseline accept', run: async () => 0 }),
      entry('baseline show', 's', { usage: 'Usage: vitest-rag baseline show', run: async () => 0 }),
    ]
    const list = [one, two, three]
    for (const argv of [['--version'], [], ['help'], ['--help'], ['baseline'], ['help', 'baseline'], ['nope']]) {
      await runCli(argv, io().io, list)
    }
    expect(list.map((c) => c.loads)).toEqual([0, 0, 0])
    await runCli(['baseline', 'show', '--help'], io().io, list)
    await runCli(['help', 'baseline', 'show'], io().io, list)
    await runCli(['echo'], io().io, list)
    // baseline show twice (--help, help), echo once (run), baseline accept never.
    expect(list.map((c) => c.loads)).toEqual([1, 0, 2])
  })
})

/**
 * The built binary's loaded modules for `args`: our own by their path under dist/ (`cli/main`), packages by
 * name. A loader hook in the child records every module URL it loads.
 */
async function modulesLoadedBy(args: string[]): Promise<string[]> {
  const log = join(tempDir('vitest-rag-cli-modules-'), 'modules.log')
  const recorder = `import { appendFileSync } from 'node:fs'
let log
export function initialize(data) { log = data.log }
export async function load(url, context, next) { appendFileSync(log, url + '\\n'); return next(url, context) }`
  const hook = `import { register } from 'node:module'
register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(recorder)}`)}, { data: { log: ${JSON.stringify(log)} } })`
  const run = await runNode(join(repoRoot, 'bin/vitest-rag.js'), args, {
    nodeArgs: ['--import', `data:text/javascript,${encodeURIComponent(hook)}`],
  })
  expect(run.code, run.output).toBe(0)
  // The binary itself (bin/) is neither: only what it loads from dist/ and node_modules/ is listed.
  const urls = readFileSync(log, 'utf8').split('\n')
  return urls.flatMap(
    (url) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1] ?? /\/dist\/(.+)\.js$/.exec(url)?.[1] ?? [],
  )
}

test('the built binary: --version and help load no command module and no package; score-run --help loads score-run alone', async () => {
  // The router's own modules and the two leaves they import (the error base class, the package version).
  const router = ['cli/commands/command', 'cli/commands/index', 'cli/main', 'cli/run']
  const leaves = ['shared/util/errors', 'shared/util/package-info']
  for (const args of [['--version'], ['help']]) {
    expect((await modulesLoadedBy(args)).sort(), args[0]).toEqual([...router, ...leaves].sort())
  }
  // Before the registry loaded lazily, every invocation loaded all 28 modules under cli/commands/ (487 modules in all).
  const commandModules = (await modulesLoadedBy(['score-run', '--help'])).filter((m) => m.startsWith('cli/commands/'))
  expect(commandModules.sort()).toEqual([
    'cli/commands/args',
    'cli/commands/command',
    'cli/commands/index',
    'cli/commands/score-run',
  ])
})
