/**
 * The synthetic project `npm run bench:scale` runs: a one-tenant knowledge base of 200 documents, one golden
 * file of N cases over it, a constant-answer system under test, and beside it a minimal Vitest eval runner
 * over the same golden file (read with readFileSync, one `test` per case, `expect(answer).toContain(...)`), the
 * shape of the peers' runners. Cases pass when the constant answer holds their `must_contain` literal; in the
 * half-failing variant every second case asks for a literal the answer lacks.
 */
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Documents in the synthetic knowledge base. */
export const SCALE_DOCS = 200

/** What the constant system answers; passing cases ask for it. */
export const CONSTANT_ANSWER = 'The answer is forty-two.'

/**
 * Installs the built package into `dir/node_modules/vitest-rag` as `npm install` would lay it out (package.json
 * and the folders its `files` list ships), so the run loads the compiled JavaScript from node_modules, which
 * Vitest imports natively, exactly as a team's project does. Its dependencies resolve from the repository's
 * node_modules, a parent folder. Needs `npm run build` first.
 */
export function installBuiltPackage(dir: string, repoRoot: string): void {
  if (!existsSync(join(repoRoot, 'dist/public/plugin.js')))
    throw new Error('bench:scale needs the built package: run `npm run build` first')
  const target = join(dir, 'node_modules/vitest-rag')
  mkdirSync(target, { recursive: true })
  cpSync(join(repoRoot, 'package.json'), join(target, 'package.json'))
  const files = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { files: string[] }).files
  // `dist/**/*.js` -> `dist`: the top folder (or file) of each entry.
  for (const top of new Set(files.map((f) => f.split('/')[0]!))) {
    if (existsSync(join(repoRoot, top))) cpSync(join(repoRoot, top), join(target, top), { recursive: true })
  }
}

/** The vitest-evals release the bench times (the one #26's table measured). */
export const VITEST_EVALS_VERSION = '0.16.1'

/**
 * Installs the package from the tarball `npm pack` makes of the built repository (what a team's `npm install`
 * unpacks), replacing {@link installBuiltPackage}'s copy; falls back to that copy when npm cannot pack.
 */
export function installPackedPackage(dir: string, repoRoot: string): void {
  const out = mkdtempSync(join(tmpdir(), 'vitest-rag-pack-'))
  try {
    const name = execFileSync('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', out], {
      cwd: repoRoot,
      encoding: 'utf8',
    })
      .trim()
      .split('\n')
      .pop()!
    const target = join(dir, 'node_modules/vitest-rag')
    mkdirSync(target, { recursive: true })
    execFileSync('tar', ['-xzf', join(out, name), '-C', target, '--strip-components=1'])
  } catch (error) {
    console.log(`  (npm pack failed, copying the package's files instead: ${(error as Error).message.split('\n')[0]})`)
    installBuiltPackage(dir, repoRoot)
  } finally {
    rmSync(out, { recursive: true, force: true })
  }
}

/**
 * Installs vitest-evals into `dir/evals-peer/node_modules` with npm (peers skipped: vitest and zod resolve from
 * the repository's node_modules, so both runners use the same Vitest). Returns false, with the reason printed,
 * when npm cannot reach the registry.
 */
