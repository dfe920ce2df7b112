/**
 * Citation markers in answer text: `[1]`, `[2, 3]`, `[1][4]`. Pure.
 */
/** Every marker number cited in `text`, in order of appearance, duplicates kept. `"a [1] b [2, 3]"` -> `[1, 2, 3]`. */
export declare function parseCitationMarkers(text: string): number[];
/** The distinct markers cited in `text`, ascending. */
export declare function citedMarkerSet(text: string): number[];
