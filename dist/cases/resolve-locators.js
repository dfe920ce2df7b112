import { closestMatch } from "./closest.js";
import { UnresolvedLocatorsError } from "./errors.js";
export { UnresolvedLocatorsError };
function push(map, key, value) {
    const list = map.get(key);
    if (list)
        list.push(value);
    else
        map.set(key, [value]);
}
function indexCorpus(documents, chunks) {
    const index = { byKey: new Map(), byId: new Map(), keysOf: new Map(), tenantsOfKey: new Map(), chunksOf: new Map() };
    for (const doc of documents) {
        index.byKey.set(`${doc.tenantId}\u0000${doc.kind}\u0000${doc.key}`, doc);
        index.byId.set(doc.id, doc);
        push(index.keysOf, `${doc.tenantId}\u0000${doc.kind}`, doc.key);
        push(index.tenantsOfKey, `${doc.kind}\u0000${doc.key}`, doc.tenantId);
    }
    for (const chunk of chunks)
        push(index.chunksOf, chunk.docId, chunk);
    return index;
}
const normalizeHeading = (s) => s.trim().replace(/\s+/g, ' ').toLowerCase();
/** Sections whose heading path ends with `heading` (one heading text, or a ` > ` path), case-insensitively. */
export function findSections(sections, heading) {
    // Split on ` > ` with spaces, so a heading text holding an arrow such as `A -> B` stays whole.
    const wanted = heading.split(/\s+>\s+/).map(normalizeHeading);
    return sections.filter((s) => {
        if (s.path.length < wanted.length)
            return false;
        const tail = s.path.slice(s.path.length - wanted.length).map(normalizeHeading);
        return tail.every((part, i) => part === wanted[i]);
    });
}
const KIND_NOUN = { doc: 'doc', changelog: 'changelog entry', ticket: 'ticket', document: 'document' };
function unknownKey(index, tenant, kind, key, code) {
    const elsewhere = (index.tenantsOfKey.get(`${kind}\u0000${key}`) ?? []).filter((t) => t !== tenant);
    const near = closestMatch(key, index.keysOf.get(`${tenant}\u0000${kind}`) ?? []);
    let fix;
    if (elsewhere.length > 0)
        fix = `it exists in tenant ${elsewhere.map((t) => `"${t}"`).join(', ')}; set "tenant" on the expected source if that is meant`;
    else if (near !== undefined)
        fix = `did you mean "${near}"?`;
    return { ok: false, code, message: `no ${KIND_NOUN[kind]} "${key}" in tenant "${tenant}"`, ...(fix ? { fix } : {}) };
}
function locate(locator, tenant, index) {
    const find = (kind, key) => index.byKey.get(`${tenant}\u0000${kind}\u0000${key}`);
    switch (locator.kind) {
        case 'doc': {
            const doc = find('doc', locator.slug);
            if (!doc)
                return unknownKey(index, tenant, 'doc', locator.slug, 'unknown_slug');
            if (locator.heading === undefined)
                return { ok: true, doc, start: 0, end: doc.text.length };
            const sections = doc.sections ?? [];
            const matches = findSections(sections, locator.heading);
            const [only] = matches;
            if (matches.length === 1 && only)
                return { ok: true, doc, start: only.start, end: only.end };
            if (matches.length > 1) {
                const paths = matches.map((s) => `"${s.path.join(' > ')}"`);
                return {
                    ok: false,
                    code: 'ambiguous_heading',
                    message: `heading "${locator.heading}" matches ${matches.length} sections of doc "${locator.slug}": ${paths.join(', ')}`,
                    fix: `write more of the heading path, e.g. ${paths[0]}`,
                };
            }
            const candidates = [...new Set(sections.flatMap((s) => [s.path.at(-1) ?? '', s.path.join(' > ')]))];
            const near = closestMatch(locator.heading, candidates);
            return {
                ok: false,
                code: 'unknown_heading',
                message: `doc "${locator.slug}" has no heading "${locator.heading}"`,
                fix: near !== undefined ? `did you mean "${near}"?` : `headings: ${sections.map((s) => `"${s.path.at(-1) ?? ''}"`).join(', ') || 'none'}`,
            };
        }
        case 'changelog': {
            const doc = find('changelog', locator.entry);
            return doc ? { ok: true, doc, start: 0, end: doc.text.length } : unknownKey(index, tenant, 'changelog', locator.entry, 'unknown_entry');
        }
        case 'ticket': {
            const doc = find('ticket', locator.ticket);
            return doc ? { ok: true, doc, start: 0, end: doc.text.length } : unknownKey(index, tenant, 'ticket', locator.ticket, 'unknown_ticket');
        }
        case 'document': {
            // A bare key finds a generic document (BEIR `_id`); a full `<tenant>/<kind>/<key>` id finds any document.
            const byId = index.byId.get(locator.id);
            const doc = find('document', locator.id) ?? (byId?.tenantId === tenant ? byId : undefined);
            if (!doc)
                return unknownKey(index, tenant, 'document', locator.id, 'unknown_document');
            if (!locator.span)
                return { ok: true, doc, start: 0, end: doc.text.length };
            const [start, end] = locator.span;
            if (end > doc.text.length) {
                return {
                    ok: false,
                    code: 'span_out_of_range',
                    message: `span [${start}, ${end}) runs past the end of document "${locator.id}" (${doc.text.length} characters)`,
                    fix: `keep end <= ${doc.text.length}`,
                };
            }
            return { ok: true, doc, start, end };
        }
    }
}
/** Whether a chunk shares at least one non-whitespace character with `[start, end)` of its document. */
function overlaps(chunk, start, end) {
    const from = Math.max(start, chunk.start);
    const to = Math.min(end, chunk.end);
    return to > from && chunk.text.slice(from - chunk.start, to - chunk.start).trim() !== '';
}
/**
 * Resolves every expected source of every case against the corpus and its chunks. A locator is looked up in
 * its source's `tenant`, else the case's tenant. It maps to the chunks of that document sharing a
 * non-whitespace character with the located text (whole doc, heading section with its subsections, entry,
 * ticket, document or span). A chunk hit by several locators keeps its highest grade. Cases that expect
 * nothing get an empty list. `files` (case id -> file and line) only locates problems in messages.
 */
