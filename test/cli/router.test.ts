import { describe, expect, test } from 'vitest'
import { parseCliArgs } from '../../src/cli/args.ts'
import { CliUsageError, type CliCommand } from '../../src/cli/command.ts'
import { renderHelp, runCli } from '../../src/cli/main.ts'

function io() {
  const out = { stdout: '', stderr: '' }
  return { out, io: { stdout: (t: string) => (out.stdout += t), stderr: (t: string) => (out.stderr += t), cwd: process.cwd() } }
}

const echo: CliCommand = {
  name: 'echo',
  summary: 'print its --text',
  usage: 'Usage: vitest-rag echo --text T',
  async run(argv, { stdout }) {
    const { values } = parseCliArgs(argv, { text: { type: 'string' } })
    if (typeof values.text !== 'string') throw new CliUsageError('--text is required')
    stdout(`${values.text}\n`)
    return 0
  },
}
const group: CliCommand = { name: 'baseline accept', summary: 'a two-word command', usage: 'Usage: vitest-rag baseline accept', run: async () => 7 }

describe('the vitest-rag command router', () => {
  test('routes one- and two-word commands and returns their exit code', async () => {
    const a = io()
    expect(await runCli(['echo', '--text', 'hi'], a.io, [echo, group])).toBe(0)
    expect(a.out.stdout).toBe('hi\n')
    expect(await runCli(['baseline', 'accept'], io().io, [echo, group])).toBe(7)
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
