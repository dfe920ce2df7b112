/**
 * A user writes an adapter against the package entry alone (`import type ... from 'vitest-rag'`): the worked
 * example of docs/adapters.md, and a module adapter that names every type the guide's contract names, compile
 * with the TypeScript compiler against src/public/index.ts (what `vitest-rag` resolves to once built).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { expect, test } from 'vitest'
import { repoRoot } from '../helpers/run-vitest.ts'

/** The docs' TypeScript blocks that import from the package. */
function docsAdapterExamples(): string[] {
  const markdown = readFileSync(join(repoRoot, 'docs/adapters.md'), 'utf8')
  return [...markdown.matchAll(/```ts\n([\s\S]*?)```/g)]
    .map((m) => m[1] ?? '')
    .filter((code) => code.includes("from 'vitest-rag'"))
}

/** An adapter module that uses every type a user's adapter needs, importing nothing but the package entry. */
const ADAPTER = `import type { CaseUsage, EvalMode, Locator, RagAdapter, RetrievedChunk, ShownSource, SourceMapFn, SourceReference, SystemInput, SystemOutput, Turn } from 'vitest-rag'

const byId: Record<string, SourceReference> = { 'KB-17': { docId: 'billing/seats' }, 'KB-18': { url: 'https://help.example.com/docs/billing/invoices' } }
const usage: CaseUsage = { calls: 1, cachedCalls: 0, retries: 0, inputTokens: 10, outputTokens: 5, costUsd: 0.001, savedUsd: 0 }

export function createAdapter(): RagAdapter {
  return {
    name: 'my-bot',
    async run(input: SystemInput): Promise<SystemOutput> {
      const history: Turn[] = input.history
      const mode: EvalMode = input.mode
      const retrieved: RetrievedChunk[] = Object.values(byId).map((ref, i) => ({ ...ref, tenantId: input.tenantId, score: 1 - i / 10 }))
      const sources: ShownSource[] = [{ marker: 1, docId: 'KB-17', text: 'Team allows 50 seats.' }]
      return { retrieved, answer: mode === 'system' ? \`Team allows 50 seats [1] (\${history.length} turns).\` : undefined, sources, usage }
    },
  }
}

const ticket: Locator = { kind: 'ticket', ticket: 'TCK-1042' }
export const sourceMap: SourceMapFn = (ref) => (ref.docId === 'KB-40' ? ticket : ref.docId?.startsWith('KB-') ? 'billing/seats' : undefined)
`

const CONFIG = `import { defineConfig } from 'vitest/config'
import { ragEval, type RagEvalOptions } from 'vitest-rag'

const options: RagEvalOptions = { adapter: { kind: 'module', path: 'evals/my-bot.ts' }, sourceMap: 'adapter.ts' }
export default defineConfig({ plugins: [ragEval(options)] })
`

test('an adapter importing only from the package entry type-checks (docs/adapters.md example included)', () => {
  const examples = docsAdapterExamples()
  expect(examples).toHaveLength(1) // the worked example "a bot that knows only its own document ids"
  const files = new Map<string, string>([
    [join(repoRoot, '.consumer/adapter.ts'), ADAPTER],
    // The project's Vitest config, as every user has one (it also brings Vitest's own type augmentations).
    [join(repoRoot, '.consumer/vitest.config.ts'), CONFIG],
    [join(repoRoot, '.consumer/evals/my-bot.ts'), examples[0] ?? ''],
    // The bot the docs' example wraps: hits, shown passages and a decline flag.
    [
      join(repoRoot, '.consumer/src/bot.ts'),
      'export declare function answer(q: string, o: { tenant: string; history: unknown[] }): Promise<{ hits: Array<{ articleId: string; score: number }>; text: string; shown: Array<{ articleId: string; text: string }>; declined: boolean }>\n',
    ],
  ])
  // The repository's own compiler options, with the package name mapped to its entry's source.
  const parsed = ts.getParsedCommandLineOfConfigFile(
    join(repoRoot, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  )
  const options: ts.CompilerOptions = {
    ...parsed?.options,
    baseUrl: repoRoot,
    paths: { 'vitest-rag': ['src/public/index.ts'] },
  }
  const host = ts.createCompilerHost(options)
  const fileExists = host.fileExists.bind(host)
  const readFile = host.readFile.bind(host)
  const getSourceFile = host.getSourceFile.bind(host)
  host.fileExists = (name) => files.has(name) || fileExists(name)
  host.readFile = (name) => files.get(name) ?? readFile(name)
  host.directoryExists = (dir) => [...files.keys()].some((f) => f.startsWith(`${dir}/`)) || ts.sys.directoryExists(dir)
  host.getSourceFile = (name, language, ...rest) => {
    const text = files.get(name)
    return text === undefined ? getSourceFile(name, language, ...rest) : ts.createSourceFile(name, text, language)
  }
  const program = ts.createProgram([...files.keys()], options, host)
  const problems = ts
    .getPreEmitDiagnostics(program)
    .map(
      (d) =>
        ts.flattenDiagnosticMessageText(d.messageText, '\n') +
        (d.file ? ` (${d.file.fileName.replace(repoRoot, '')})` : ''),
    )
  expect(problems).toEqual([])
}, 120_000)