export function resolveLocators(cases, documents, chunks, files) {
    const index = indexCorpus(documents, chunks);
    const expected = new Map();
    const spans = new Map();
    const problems = [];
    for (const c of cases) {
        const origin = files?.get(c.case_id);
        const hits = new Map();
        const caseSpans = [];
        c.expected_sources.forEach((source, i) => {
            const tenant = source.tenant ?? c.tenant_id;
            const located = locate(source.locator, tenant, index);
            const where = { file: origin?.file ?? `case ${c.case_id}`, ...(origin ? { line: origin.line } : {}), path: `expected_sources[${i}].locator`, value: source.locator };
            if (!located.ok) {
                problems.push({ ...where, code: located.code, message: `case "${c.case_id}": ${located.message}`, ...(located.fix ? { fix: located.fix } : {}) });
                return;
            }
            caseSpans.push({ docId: located.doc.id, start: located.start, end: located.end, grade: source.grade });
            const hit = (index.chunksOf.get(located.doc.id) ?? []).filter((ch) => overlaps(ch, located.start, located.end));
            if (hit.length === 0) {
                problems.push({
                    ...where,
                    code: 'no_chunks',
                    message: `case "${c.case_id}": "${located.doc.id}" [${located.start}, ${located.end}) is in the corpus but no chunk covers it`,
                    fix: 'chunk every loaded document before resolving, or check the span is not only whitespace',
                });
                return;
            }
            for (const ch of hit) {
                const previous = hits.get(ch.id);
                if (!previous || source.grade > previous.grade)
                    hits.set(ch.id, { chunkId: ch.id, grade: source.grade, locator: source.locator });
            }
        });
        expected.set(c.case_id, [...hits.values()]);
        spans.set(c.case_id, caseSpans);
    }
    return { expected, spans, problems };
}
/** Throws {@link UnresolvedLocatorsError} listing every problem of `resolution`, when there is any. */
export function assertLocatorsResolved(resolution) {
    if (resolution.problems.length > 0)
        throw new UnresolvedLocatorsError(resolution.problems);
}
//# sourceMappingURL=resolve-locators.js.map