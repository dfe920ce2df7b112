/** Hex sha256 of a string (UTF-8) or bytes. */
export declare function sha256(data: string | Uint8Array): string;
/** JSON with object keys sorted at every depth; `undefined` members are dropped as JSON.stringify does. */
export declare function canonicalJson(value: unknown): string;
/** Hex sha256 of {@link canonicalJson}(value). */
export declare function hashJson(value: unknown): string;
