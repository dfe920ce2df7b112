/**
 * The package as a team installs it: `npm pack`, then two fresh projects (npm's default, no "type"; and
 * "type": "module") install the tarball with the tested vite and vitest, run `npx vitest-rag init`, run the
 * example evals (exit 0, scorecard written), break a golden case (exit 1, the case named), and type-check a
 * file that uses the public API with the consumer's own `tsc --noEmit`. Issue #24: init keeps a config's own
 * unit test running, the CLI reads the TypeScript Vitest config, and startup problems are listed once.
 *
 * It installs from the npm registry (the only host it reaches; one shared npm cache, --prefer-offline), so it
 * runs only when VITEST_RAG_PACKAGE_TEST=1, which `.ci/run` sets.
 */
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, test } from 'vitest'
import { staleDistReason } from '../setup/fresh-dist.ts'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const enabled = process.env.VITEST_RAG_PACKAGE_TEST === '1'
const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
  version: string
  devDependencies: Record<string, string>
}

/** What a consumer installs next to the tarball: the peers at the tested versions, and a compiler to type-check with. */
const CONSUMER_DEPS = [
  `vite@${pkg.devDependencies.vite}`,
  `vitest@${pkg.devDependencies.vitest}`,
  `typescript@${pkg.devDependencies.typescript}`,
  '@types/node@20',
]

interface Ran {
  code: number | null
  stdout: string
  output: string
}

/**
 * Runs package `name`'s installed binary in project `dir`, the file `npx --no-install <name>` runs
 * (node_modules/.bin/<name>), without npx's own start (about 0.7 s of CPU a call); one call still goes through npx.
 */
function runBin(dir: string, name: string, args: string[]): Promise<Ran> {
  return run(join(dir, 'node_modules/.bin', name), args, dir)
}

/** Runs a command to its end (asynchronously, so the two projects' installs and runs overlap). */
function run(command: string, args: string[], cwd: string, timeoutMs = 300_000): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: {
        ...process.env,
        CI: 'true',
        NO_COLOR: '1',
        FORCE_COLOR: '0',
        GITHUB_ACTIONS: undefined,
        OPENAI_API_KEY: undefined,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, output: stdout + stderr })
    })
  })
}

/** A file using the public API the way a team's config and tests do; the consumer's tsc must accept it. */
const CONSUMER_CHECK = `import type { RagEvalOptions } from 'vitest-rag'
import { ragEval } from 'vitest-rag/plugin'
import { RagReporter } from 'vitest-rag/reporter'
import 'vitest-rag/matchers'
import { expect } from 'vitest'

const options: RagEvalOptions = {
  corpus: { kind: 'kb', root: 'evals/kb' },
  pipeline: { maxSources: 4, gate: { minTopScore: 0.5 } },
  models: { generator: { chain: [{ name: 'openai', baseURL: 'http://127.0.0.1:8080/v1', apiKeyEnv: 'OPENAI_API_KEY', model: 'gpt-4o-mini' }] }, spendLimitUsd: 1 },
}
export const plugins = ragEval(options)
export const reporter: typeof RagReporter = RagReporter
export function check(output: { answer?: string; retrieved: [] }): void {
  expect(output).toHaveNoFabricatedCitations()
}
`

