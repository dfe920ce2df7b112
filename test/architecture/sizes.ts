/**
 * Sizes of the sources in `src/`: every file over a line limit and every function (declaration, method,
 * arrow, accessor, constructor) over one. A function counts from its first line to its last, blank lines and
 * comments inside included, nested functions inside it too (as ESLint's `max-lines-per-function` counts).
 */
import ts from 'typescript'

/** One source that is too long: `src/x.ts` (a file) or `src/x.ts:12 name` (a function), and its lines. */
export interface Oversize {
  where: string
  lines: number
}

/** Lines of a text, a final newline not counting as a line of its own. */
export function lineCount(text: string): number {
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0)
}

function functionName(node: ts.Node, source: ts.SourceFile): string {
  const own = (node as { name?: ts.Node }).name
  if (own !== undefined) return own.getText(source)
  if (ts.isConstructorDeclaration(node)) return 'constructor'
  const parent = node.parent
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
    return parent.name.getText(source)
  return '(anonymous)'
}

/** The functions of `text` (file `file`) longer than `maxLines`, in source order. */
export function longFunctions(file: string, text: string, maxLines: number): Oversize[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const found: Oversize[] = []
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && (node as { body?: ts.Node }).body !== undefined) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line
      if (last - first + 1 > maxLines)
        found.push({ where: `${file}:${first + 1} ${functionName(node, source)}`, lines: last - first + 1 })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}
