/**
 * The harness's own package.json, read once: its version is recorded in every scorecard and printed by
 * `vitest-rag --version`. The file sits two folders up from this module both in src/ and in dist/.
 */
import { readFileSync } from 'node:fs'

/** The fields of vitest-rag's package.json that the harness reads. */
export interface PackageInfo {
  name: string
  version: string
}

/** vitest-rag's name and version. */
export const PACKAGE_INFO: PackageInfo = JSON.parse(
  readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
) as PackageInfo