export function installVitestEvals(dir: string): boolean {
  const peer = join(dir, 'evals-peer')
  mkdirSync(peer, { recursive: true })
  writeFileSync(
    join(peer, 'package.json'),
    `${JSON.stringify({ name: 'evals-peer', private: true, type: 'module' })}\n`,
  )
  try {
    execFileSync(
      'npm',
      [
        'install',
        `vitest-evals@${VITEST_EVALS_VERSION}`,
        '--legacy-peer-deps',
        '--no-audit',
        '--no-fund',
        '--no-package-lock',
        '--no-save',
      ],
      { cwd: peer, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' },
    )
    return true
  } catch (error) {
    console.log(`  (vitest-evals not installed, its runs are skipped: ${(error as Error).message.split('\n')[0]})`)
    return false
  }
}

/**
 * The system under test: the constant answer, at once; with `BENCH_LATENCY_MS` it first waits that long (a slow
 * system), and with `BENCH_TRACE` it appends `s <ms>` when a case reaches it and `e <ms>` when it returns
 * (epoch ms), so the bench can tell the harness's time before the first case and after the last from the
 * system's.
 */
const SCALE_ADAPTER = `import { appendFileSync } from 'node:fs'
const answer = { retrieved: [], answer: ${JSON.stringify(CONSTANT_ANSWER)}, sources: [] }
const latency = Number(process.env.BENCH_LATENCY_MS ?? 0)
const trace = process.env.BENCH_TRACE
const slow = async () => {
  if (trace) appendFileSync(trace, \`s \${Date.now()}\\n\`)
  await new Promise((resolve) => setTimeout(resolve, latency))
  if (trace) appendFileSync(trace, \`e \${Date.now()}\\n\`)
  return answer
}
export default latency > 0 || trace ? slow : () => answer
`

/**
 * The peer a team would pick instead: vitest-evals, one \`it\` per golden row through a \`createHarness\` around
 * the same constant answer, asserting the same literals, with its own reporter as its README recommends. Needs
 * \`vitest-evals\` installed under \`dir\` ({@link installVitestEvals}).
 */
export function writeVitestEvalsPeer(dir: string): void {
  mkdirSync(join(dir, 'evals-peer'), { recursive: true })
  writeFileSync(
    join(dir, 'evals-peer/vitest.config.ts'),
    `import { defineConfig } from 'vitest/config'\nexport default defineConfig({ test: { include: ['peer.eval.ts'], reporters: ['vitest-evals/reporter'] } })\n`,
  )
  writeFileSync(
    join(dir, 'evals-peer/peer.eval.ts'),
    `import { readFileSync } from 'node:fs'\nimport { expect } from 'vitest'\nimport { createHarness, describeEval } from 'vitest-evals'\n` +
      `const harness = createHarness<string, string>({ name: 'constant', run: async ({ input }) => ({ output: ${JSON.stringify(CONSTANT_ANSWER)}, events: [{ type: 'message', role: 'user', content: input }, { type: 'message', role: 'assistant', content: ${JSON.stringify(CONSTANT_ANSWER)} }], usage: {} }) })\n` +
      `const cases = readFileSync(new URL('../golden/scale.golden.jsonl', import.meta.url), 'utf8').trim().split('\\n').map((l) => JSON.parse(l))\n` +
      `describeEval('scale', { harness }, (it) => {\n  for (const c of cases) it(c.case_id, async ({ run }) => { const result = await run(c.query); for (const literal of c.must_contain) expect(result.output).toContain(literal) })\n})\n`,
  )
}

/** Writes the project (knowledge base, configs, adapter, peer test, the installed package) under `dir`, replacing what was there. */
export function writeScaleProject(dir: string, repoRoot: string): void {
  rmSync(dir, { recursive: true, force: true })
  const docs = join(dir, 'kb/tenants/t1/docs')
  mkdirSync(docs, { recursive: true })
  mkdirSync(join(dir, 'golden'), { recursive: true })
  mkdirSync(join(dir, 'peer'), { recursive: true })
  for (let j = 0; j < SCALE_DOCS; j++) {
    writeFileSync(
      join(docs, `doc-${j}.md`),
      `# Topic ${j}\n\nDocument ${j} describes setting s${j} of module m${j % 17}: it defaults to ${j * 3} and takes values up to ${j * 7}.\n`,
    )
  }
  writeFileSync(join(dir, 'adapter.ts'), SCALE_ADAPTER)
  // Its own package.json: without one, `vitest-rag` would resolve to the repository itself (a package may import
  // its own name), loading dist/ from outside node_modules, which Vitest transforms instead of importing.
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: 'bench-scale', private: true, type: 'module' }, null, 2)}\n`,
  )
  installPackedPackage(dir, repoRoot)
  const plugin = JSON.stringify('vitest-rag/plugin')
  writeFileSync(
    join(dir, 'vitest.config.ts'),
    `import { defineConfig } from 'vitest/config'\nimport { ragEval } from ${plugin}\n` +
      `export default defineConfig({ test: { projects: [{ plugins: [ragEval({ corpus: { kind: 'kb', root: 'kb' }, adapter: { kind: 'module', path: 'adapter.ts' }, baseline: 'none', concurrency: Number(process.env.BENCH_CONCURRENCY ?? 4), outDir: process.env.BENCH_OUT ?? '.vitest-rag' })], test: { name: 'evals' } }] } })\n`,
  )
  // With BENCH_LATENCY_MS the minimal runner calls the same slow system as ours (SCALE_ADAPTER, traced the same
  // way), its tests concurrent up to BENCH_CONCURRENCY: what plain Vitest reaches against that system.
  writeFileSync(
    join(dir, 'peer/vitest.config.ts'),
    `import { defineConfig } from 'vitest/config'\nexport default defineConfig({ test: { include: ['peer.test.ts'], maxConcurrency: Number(process.env.BENCH_CONCURRENCY ?? 5) } })\n`,
  )
  writeFileSync(
    join(dir, 'peer/peer.test.ts'),
    `import { readFileSync } from 'node:fs'\nimport { describe, expect, test } from 'vitest'\n` +
      `const slow = Number(process.env.BENCH_LATENCY_MS ?? 0) > 0\n` +
      `const system = slow ? (await import('../adapter.ts')).default : undefined\n` +
      `const answer = (_query: string) => ${JSON.stringify(CONSTANT_ANSWER)}\n` +
      `const cases = readFileSync(new URL('../golden/scale.golden.jsonl', import.meta.url), 'utf8').trim().split('\\n').map((l) => JSON.parse(l))\n` +
      `;(slow ? describe.concurrent : describe)('scale', () => {\n` +
      `  if (slow) for (const c of cases) test(c.case_id, async () => { const out = await system!({ query: c.query }); for (const literal of c.must_contain) expect(out.answer).toContain(literal) })\n` +
      `  else for (const c of cases) test(c.case_id, () => { for (const literal of c.must_contain) expect(answer(c.query)).toContain(literal) })\n})\n`,
  )
}

/**
 * Writes the golden file of `cases` cases; with `halfFailing`, every odd case asks for a literal the answer lacks.
 * With `files` > 1 the same cases go into that many golden files of consecutive cases (`scale-<i>.golden.jsonl`);
 * any other golden file in the folder is removed first.
 */
export function writeScaleGolden(dir: string, cases: number, halfFailing: boolean, files = 1): void {
  const lines: string[] = []
  for (let i = 0; i < cases; i++) {
    const j = i % SCALE_DOCS
    lines.push(
      JSON.stringify({
        case_id: `S-${String(i).padStart(5, '0')}`,
        case_type: 'normal',
        tenant_id: 't1',
        query: `What does setting s${j} of module m${j % 17} default to?`,
        expected_sources: [{ locator: { kind: 'doc', slug: `doc-${j}` } }],
        must_contain: [halfFailing && i % 2 === 1 ? 'forty-three' : 'forty-two'],
        answerable: true,
        question_type: 'simple',
        popularity: 'head',
        dynamism: 'static',
      }),
    )
  }
  rmSync(join(dir, 'golden'), { recursive: true, force: true })
  mkdirSync(join(dir, 'golden'), { recursive: true })
  if (files <= 1) {
    writeFileSync(join(dir, 'golden/scale.golden.jsonl'), `${lines.join('\n')}\n`)
    return
  }
  const per = Math.ceil(lines.length / files)
  for (let f = 0; f < files; f++)
    writeFileSync(join(dir, `golden/scale-${f}.golden.jsonl`), `${lines.slice(f * per, (f + 1) * per).join('\n')}\n`)
}

/**
 * Adds `count` one-paragraph documents under the knowledge base's `docs/extra/` (a team's large corpus beside the
 * 200 documents the cases name).
 */
export function addCorpusFiles(dir: string, count: number): void {
  const extra = join(dir, 'kb/tenants/t1/docs/extra')
  mkdirSync(extra, { recursive: true })
  for (let i = 0; i < count; i++)
    writeFileSync(join(extra, `x${i}.md`), `# Extra ${i}\n\nFiller document ${i} about topic ${i % 97}.\n`)
}
