/**
 * Loads a knowledge base from disk (the I/O side of `kb-records.ts`):
 * ```
 * <root>/tenants/<tenantId>/docs/**\/*.md     kind doc, key = slug (path under docs/ without .md, '/' separators)
 * <root>/tenants/<tenantId>/changelog.jsonl   one entry per line
 * <root>/tenants/<tenantId>/tickets.jsonl     one ticket per line
 * ```
 * Every problem in every file is collected, then thrown together as one {@link CorpusError}.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { CorpusError } from "./errors.js";
import { fingerprintCorpus } from "./fingerprint.js";
import { buildMarkdownDocument, parseChangelogJsonl, parseTicketsJsonl } from "./kb-records.js";
const toPosix = (path) => path.split(sep).join('/');
async function listMarkdown(dir) {
    if (!existsSync(dir))
        return [];
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries
        .filter((e) => e.isFile() && e.name.endsWith('.md'))
        .map((e) => join(e.parentPath, e.name))
        .sort();
}
/**
 * Loads every tenant under `<root>/tenants/`, sorted by document id. Throws {@link CorpusError} listing every
 * problem (missing `tenants/` folder, malformed or duplicate changelog entries and tickets) when there are any.
 */
export async function loadKnowledgeBase(root) {
    const tenantsDir = join(root, 'tenants');
    if (!existsSync(tenantsDir)) {
        throw new CorpusError(root, [
            {
                code: 'missing_folder',
                file: toPosix(tenantsDir),
                path: '',
                message: 'no tenants/ folder',
                fix: 'put each tenant under <root>/tenants/<tenantId>/ with docs/, changelog.jsonl and tickets.jsonl',
            },
        ]);
    }
    const documents = [];
    const problems = [];
    const tenants = (await readdir(tenantsDir, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name).sort();
    for (const tenantId of tenants) {
        const tenantDir = join(tenantsDir, tenantId);
        const docsDir = join(tenantDir, 'docs');
        for (const path of await listMarkdown(docsDir)) {
            const slug = toPosix(relative(docsDir, path)).replace(/\.md$/, '');
            documents.push(buildMarkdownDocument(tenantId, slug, await readFile(path, 'utf8'), toPosix(relative(root, path))));
        }
        for (const [name, parse] of [
            ['changelog.jsonl', parseChangelogJsonl],
            ['tickets.jsonl', parseTicketsJsonl],
        ]) {
            const path = join(tenantDir, name);
            if (!existsSync(path))
                continue;
            const result = parse(await readFile(path, 'utf8'), tenantId, toPosix(relative(root, path)));
            documents.push(...result.documents);
            problems.push(...result.problems);
        }
    }
    if (problems.length > 0)
        throw new CorpusError(root, problems);
    documents.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return { documents, fingerprint: fingerprintCorpus(documents), root };
}
//# sourceMappingURL=load-kb.js.map