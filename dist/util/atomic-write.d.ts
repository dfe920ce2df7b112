/** Writes `data` to a temp file beside `path`, then renames it over `path` (atomic on POSIX). */
export declare function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void>;
/** Synchronous {@link writeFileAtomic}, for reporters and exit paths that cannot await. */
export declare function writeFileAtomicSync(path: string, data: string | Uint8Array): void;
