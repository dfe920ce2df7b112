/**
 * Small inline SVG charts for the HTML scorecard: horizontal bars, diverging bars (changes against a
 * baseline) and a step line (the risk-coverage curve). Pure string building; every label is escaped, every
 * chart carries `data-chart` (its name) so a test can find it, and nothing refers to anything outside the page.
 */

/** Escapes text for HTML and SVG content and attribute values. */
export function escapeHtml(text: string): string {
  // One pass, and none for the common text with nothing to escape (a 20k-case report escapes ~10^6 strings).
  return HTML_SPECIAL.test(text) ? text.replace(HTML_SPECIALS, (ch) => HTML_ENTITY[ch]!) : text
}

const HTML_SPECIAL = /[&<>"']/
const HTML_SPECIALS = /[&<>"']/g
const HTML_ENTITY: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

const num = (x: number) => (Number.isFinite(x) ? Number(x.toFixed(2)) : 0)

/** One bar: a label, a value, and a colour (CSS colour). */
export interface Bar {
  label: string
  value: number
  color?: string
  /** Text shown at the bar's end (default: the value). */
  text?: string
}

/**
 * Horizontal bars scaled to the largest value (or `max`). Example: [{a, 2}, {b, 1}] -> a full-width bar and
 * a half-width one.
 */
export function barChart(
  name: string,
  bars: readonly Bar[],
  options: { width?: number; max?: number; title: string },
): string {
  const width = options.width ?? 560
  const labelWidth = 170
  const row = 24
  const height = Math.max(1, bars.length) * row + 8
  const max = options.max ?? Math.max(1e-12, ...bars.map((b) => b.value))
  const span = width - labelWidth - 100
  const rows = bars.map((b, i) => {
    const y = 4 + i * row
    const w = Math.max(b.value > 0 ? 2 : 0, (b.value / max) * span)
    return (
      `<text x="${labelWidth - 8}" y="${y + 16}" text-anchor="end" class="lbl">${escapeHtml(b.label)}</text>` +
      `<rect x="${labelWidth}" y="${y + 3}" width="${num(w)}" height="${row - 8}" rx="3" fill="${escapeHtml(b.color ?? '#4f7cac')}"><title>${escapeHtml(`${b.label}: ${b.text ?? String(b.value)}`)}</title></rect>` +
      `<text x="${num(labelWidth + w + 6)}" y="${y + 16}" class="val">${escapeHtml(b.text ?? String(b.value))}</text>`
    )
  })
  return svg(name, options.title, width, height, rows.join(''))
}

/** One change: a label, a signed value (e.g. a relative change) and whether it is good, bad or neutral. */
export interface Change {
  label: string
  value: number
  tone: 'good' | 'bad' | 'neutral'
  text?: string
}

const TONE = { good: '#2e8b57', bad: '#c0392b', neutral: '#8a94a6' } as const

/** Bars growing left (negative) or right (positive) from a centre line, scaled to the largest magnitude. */
export function divergingBarChart(
  name: string,
  changes: readonly Change[],
  options: { width?: number; title: string },
): string {
  const width = options.width ?? 560
  const labelWidth = 170
  const row = 24
  const height = Math.max(1, changes.length) * row + 8
  const half = (width - labelWidth - 20) / 2
  const centre = labelWidth + half
  const max = Math.max(1e-12, ...changes.map((c) => Math.abs(c.value)))
  const rows = changes.map((c, i) => {
    const y = 4 + i * row
    const w = Math.max(Math.abs(c.value) > 0 ? 2 : 0, (Math.abs(c.value) / max) * (half - 60))
    const x = c.value >= 0 ? centre : centre - w
    const textX = c.value >= 0 ? centre + w + 4 : centre - w - 4
    return (
      `<text x="${labelWidth - 8}" y="${y + 16}" text-anchor="end" class="lbl">${escapeHtml(c.label)}</text>` +
      `<rect x="${num(x)}" y="${y + 3}" width="${num(w)}" height="${row - 8}" rx="3" fill="${TONE[c.tone]}"><title>${escapeHtml(`${c.label}: ${c.text ?? String(c.value)}`)}</title></rect>` +
      `<text x="${num(textX)}" y="${y + 16}" text-anchor="${c.value >= 0 ? 'start' : 'end'}" class="val">${escapeHtml(c.text ?? String(c.value))}</text>`
    )
  })
  const axis = `<line x1="${num(centre)}" y1="0" x2="${num(centre)}" y2="${height}" class="axis"/>`
  return svg(name, options.title, width, height, axis + rows.join(''))
}

/** A point of a line chart, both coordinates in [0, 1]. */
export interface Point {
  x: number
  y: number
}

/**
 * A step line over the unit square with axes, ticks at 0, 0.25, ..., 1 and a dot per point: the
 * risk-coverage curve (x coverage, y risk). An optional `marker` point is circled (the current threshold).
 */
export function stepLineChart(
  name: string,
  points: readonly Point[],
  options: { xLabel: string; yLabel: string; title: string; width?: number; height?: number; marker?: Point },
): string {
  const width = options.width ?? 420
  const height = options.height ?? 280
  const pad = { left: 52, right: 16, top: 14, bottom: 42 }
  const w = width - pad.left - pad.right
  const h = height - pad.top - pad.bottom
  const X = (x: number) => num(pad.left + Math.min(1, Math.max(0, x)) * w)
  const Y = (y: number) => num(pad.top + (1 - Math.min(1, Math.max(0, y))) * h)
  const ticks = [0, 0.25, 0.5, 0.75, 1]
  const grid = ticks
    .map(
      (t) =>
        `<line x1="${X(0)}" y1="${Y(t)}" x2="${X(1)}" y2="${Y(t)}" class="grid"/><text x="${X(0) - 6}" y="${Y(t) + 4}" text-anchor="end" class="tick">${t}</text><text x="${X(t)}" y="${Y(0) + 16}" text-anchor="middle" class="tick">${t}</text>`,
    )
    .join('')
  const sorted = [...points].sort((a, b) => a.x - b.x)
  let d = ''
  sorted.forEach((p, i) => {
    d +=
      i === 0
        ? `M${X(0)},${Y(p.y)} L${X(p.x)},${Y(p.y)}`
        : ` L${X(p.x)},${Y(sorted[i - 1]?.y ?? p.y)} L${X(p.x)},${Y(p.y)}`
  })
  const line =
    sorted.length > 0
      ? `<path d="${d}" class="curve"/>`
      : `<text x="${X(0.5)}" y="${Y(0.5)}" text-anchor="middle" class="tick">no confidences recorded</text>`
  const dots = sorted.map((p) => `<circle cx="${X(p.x)}" cy="${Y(p.y)}" r="2.5" class="dot"/>`).join('')
  const marker = options.marker
    ? `<circle cx="${X(options.marker.x)}" cy="${Y(options.marker.y)}" r="6" class="marker"/>`
    : ''
  const labels =
    `<text x="${X(0.5)}" y="${height - 6}" text-anchor="middle" class="axis-label">${escapeHtml(options.xLabel)}</text>` +
    `<text x="14" y="${Y(0.5)}" text-anchor="middle" transform="rotate(-90 14 ${Y(0.5)})" class="axis-label">${escapeHtml(options.yLabel)}</text>`
  return svg(name, options.title, width, height, grid + line + dots + marker + labels)
}

function svg(name: string, title: string, width: number, height: number, body: string): string {
  return `<svg class="chart" data-chart="${escapeHtml(name)}" role="img" aria-label="${escapeHtml(title)}" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"><title>${escapeHtml(title)}</title>${body}</svg>`
}
