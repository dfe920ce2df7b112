/**
 * Reads every `VITEST_RAG_*` string literal and every error class of `src/` with the TypeScript parser (no
 * program, no type checking), so test/shared/util/error-codes.test.ts can hold the registry (src/shared/util/error-codes.ts)
 * against the code. A literal is attributed to a class where the syntax says which: `new X('CODE', ...)` is X's,
 * `super('CODE', ...)` is the enclosing class's; `process.emitWarning(..., { code: 'CODE' })` is a warning; any
 * other literal (a code union, a comparison, a table of codes) only counts as a use.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import ts from 'typescript'

const CODE = /^VITEST_RAG_[A-Z0-9_]+$/

/** One `VITEST_RAG_*` string literal in src/. */
export interface CodeUse {
  code: string
  /** `src/llm/errors.ts:32`. */
  at: string
  /** The class it is thrown with, `'warning'` for `process.emitWarning`, or undefined when the syntax does not say. */
  thrownBy: string | undefined
}

/** One class declaration in src/ and the class it extends. */
export interface ClassDecl {
  name: string
  base: string | undefined
  at: string
}

function listTs(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return listTs(path)
    return entry.name.endsWith('.ts') ? [path] : []
  })
}

function enclosingClass(node: ts.Node): string | undefined {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if ((ts.isClassDeclaration(at) || ts.isClassExpression(at)) && at.name) return at.name.text
  }
  return undefined
}

function attribute(literal: ts.StringLiteralLike): string | undefined {
  const parent = literal.parent
  if ((ts.isNewExpression(parent) || ts.isCallExpression(parent)) && parent.arguments?.[0] === literal) {
    if (ts.isNewExpression(parent)) return ts.isIdentifier(parent.expression) ? parent.expression.text : undefined
    if (parent.expression.kind === ts.SyntaxKind.SuperKeyword) return enclosingClass(parent)
  }
  if (ts.isPropertyAssignment(parent) && parent.initializer === literal && parent.name.getText() === 'code') {
    const call = parent.parent.parent
    if (ts.isCallExpression(call) && call.expression.getText().endsWith('emitWarning')) return 'warning'
  }
  return undefined
}

/** Every `VITEST_RAG_*` literal and every class of the `.ts` files under `srcDir`, except the files in `skip`. */
export function scanErrorCodes(
  repoRoot: string,
  skip: readonly string[] = [],
): { uses: CodeUse[]; classes: ClassDecl[] } {
  const uses: CodeUse[] = []
  const classes: ClassDecl[] = []
  for (const path of listTs(join(repoRoot, 'src'))) {
    const file = relative(repoRoot, path).split(sep).join('/')
    if (skip.includes(file)) continue
    const source = ts.createSourceFile(file, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true)
    const where = (node: ts.Node): string => `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`
    const visit = (node: ts.Node): void => {
      if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && CODE.test(node.text)) {
        uses.push({ code: node.text, at: where(node), thrownBy: attribute(node) })
      }
      if (ts.isClassDeclaration(node) && node.name) {
        const extendsClause = node.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)
        const base = extendsClause?.types[0]?.expression
        classes.push({
          name: node.name.text,
          base: base && ts.isIdentifier(base) ? base.text : undefined,
          at: where(node),
        })
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return { uses, classes }
}

/** The classes that extend `root` directly or through another class of the list (the root itself excluded). */
export function subclassesOf(classes: readonly ClassDecl[], root: string): ClassDecl[] {
  const names = new Set([root])
  let grew = true
  while (grew) {
    grew = false
    for (const c of classes) {
      if (c.base !== undefined && names.has(c.base) && !names.has(c.name)) {
        names.add(c.name)
        grew = true
      }
    }
  }
  return classes.filter((c) => c.name !== root && names.has(c.name))
}
