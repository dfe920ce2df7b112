/**
 * Loads a knowledge base from disk (the I/O side of `kb-records.ts`):
 * ```
 * <root>/tenants/<tenantId>/docs/**\/*.md     kind doc, key = slug (path under docs/ without .md, '/' separators)
 * <root>/tenants/<tenantId>/changelog.jsonl   one entry per line
 * <root>/tenants/<tenantId>/tickets.jsonl     one ticket per line
 * ```
 * Every problem in every file is collected, then thrown together as one {@link CorpusError}.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import type { Problem } from '../shared/problems/problems.ts'
import { walkFiles } from '../shared/util/walk.ts'
import { CorpusError } from './errors.ts'
import { fingerprintCorpus } from './fingerprint.ts'
import { buildMarkdownDocument, parseChangelogJsonl, parseTicketsJsonl } from './kb-records.ts'
import type { Corpus, SourceDocument } from './types.ts'

const toPosix = (path: string): string => (sep === '/' ? path : path.split(sep).join('/'))

function listMarkdown(dir: string): string[] {
  return walkFiles(dir).filter((path) => path.endsWith('.md'))
}

/**
 * Loads every tenant under `<root>/tenants/`, sorted by document id. Throws {@link CorpusError} listing every
 * problem (missing `tenants/` folder, malformed or duplicate changelog entries and tickets) when there are any.
 */
export async function loadKnowledgeBase(root: string): Promise<Corpus> {
  const tenantsDir = join(root, 'tenants')
  if (!existsSync(tenantsDir)) {
    throw new CorpusError(root, [
      {
        code: 'missing_folder',
        file: toPosix(tenantsDir),
        path: '',
        message: 'no tenants/ folder',
        fix: 'put each tenant under <root>/tenants/<tenantId>/ with docs/, changelog.jsonl and tickets.jsonl',
      },
    ])
  }
  const documents: SourceDocument[] = []
  const problems: Problem[] = []
  // Read synchronously: the files are small and many, and each awaited read cost a turn of the event loop (a
  // 200-document base took about 65 ms read one await at a time, 25-40 ms read in one go), on the path every run
  // waits for before its first case (the global setup's golden-set check).
  const tenants = readdirSync(tenantsDir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()
  for (const tenantId of tenants) {
    const tenantDir = join(tenantsDir, tenantId)
    const docsDir = join(tenantDir, 'docs')
    const docsOrigin = toPosix(relative(root, docsDir))
    for (const path of listMarkdown(docsDir)) {
      // walkFiles builds every path as docsDir + separator + the rest: slicing is `relative` without its two
      // normalisations per file (about 50 ms of a 20,000-file load, in the main process and in every worker).
      const underDocs = toPosix(path.slice(docsDir.length + 1))
      const slug = underDocs.replace(/\.md$/, '')
      documents.push(buildMarkdownDocument(tenantId, slug, readFileSync(path, 'utf8'), `${docsOrigin}/${underDocs}`))
    }
    for (const [name, parse] of [
      ['changelog.jsonl', parseChangelogJsonl],
      ['tickets.jsonl', parseTicketsJsonl],
    ] as const) {
      const path = join(tenantDir, name)
      if (!existsSync(path)) continue
      const result = parse(readFileSync(path, 'utf8'), tenantId, toPosix(relative(root, path)))
      documents.push(...result.documents)
      problems.push(...result.problems)
    }
  }
  if (problems.length > 0) throw new CorpusError(root, problems)
  documents.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  return { documents, fingerprint: fingerprintCorpus(documents), root }
}