function consumerProject(root: string, name: string, type: 'module' | undefined, strictLibs: boolean): string {
  const dir = join(root, name)
  mkdirSync(dir)
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name, version: '1.0.0', private: true, ...(type ? { type } : {}) }, null, 2)}\n`,
  )
  // What `tsc --init` gives (skipLibCheck true); the ESM project also checks every declaration file, ours included.
  const compilerOptions = {
    module: 'nodenext',
    target: 'es2022',
    strict: true,
    noEmit: true,
    skipLibCheck: !strictLibs,
    types: ['node'],
  }
  writeFileSync(
    join(dir, 'tsconfig.json'),
    `${JSON.stringify({ compilerOptions, include: ['*.ts', '*.mts'] }, null, 2)}\n`,
  )
  writeFileSync(join(dir, 'check.ts'), CONSUMER_CHECK)
  return dir
}

describe.skipIf(!enabled)(
  'the packed package in fresh projects (needs the npm registry: set VITEST_RAG_PACKAGE_TEST=1, as .ci/run does)',
  () => {
    const root = mkdtempSync(join(tmpdir(), 'vitest-rag-pack-'))
    let tarball = ''

    beforeAll(async () => {
      // `npm pack` builds first (prepack); dist/ is fresh here (npm test's pretest, or test/setup/fresh-dist.ts), so
      // a second build is skipped.
      const packed = await run(
        'npm',
        [
          'pack',
          '--pack-destination',
          root,
          '--json',
          ...(staleDistReason(repoRoot) === undefined ? ['--ignore-scripts'] : []),
        ],
        repoRoot,
      )
      expect(packed.code, packed.output).toBe(0)
      const files = (JSON.parse(packed.stdout) as Array<{ filename: string; files: Array<{ path: string }> }>)[0]
      tarball = join(root, files?.filename ?? '')
      const paths = files?.files.map((f) => f.path) ?? []
      // The files whitelist: built code, types, the bin, the sample corpus and templates; no sources, tests or caches.
      expect(paths).toEqual(
        expect.arrayContaining([
          'bin/vitest-rag.js',
          'dist/public/index.js',
          'dist/public/index.d.ts',
          'dist/search/pool/worker/search-worker.js',
          '.github/workflows/evals.yml',
        ]),
      )
      expect(
        paths.filter(
          (p) =>
            /^(src|test|golden|baselines|scripts|\.vitest-rag)\//.test(p) ||
            (p.endsWith('.ts') && !p.endsWith('.d.ts')),
        ),
      ).toEqual([])
    }, 300_000)

    for (const [name, type, strictLibs] of [
      ['consumer-default', undefined, false],
      ['consumer-esm', 'module', true],
    ] as const) {
      test.concurrent(
        `${name}: install, init, evals pass, a broken case fails by name, a TypeScript module adapter loads, tsc --noEmit passes`,
        async ({ expect }) => {
          const dir = consumerProject(root, name, type, strictLibs)
          const installed = await run(
            'npm',
            ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball, ...CONSUMER_DEPS],
            dir,
          )
          expect(installed.code, installed.output).toBe(0)
          expect((await run('npx', ['--no-install', 'vitest-rag', '--version'], dir)).output.trim()).toBe(pkg.version)

          // The default project has its own config and unit test before init (#24: init must keep them running).
          const configPath = join(dir, type === 'module' ? 'vitest.config.ts' : 'vitest.config.mts')
          if (type === undefined) {
            mkdirSync(join(dir, 'src'))
            writeFileSync(join(dir, 'src/a.test.ts'), "import { test } from 'vitest'\ntest('a unit test', () => {})\n")
            writeFileSync(
              configPath,
              "import { defineConfig } from 'vitest/config'\n\nexport default defineConfig({\n  test: {\n    include: ['src/**/*.test.ts'],\n  },\n})\n",
            )
          }
          const init = await runBin(dir, 'vitest-rag', ['init'])
          expect(init.code, init.output).toBe(0)
          if (type === undefined) {
            const unit = await runBin(dir, 'vitest', ['run', '--project', 'unit'])
            expect(unit.code, `${init.output}\n${readFileSync(configPath, 'utf8')}\n${unit.output}`).toBe(0)
            expect(unit.output).toMatch(/src\/a\.test\.ts/)
          }
          // Searches in tinypool worker threads: the installed package must load its compiled worker, without tsx.
          writeFileSync(
            configPath,
            readFileSync(configPath, 'utf8').replace(
              "root: 'evals/kb' }",
              "root: 'evals/kb' }, search: { workers: true }",
            ),
          )
          expect(readFileSync(configPath, 'utf8')).toContain('search: { workers: true }')

          const evals = await runBin(dir, 'vitest', ['run', '--project', 'evals'])
          expect(evals.code, evals.output).toBe(0)
          const scorecard = JSON.parse(readFileSync(join(dir, '.vitest-rag/evals/scorecard.json'), 'utf8')) as {
            run: { cases: number }
            hard: { failed: number }
          }
          expect(scorecard.run.cases).toBe(6)
          expect(scorecard.hard.failed).toBe(0)

          // The CLI reads the project's config (a TypeScript file, loaded by Vitest), with and without --config.
          for (const args of [[], ['--config', configPath]]) {
            const retrieval = await runBin(dir, 'vitest-rag', [
              'eval-retrieval',
              '--arms',
              'bm25',
              '--resamples',
              '200',
              ...args,
            ])
            expect(retrieval.code, retrieval.output).toBe(0)
            // The config is named relative to the project, whether found or given by its absolute path.
            expect(retrieval.output).toContain(
              `vitest-rag eval-retrieval: ${configPath.split('/').pop()}, project "evals": corpus evals/kb (kb), golden golden/**/*.golden.jsonl, out .vitest-rag/evals`,
            )
          }

          // Break one case: a literal the answer cannot contain.
          const goldenPath = join(dir, 'golden/example.golden.jsonl')
          const lines = readFileSync(goldenPath, 'utf8').split('\n')
          const at = lines.findIndex((l) => l.includes('"example-normal"'))
          lines[at] = JSON.stringify({
            ...(JSON.parse(lines[at] ?? '{}') as object),
            must_contain: ['zebra-not-in-any-answer'],
          })
          writeFileSync(goldenPath, lines.join('\n'))
          const broken = await runBin(dir, 'vitest', ['run', '--project', 'evals'])
          expect(broken.code, broken.output).toBe(1)
          expect(broken.output).toContain('example-normal toContainAll')
          expect(broken.output).toContain('"zebra-not-in-any-answer"')

          // A team's own chatbot as a TypeScript module adapter: the installed package is JavaScript that Vitest
          // imports natively, so the adapter must still load through Vite (Node 20 cannot import a .ts file).
          writeFileSync(goldenPath, lines.join('\n').replace('zebra-not-in-any-answer', 'workspace'))
          writeFileSync(
            join(dir, 'evals/bot.ts'),
            `import type { SystemInput, SystemOutput } from 'vitest-rag'\nconst answer: string = "I can't answer that from the available sources."\nexport default async function bot(input: SystemInput): Promise<SystemOutput> {\n  return { retrieved: [], answer: \`\${answer} (\${input.caseId})\`, abstained: true }\n}\n`,
          )
          writeFileSync(
            configPath,
            readFileSync(configPath, 'utf8').replace(
              'search: { workers: true }',
              "search: { workers: true }, adapter: { kind: 'module', path: 'evals/bot.ts' }",
            ),
          )
          const own = await runBin(dir, 'vitest', ['run', '--project', 'evals'])
          expect(own.output).not.toContain('ERR_UNKNOWN_FILE_EXTENSION')
          const ownCard = JSON.parse(readFileSync(join(dir, '.vitest-rag/evals/scorecard.json'), 'utf8')) as {
            run: { cases: number; errored: number }
          }
          // Every case ran through the adapter: none errored (an adapter that failed to load errors all 6).
          expect(ownCard.run).toMatchObject({ cases: 6, errored: 0 })

          const tsc = await runBin(dir, 'tsc', ['--noEmit', '-p', '.'])
          expect(tsc.code, tsc.output).toBe(0)

          // Startup problems, before any case, once: a misspelt option and a wrong adapter path, with the names meant.
          const good = readFileSync(configPath, 'utf8')
          writeFileSync(
            configPath,
            good.replace('search: { workers: true }', "search: { workers: true }, chunker: 'fixed-800'"),
          )
          const badOption = await runBin(dir, 'vitest', ['run', '--project', 'evals'])
          expect(badOption.code).toBe(1)
          expect(badOption.output).toContain(
            'ragEval options of project "evals": chunker: "fixed-800" is invalid: unknown chunker "fixed-800" (fix: did you mean "fixed:800"?)',
          )
          expect(badOption.output).not.toMatch(/Unhandled Error|No test files found|    at /)
          writeFileSync(configPath, good.replace("path: 'evals/bot.ts'", "path: 'evals/bott.ts'"))
          const badPath = await runBin(dir, 'vitest', ['run', '--project', 'evals'])
          expect(badPath.code).toBe(1)
          expect(badPath.output).toContain('adapter.path: "evals/bott.ts" does not exist')
          expect(badPath.output).toContain('(fix: did you mean "evals/bot.ts"?)')
          expect(badPath.output).not.toMatch(/Cannot find module|    at /)
        },
        600_000,
      )
    }
  },
)
