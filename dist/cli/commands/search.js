/**
 * `vitest-rag search --beir DIR --arm bm25 --k 100 --trec out.run [--tag name]`: runs every query of a BEIR
 * dataset through one search arm and writes a TREC run file (`qid Q0 docid rank score tag`), one line per
 * document. With a chunker, a document's score is its best chunk's.
 */
import { resolve } from 'node:path';
import { parseChunkerSpec, chunkDocuments } from "../../corpus/chunk.js";
import { loadBeir } from "../../corpus/load-beir.js";
import { formatTrecRun } from "../../metrics/trec.js";
import { SearchPool } from "../../pool/search-pool.js";
import { defaultAnalyzerOptions, plainAnalyzerOptions } from "../../search/analyzer.js";
import { buildSearchIndex } from "../../search/index.js";
import { searchArms } from "../../search/types.js";
import { writeFileAtomic } from "../../util/atomic-write.js";
import { CliUsageError } from "../command.js";
import { parseCliArgs, stringFlag } from "../args.js";
const usage = `Usage: vitest-rag search --beir DIR --trec OUT [--arm bm25] [--k 100] [--tag NAME]
                         [--analyzer default|plain] [--chunker none|fixed:800/100|structural] [--threads N]

Builds the search index over a BEIR dataset (corpus.jsonl, queries.jsonl), runs every query and writes a
TREC run file "qid Q0 docid rank score tag" (docid = the corpus _id), k documents per query.
  --beir DIR       the dataset folder
  --trec OUT       run file to write
  --arm ARM        ${searchArms.join(' | ')} (default bm25; vector and hybrid use the offline hash embedder)
  --k N            documents per query (default 100)
  --tag NAME       run name in the last column (default vitest-rag-<arm>)
  --analyzer A     default (identifiers, stop words, S stemmer) or plain ([a-z0-9]+ style runs only)
  --chunker SPEC   none (default: one chunk per document) or a chunker spec; a document scores its best chunk
  --threads N      answer queries in a worker pool of N threads (default 0: in this thread)

Exit code: 0 after writing, 1 when the dataset cannot be loaded, 2 on a usage error.`;
function positiveInt(name, value, min) {
    const n = Number(value);
    if (value === undefined || !Number.isInteger(n) || n < min)
        throw new CliUsageError(`${name} needs a whole number >= ${min}, got ${JSON.stringify(value)}`);
    return n;
}
function parseArgs(argv) {
    const { values } = parseCliArgs(argv, {
        beir: { type: 'string' },
        trec: { type: 'string' },
        tag: { type: 'string' },
        chunker: { type: 'string' },
        k: { type: 'string' },
        threads: { type: 'string' },
        arm: { type: 'string' },
        analyzer: { type: 'string' },
    });
    const beir = stringFlag(values, 'beir');
    const trec = stringFlag(values, 'trec');
    if (!beir)
        throw new CliUsageError('--beir DIR is required');
    if (!trec)
        throw new CliUsageError('--trec OUT is required');
    const arm = stringFlag(values, 'arm') ?? 'bm25';
    if (!searchArms.includes(arm))
        throw new CliUsageError(`unknown arm ${JSON.stringify(arm)} (expected one of ${searchArms.join(', ')})`);
    const analyzer = stringFlag(values, 'analyzer') ?? 'default';
    if (analyzer !== 'default' && analyzer !== 'plain')
        throw new CliUsageError(`unknown analyzer ${JSON.stringify(analyzer)} (expected default or plain)`);
    const k = stringFlag(values, 'k');
    const threads = stringFlag(values, 'threads');
    return {
        beir,
        trec,
        arm: arm,
        k: k === undefined ? 100 : positiveInt('--k', k, 1),
        tag: stringFlag(values, 'tag'),
        analyzer: analyzer === 'plain' ? plainAnalyzerOptions : defaultAnalyzerOptions,
        chunker: stringFlag(values, 'chunker') ?? 'none',
        threads: threads === undefined ? 0 : positiveInt('--threads', threads, 0),
    };
}
/** Collapses a chunk ranking to documents (best chunk's score), keeping the first `k` documents. */
export function rankDocuments(hits, docOf, k) {
    const out = [];
    const seen = new Set();
    for (const hit of hits) {
        const docid = docOf(hit.chunkId);
        if (seen.has(docid))
            continue;
        seen.add(docid);
        out.push({ docid, score: hit.score });
        if (out.length === k)
            break;
    }
    return out;
}
/** The `search` command. */
export const searchCommand = {
    name: 'search',
    summary: 'run a BEIR dataset through a search arm and write a TREC run file',
    usage,
    async run(argv, io) {
        const args = parseArgs(argv);
        const root = resolve(io.cwd, args.beir);
        let dataset;
        try {
            dataset = await loadBeir(root, { tenantId: 'beir' });
        }
        catch (error) {
            io.stderr(`vitest-rag search: cannot load ${root}: ${error.message}\n`);
            return 1;
        }
        const docs = dataset.corpus.documents;
        const chunks = args.chunker === 'none' ? docs.map((d) => ({ id: d.id, docId: d.id, tenantId: d.tenantId, text: d.text })) : chunkDocuments(docs, parseChunkerSpec(args.chunker));
        const keyOfDoc = new Map(docs.map((d) => [d.id, d.key]));
        const docOfChunk = new Map(chunks.map((c) => [c.id, keyOfDoc.get(c.docId)]));
        // A document may own several chunks: ask for more chunks than k so k distinct documents remain.
        const maxPerDoc = Math.max(1, Math.ceil(chunks.length / Math.max(1, docs.length)) * 4);
        const depth = Math.min(chunks.length, args.k * (args.chunker === 'none' ? 1 : maxPerDoc));
        const started = performance.now();
        const index = await buildSearchIndex(chunks, { arm: args.arm, analyzer: args.analyzer });
        const built = performance.now();
        let results;
        if (args.threads > 0) {
            const pool = new SearchPool({ index }, { threads: args.threads });
            try {
                results = await pool.searchBatch(dataset.queries.map((q) => ({ query: q.text, tenantId: 'beir', k: depth })));
            }
            finally {
                await pool.destroy();
            }
        }
        else {
            results = dataset.queries.map((q) => index.search(q.text, { tenantId: 'beir', k: depth }));
        }
        const rows = [];
        dataset.queries.forEach((q, i) => {
            rankDocuments(results[i], (id) => docOfChunk.get(id), args.k).forEach((d, r) => rows.push({ qid: q.id, docid: d.docid, rank: r + 1, score: d.score }));
        });
        const out = resolve(io.cwd, args.trec);
        await writeFileAtomic(out, formatTrecRun(rows, args.tag ?? `vitest-rag-${args.arm}`));
        const done = performance.now();
        io.stdout(`vitest-rag search: ${docs.length} documents, ${chunks.length} chunks, ${dataset.queries.length} queries, arm ${args.arm}; ` +
            `index ${(built - started).toFixed(0)} ms, search ${(done - built).toFixed(0)} ms; wrote ${rows.length} lines to ${out}\n`);
        return 0;
    },
};
//# sourceMappingURL=search.js.map