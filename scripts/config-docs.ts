/**
 * docs/configuration.md, generated from the `ragEval` options schema: every option's path, type and default
 * come from the zod schema itself (`z.toJSONSchema`, input side), its description from the doc comment on
 * that schema field (read with the TypeScript compiler, following schema constants across files), so the
 * reference cannot drift from the code. `npm run docs:config` rewrites the file; test/package/config-docs.test.ts
 * fails when it is stale.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { z } from 'zod'
import { RagEvalOptionsSchema } from '../src/config/schema.ts'

const repoRoot = resolve(fileURLToPath(new URL('..', import.meta.url)))

/** Source files whose schema constants make up the options (the schema itself and the models config). */
const SCHEMA_FILES = [
  'src/config/schema.ts',
  'src/config/gate-options.ts',
  'src/config/pipeline-options.ts',
  'src/corpus/source.ts',
  'src/llm/config.ts',
  'src/llm/providers.ts',
  'src/llm/retry.ts',
  'src/llm/pricing.ts',
  'src/llm/cache.ts',
]

/** The generated file, relative to the repository root. */
export const CONFIG_DOCS_PATH = 'docs/configuration.md'

type Json = { [key: string]: unknown }

function jsDocText(node: ts.Node, source: ts.SourceFile): string | undefined {
  const ranges = ts.getLeadingCommentRanges(source.text, node.getFullStart()) ?? []
  const doc = ranges
    .map((r) => source.text.slice(r.pos, r.end))
    .filter((t) => t.startsWith('/**'))
    .at(-1)
  if (!doc) return undefined
  const text = doc
    .replace(/^\/\*\*|\*\/$/g, '')
    .split('\n')
    .map((l) => l.replace(/^\s*\*\s?/, '').trim())
    .join(' ')
    .replace(/\{@link ([^}]+)\}/g, '`$1`')
    .replace(/\s+/g, ' ')
    .trim()
  return text || undefined
}

/** `const Name = <initializer>` of every schema file, with the constant's own doc comment. */
function schemaConstants(): Map<string, { init: ts.Expression; source: ts.SourceFile; doc: string | undefined }> {
  const out = new Map<string, { init: ts.Expression; source: ts.SourceFile; doc: string | undefined }>()
  for (const file of SCHEMA_FILES) {
    const source = ts.createSourceFile(file, readFileSync(join(repoRoot, file), 'utf8'), ts.ScriptTarget.Latest, true)
    for (const statement of source.statements) {
      if (!ts.isVariableStatement(statement)) continue
      for (const decl of statement.declarationList.declarations) {
        if (ts.isIdentifier(decl.name) && decl.initializer)
          out.set(decl.name.text, { init: decl.initializer, source, doc: jsDocText(statement, source) })
      }
    }
  }
  return out
}

/** Descriptions by option path (`search.k`, `models.generator.chain[].model`), from the schema's doc comments. */
export function optionDescriptions(): Map<string, string> {
  const constants = schemaConstants()
  const docs = new Map<string, string>()
  const visiting = new Set<string>()
  const walk = (expr: ts.Expression, path: string, source: ts.SourceFile): void => {
    if (ts.isIdentifier(expr)) {
      const constant = constants.get(expr.text)
      if (!constant || visiting.has(expr.text)) return
      if (path && constant.doc && !docs.has(path)) docs.set(path, constant.doc)
      visiting.add(expr.text)
      walk(constant.init, path, constant.source)
      visiting.delete(expr.text)
      return
    }
    if (ts.isObjectLiteralExpression(expr)) {
      for (const prop of expr.properties) {
        if (!ts.isPropertyAssignment(prop) || !(ts.isIdentifier(prop.name) || ts.isStringLiteral(prop.name))) continue
        const child = path ? `${path}.${prop.name.text}` : prop.name.text
        const doc = jsDocText(prop, source)
        if (doc) docs.set(child, doc)
        walk(prop.initializer, child, source)
      }
      return
    }
    if (ts.isArrayLiteralExpression(expr)) {
      for (const element of expr.elements) walk(element, path, source)
      return
    }
    if (ts.isCallExpression(expr)) {
      const callee = expr.expression
      const method = ts.isPropertyAccessExpression(callee) ? callee.name.text : ''
      // z.array(X) and X.array(): the element's options sit under `path[]`; z.record(K, V): under `path.*`.
      const suffix = method === 'array' ? '[]' : method === 'record' ? '.*' : ''
      for (const arg of method === 'record' ? expr.arguments.slice(1) : expr.arguments)
        walk(arg, `${path}${suffix}`, source)
      if (ts.isPropertyAccessExpression(callee)) walk(callee.expression, path, source)
    }
  }
  walk(ts.factory.createIdentifier('RagEvalOptionsSchema'), '', ts.createSourceFile('x.ts', '', ts.ScriptTarget.Latest))
  return docs
}

