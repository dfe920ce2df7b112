/**
 * The synthetic project `npm run bench:scale` runs: a one-tenant knowledge base of 200 documents, one golden
 * file of N cases over it, a constant-answer system under test, and beside it a minimal Vitest eval runner
 * over the same golden file (read with readFileSync, one `test` per case, `expect(answer).toContain(...)`), the
 * shape of the peers' runners. Cases pass when the constant answer holds their `must_contain` literal; in the
 * half-failing variant every second case asks for a literal the answer lacks.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
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
  writeFileSync(
    join(dir, 'adapter.ts'),
    `export default () => ({ retrieved: [], answer: ${JSON.stringify(CONSTANT_ANSWER)}, sources: [] })\n`,
  )
  // Its own package.json: without one, `vitest-rag` would resolve to the repository itself (a package may import
  // its own name), loading dist/ from outside node_modules, which Vitest transforms instead of importing.
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: 'bench-scale', private: true, type: 'module' }, null, 2)}\n`,
  )
  installBuiltPackage(dir, repoRoot)
  const plugin = JSON.stringify('vitest-rag/plugin')
  writeFileSync(
    join(dir, 'vitest.config.ts'),
    `import { defineConfig } from 'vitest/config'\nimport { ragEval } from ${plugin}\n` +
      `export default defineConfig({ test: { projects: [{ plugins: [ragEval({ corpus: { kind: 'kb', root: 'kb' }, adapter: { kind: 'module', path: 'adapter.ts' }, baseline: 'none', outDir: process.env.BENCH_OUT ?? '.vitest-rag' })], test: { name: 'evals' } }] } })\n`,
  )
  writeFileSync(
    join(dir, 'peer/vitest.config.ts'),
    `import { defineConfig } from 'vitest/config'\nexport default defineConfig({ test: { include: ['peer.test.ts'] } })\n`,
  )
  writeFileSync(
    join(dir, 'peer/peer.test.ts'),
    `import { readFileSync } from 'node:fs'\nimport { describe, expect, test } from 'vitest'\n` +
      `const answer = (_query: string) => ${JSON.stringify(CONSTANT_ANSWER)}\n` +
      `const cases = readFileSync(new URL('../golden/scale.golden.jsonl', import.meta.url), 'utf8').trim().split('\\n').map((l) => JSON.parse(l))\n` +
      `describe('scale', () => {\n  for (const c of cases) test(c.case_id, () => { for (const literal of c.must_contain) expect(answer(c.query)).toContain(literal) })\n})\n`,
  )
}

/** Writes the golden file of `cases` cases; with `halfFailing`, every odd case asks for a literal the answer lacks. */
export function writeScaleGolden(dir: string, cases: number, halfFailing: boolean): void {
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
  writeFileSync(join(dir, 'golden/scale.golden.jsonl'), `${lines.join('\n')}\n`)
}
