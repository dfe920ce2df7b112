/**
 * Citation markers in answer text: `[1]`, `[2, 3]`, `[1][4]`. Pure.
 */

const MARKER_GROUP = /\[(\s*\d+(?:\s*,\s*\d+)*\s*)\]/g

/** Every marker number cited in `text`, in order of appearance, duplicates kept. `"a [1] b [2, 3]"` -> `[1, 2, 3]`. */
export function parseCitationMarkers(text: string): number[] {
  const markers: number[] = []
  for (const match of text.matchAll(MARKER_GROUP)) {
    for (const part of (match[1] ?? '').split(',')) markers.push(Number(part.trim()))
  }
  return markers
}

/** The distinct markers cited in `text`, ascending. */
export function citedMarkerSet(text: string): number[] {
  return [...new Set(parseCitationMarkers(text))].sort((a, b) => a - b)
}
