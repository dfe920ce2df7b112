import { z } from 'zod';
/** How the cache is used. See the file comment. */
export declare const CacheModeSchema: z.ZodEnum<{
    record: "record";
    off: "off";
    "read-write": "read-write";
    replay: "replay";
}>;
/** See {@link CacheModeSchema}. */
export type CacheMode = z.infer<typeof CacheModeSchema>;
/** Default cache mode locally; CI should pass `replay`. */
export declare const defaultCacheMode: CacheMode;
/** Cache entry format version; an entry with another version is a miss (with a warning). */
export declare const cacheEntryVersion = 1;
/** What one entry file holds. `checksum` = sha256(canonicalJson(body)). */
export interface CacheEntry<T> {
    version: number;
    key: string;
    kind: 'chat' | 'embedding';
    checksum: string;
    createdAt: string;
    body: T;
}
/** Options for {@link ResponseCache}. */
export interface ResponseCacheOptions {
    dir: string;
    mode: CacheMode;
    /** Called with a one-line warning for a corrupt entry. Default: `process.emitWarning`. */
    warn?: (message: string) => void;
}
/** Content-addressed response cache (see the file comment). */
export declare class ResponseCache {
    readonly dir: string;
    readonly mode: CacheMode;
    private readonly warn;
    constructor(options: ResponseCacheOptions);
    /** True when lookups consult the disk (`read-write`, `replay`). */
    get readsEnabled(): boolean;
    /** True when answers are written (`read-write`, `record`). */
    get writesEnabled(): boolean;
    /** The file an entry with `key` lives in. */
    pathFor(key: string): string;
    /** The entry body for `key`, or `undefined` on a miss (including a corrupt entry, or reads disabled). */
    read<T>(key: string): Promise<T | undefined>;
    /** Writes an entry (no-op unless writes are enabled). */
    write<T>(key: string, kind: CacheEntry<T>['kind'], body: T): Promise<void>;
}
/** Parses and checks an entry's text; returns the entry or a description of what is wrong with it. */
export declare function validateEntryText(text: string, expectedKey: string): CacheEntry<unknown> | string;
