/**
 * Plain-text tables for the experiment commands: the first column left-aligned, the others right-aligned,
 * two spaces apart, no trailing spaces. Pure.
 */

/** A printed table: a header row and body rows of already formatted cells. */
export interface TextTable {
  header: string[]
  rows: string[][]
}

/**
 * Renders `table` as lines joined by `\n`, ending with `\n`.
 * Example: header [arm, mrr], rows [[bm25, 0.9]] -> "arm   mrr\nbm25  0.9\n".
 */
export function formatTextTable(table: TextTable): string {
  const all = [table.header, ...table.rows]
  const widths = table.header.map((_, i) => Math.max(...all.map((r) => (r[i] ?? '').length)))
  const line = (r: string[]) =>
    r
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd()
  return `${all.map(line).join('\n')}\n`
}

/** A value with 3 decimals, `-` when absent, `n/a` when not applicable (`null`: an empty denominator). */
export function fixed3(value: number | null | undefined): string {
  if (value === null) return 'n/a'
  return value === undefined || Number.isNaN(value) ? '-' : value.toFixed(3)
}

/** A signed difference with 3 decimals (`+0.012`, `-0.004`). */
export function signed3(value: number): string {
  return `${value >= 0 ? '+' : ''}${value.toFixed(3)}`
}

/** A p-value: 4 decimals, or `<0.0001`. */
export function formatP(p: number): string {
  return p < 0.0001 ? '<0.0001' : p.toFixed(4)
}
