/** The regular expression a glob pattern stands for, matched against posix paths relative to the root. */
export declare function globToRegExp(pattern: string): RegExp;
/** Absolute paths of the files under `root` matching `pattern`, sorted; `node_modules` and dot folders skipped. */
export declare function globFiles(root: string, pattern: string): string[];