function typeOf(schema: Json): string {
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v).replace(/"/g, "'")).join(' \\| ')
  if ('const' in schema) return JSON.stringify(schema.const).replace(/"/g, "'")
  const union = (schema.anyOf ?? schema.oneOf) as Json[] | undefined
  if (union) return [...new Set(union.map(typeOf))].join(' \\| ')
  if (schema.type === 'array') return `${typeOf((schema.items as Json | undefined) ?? {})}[]`
  if (schema.type === 'object') return schema.properties ? 'object' : 'record'
  if (schema.type === 'integer') return 'integer'
  if (typeof schema.type === 'string') return schema.type
  return 'JSON value'
}

function bounds(schema: Json): string {
  const parts: string[] = []
  // Integers carry JavaScript's safe-integer range as bounds: not worth a reader's attention.
  const shown = (n: unknown): n is number => typeof n === 'number' && Math.abs(n) < Number.MAX_SAFE_INTEGER
  if (shown(schema.minimum)) parts.push(`>= ${schema.minimum}`)
  if (shown(schema.exclusiveMinimum)) parts.push(`> ${schema.exclusiveMinimum}`)
  if (shown(schema.maximum)) parts.push(`<= ${schema.maximum}`)
  if (schema.format === 'uri') parts.push('URL')
  return parts.length > 0 ? ` (${parts.join(', ')})` : ''
}

interface Row {
  path: string
  type: string
  default: string
  description: string
}

/** One row per option, depth first, in schema order. */
function rows(schema: Json, path: string, docs: Map<string, string>, out: Row[], required: boolean): void {
  if (path) {
    const def = 'default' in schema ? `\`${JSON.stringify(schema.default)}\`` : required ? 'required' : ''
    const type = `${typeOf(schema)}${bounds(schema)}`
    const earlier = out.find((r) => r.path === path)
    // The same field in several variants of a union (`kind` of each corpus or adapter): one row, types joined.
    if (earlier) earlier.type = [...new Set([...earlier.type.split(' \\| '), ...type.split(' \\| ')])].join(' \\| ')
    else out.push({ path, type, default: def, description: docs.get(path) ?? '' })
  }
  const variants = ((schema.anyOf ?? schema.oneOf) as Json[] | undefined) ?? [schema]
  for (const variant of variants) {
    const props = variant.properties as Record<string, Json> | undefined
    const req = new Set((variant.required as string[] | undefined) ?? [])
    for (const [key, child] of Object.entries(props ?? {}))
      rows(child, path ? `${path}.${key}` : key, docs, out, req.has(key))
    if (variant.type === 'array' && variant.items) rows(variant.items as Json, `${path}[]`, docs, out, true)
    if (variant.type === 'object' && variant.additionalProperties && typeof variant.additionalProperties === 'object') {
      rows(variant.additionalProperties as Json, `${path}.*`, docs, out, true)
    }
  }
  // An array's or record's element row repeats the container's: keep only elements with their own fields.
  const last = out.at(-1)
  if (
    last &&
    /(\[\]|\.\*)$/.test(last.path) &&
    last.type !== 'object' &&
    out.some((r) => r.path === last.path.replace(/(\[\]|\.\*)$/, ''))
  )
    out.pop()
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\\\\\|/g, '\\|')
}

/** The whole of docs/configuration.md. */
export function renderConfigDocs(): string {
  const schema = z.toJSONSchema(RagEvalOptionsSchema, { io: 'input', unrepresentable: 'any' }) as Json
  const docs = optionDescriptions()
  const out: Row[] = []
  rows(schema, '', docs, out, false)
  const table = [
    '| Option | Type | Default | Description |',
    '| --- | --- | --- | --- |',
    ...out.map((r) => `| \`${r.path}\` | ${cell(r.type)} | ${r.default} | ${cell(r.description)} |`),
  ]
  return [
    '# Configuration reference',
    '',
    '<!-- Generated from src/config/schema.ts by `npm run docs:config`; do not edit by hand (a test fails when it is stale). -->',
    '',
    "Every option of `ragEval(options)` (`import { ragEval } from 'vitest-rag/plugin'`), typed in your editor as",
    '`RagEvalOptions`. Paths use `.` for nested options, `[]` for list entries and `*` for any key. Options are',
    'validated once when Vitest loads the config, every problem listed before any case runs. A project with a bad',
    'value does not run, but the other projects of the run (the unit tests, say) still do, and the run then exits 1',
    'and says which project did not run; when it is the only project selected (`vitest --project evals`), the run',
    'stops at startup.',
    '',
    'Environment variables override a few options without editing the config: `VITEST_RAG_MODE`, `VITEST_RAG_SAMPLE`,',
    '`VITEST_RAG_RESUME`, `VITEST_RAG_DRY_RUN`, `VITEST_RAG_JUDGE`, `VITEST_RAG_BASELINE`, `VITEST_RAG_OUT_DIR`.',
    '',
    ...table,
    '',
  ].join('\n')
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  writeFileSync(join(repoRoot, CONFIG_DOCS_PATH), renderConfigDocs())
  console.log(`wrote ${CONFIG_DOCS_PATH}`)
}
