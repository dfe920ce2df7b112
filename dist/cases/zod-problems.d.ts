/**
 * Turns zod issues into {@link Problem}s a user can act on: the field path, the bad value quoted, and a fix
 * (the allowed values of an enum, what to add for a missing field, the closest known field for an unknown key).
 */
import { z } from 'zod';
import { type Problem } from './problems.js';
/** Reads the value at `path` inside `root`, or `undefined` when the path does not exist. */
export declare function valueAt(root: unknown, path: ReadonlyArray<PropertyKey>): unknown;
/**
 * The zod schema that validates the value at `path` (walking objects, arrays, optionals, defaults and
 * discriminated unions, choosing the union member by the raw value's discriminator), or `undefined`.
 */
export declare function schemaAt(schema: z.ZodType, path: ReadonlyArray<PropertyKey>, root: unknown): z.ZodType | undefined;
/**
 * Converts the issues of one failed parse of `input` against `schema` into problems located at
 * `file`:`line`. Every issue becomes one problem (an unknown-keys issue becomes one per key).
 */
export declare function problemsFromZod(issues: ReadonlyArray<z.core.$ZodIssue>, input: unknown, schema: z.ZodType, file: string, line?: number): Problem[];
