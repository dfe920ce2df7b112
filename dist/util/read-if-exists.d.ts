/** The UTF-8 text of `path`, or `undefined` when it does not exist. */
export declare function readTextIfExists(path: string): Promise<string | undefined>;
