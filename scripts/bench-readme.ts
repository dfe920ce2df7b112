/**
 * `npm run bench:readme -- FILE`: regenerates the README's benchmark table from a report written by
 * `npm run bench -- --json FILE`, between the `bench-table` markers; the rest of the README is untouched.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { writeFileAtomicSync } from '../src/shared/util/atomic-write.ts'
import { renderBenchmarkTable, replaceGenerated } from './bench/readme-table.ts'
import { type BenchReport, benchReportVersion } from './bench/report.ts'

const file = process.argv[2]
if (!file) {
  console.error('vitest-rag bench:readme: give the report file (npm run bench:readme -- bench.json)')
  process.exit(2)
}
const report = JSON.parse(readFileSync(resolve(file), 'utf8')) as BenchReport
if (report.version !== benchReportVersion) {
  console.error(
    `vitest-rag bench:readme: ${file} has report version ${report.version}, this script renders ${benchReportVersion} (re-run npm run bench -- --json ${file})`,
  )
  process.exit(2)
}
const readme = resolve(fileURLToPath(import.meta.url), '../../README.md')
writeFileAtomicSync(readme, replaceGenerated(readFileSync(readme, 'utf8'), renderBenchmarkTable(report)))
console.log(`README.md benchmark table regenerated from ${file}`)
