/**
 * Exact BM25 over an inverted index in typed arrays: CSR postings per tenant, with each posting's full BM25
 * contribution ("impact") precomputed in float64, scored term-at-a-time into a dense accumulator, top-k by a
 * bounded heap. Pure: no I/O, no threads (the arrays live in SharedArrayBuffers so a pool can share them).
 *
 * The variant (classic Okapi BM25 with Lucene's IDF):
 *   score(q, d) = sum over distinct query terms t present in d of
 *     qtf(t) * idf(t) * tf(t, d) * (k1 + 1) / (tf(t, d) + k1 * (1 - b + b * dl(d) / avgdl))
 *   idf(t) = ln(1 + (N - df(t) + 0.5) / (df(t) + 0.5))
 * tf counts analyzer terms, dl is the number of analyzer terms of d (after stop words), lengths are exact (Lucene
 * stores them lossily in one byte), and a query term repeated qtf times counts qtf times, as in Lucene's
 * bag-of-words query and rank_bm25 (this reproduces the Cranfield reference nDCG@10 = 0.3340 exactly). The `(k1 + 1)` factor (dropped by
 * Lucene 8+) scales every score by the same constant, so rankings equal Lucene's.
 *
 * N, df and avgdl are PER TENANT: a tenant's ranking depends only on its own documents. With global statistics,
 * adding or editing tenant B's documents would change tenant A's scores (and could leak that a term is common in
 * B's corpus through A's rankings), and eval results of A would not be reproducible from A's corpus alone.
 */
import { analyze } from "./analyzer.js";
import { layoutByTenant, tenantNumber } from "./tenant-layout.js";
import { TopK } from "./top-k.js";
/** Lucene's defaults: k1 = 1.2, b = 0.75. */
export const defaultBm25Params = Object.freeze({ k1: 1.2, b: 0.75 });
/** Lucene IDF: `ln(1 + (N - df + 0.5) / (df + 0.5))`, always > 0. Example: N = 3, df = 1 -> ln(1 + 2.5/1.5) = 0.9808. */
export function bm25Idf(docCount, docFreq) {
    return Math.log(1 + (docCount - docFreq + 0.5) / (docFreq + 0.5));
}
function sharedArray(Ctor, length) {
    return new Ctor(new SharedArrayBuffer(Math.max(1, length) * Ctor.BYTES_PER_ELEMENT));
}
/** A growable int32 list (amortised O(1) push, no boxed numbers). */
class IntList {
    data = new Int32Array(1024);
    length = 0;
    push(v) {
        if (this.length === this.data.length) {
            const next = new Int32Array(this.data.length * 2);
            next.set(this.data);
            this.data = next;
        }
        this.data[this.length++] = v;
    }
}
/**
 * Builds the BM25 index in one pass per tenant (linear in the number of terms). Chunks may come in any order;
 * rows follow {@link layoutByTenant}. `tokenize` defaults to {@link analyze} with its default options.
 */
export function buildBm25Index(chunks, params = defaultBm25Params, tokenize = (text) => analyze(text)) {
    const { layout, rows } = layoutByTenant(chunks);
    const tenantCount = layout.tenantIds.length;
    const terms = [];
    const termStart = new Int32Array(tenantCount + 1);
    const avgDocLength = new Float64Array(tenantCount);
    const perTenant = [];
    let totalPostings = 0;
    for (let t = 0; t < tenantCount; t++) {
        termStart[t] = terms.length;
        const start = layout.rowStart[t];
        const end = layout.rowStart[t + 1];
        const docCount = end - start;
        const vocab = new Map();
        const df = new IntList();
        // Per document: its distinct term ids and their frequencies, in first-seen order.
        const docTerms = new IntList();
        const docTfs = new IntList();
        const docEnds = new Int32Array(docCount);
        const docLengths = new Int32Array(docCount);
        let totalLength = 0;
        const tf = new Map();
        for (let r = 0; r < docCount; r++) {
            const tokens = tokenize(rows[start + r].text);
            docLengths[r] = tokens.length;
            totalLength += tokens.length;
            tf.clear();
            for (const token of tokens) {
                let id = vocab.get(token);
                if (id === undefined) {
                    id = vocab.size;
                    vocab.set(token, id);
                    terms.push(token);
                    df.push(0);
                }
                tf.set(id, (tf.get(id) ?? 0) + 1);
            }
            for (const [id, count] of tf) {
                docTerms.push(id);
                docTfs.push(count);
                df.data[id]++;
            }
            docEnds[r] = docTerms.length;
        }
        const avgdl = docCount > 0 ? totalLength / docCount : 0;
        avgDocLength[t] = avgdl;
        const vocabSize = vocab.size;
        const offsets = new Int32Array(vocabSize + 1);
        for (let j = 0; j < vocabSize; j++)
            offsets[j + 1] = offsets[j] + df.data[j];
        const postingCount = offsets[vocabSize];
        const postRows = new Int32Array(postingCount);
        const impacts = new Float64Array(postingCount);
        const fill = offsets.slice(0, vocabSize);
        const idf = new Float64Array(vocabSize);
        for (let j = 0; j < vocabSize; j++)
            idf[j] = bm25Idf(docCount, df.data[j]);
        const { k1, b } = params;
        let p = 0;
        for (let r = 0; r < docCount; r++) {
            const norm = avgdl > 0 ? 1 - b + (b * docLengths[r]) / avgdl : 1;
            const stop = docEnds[r];
            for (; p < stop; p++) {
                const id = docTerms.data[p];
                const f = docTfs.data[p];
                const slot = fill[id]++;
                postRows[slot] = r;
                impacts[slot] = (idf[id] * f * (k1 + 1)) / (f + k1 * norm);
            }
        }
        perTenant.push({ offsets, rows: postRows, impacts });
        totalPostings += postingCount;
    }
    termStart[tenantCount] = terms.length;
    // Concatenate into shared arrays; term offsets become global.
    const postingStart = sharedArray(Int32Array, terms.length + 1);
    const postingRows = sharedArray(Int32Array, totalPostings);
    const postingImpacts = sharedArray(Float64Array, totalPostings);
    let base = 0;
    perTenant.forEach((part, t) => {
        const t0 = termStart[t];
        const n = part.offsets.length - 1;
        for (let j = 0; j < n; j++)
            postingStart[t0 + j] = base + part.offsets[j];
        postingRows.set(part.rows, base);
        postingImpacts.set(part.impacts, base);
        base += part.rows.length;
    });
    postingStart[terms.length] = base;
    return new Bm25Index({ params: { ...params }, layout, terms, termStart, postingStart, postingRows, postingImpacts, avgDocLength }, tokenize);
}
/** A built BM25 index. Searching is synchronous and scores only the asked tenant's postings. */
export class Bm25Index {
    parts;
    tokenize;
    vocab;
    acc;
    touched;
    /** Wraps parts (built here, loaded from disk or received by a worker). */
    constructor(parts, tokenize) {
        this.parts = parts;
        this.tokenize = tokenize;
        const { layout, terms, termStart } = parts;
        let maxRows = 0;
        this.vocab = layout.tenantIds.map((_, t) => {
            maxRows = Math.max(maxRows, layout.rowStart[t + 1] - layout.rowStart[t]);
            const map = new Map();
            for (let j = termStart[t]; j < termStart[t + 1]; j++)
                map.set(terms[j], j);
            return map;
        });
        this.acc = new Float64Array(maxRows);
        this.touched = new Int32Array(maxRows);
    }
    /** Top `k` rows of tenant `tenantId` for `query` (global rows, score desc then row asc); [] for an unknown tenant. */
    search(query, tenantId, k) {
        const t = tenantNumber(this.parts.layout, tenantId);
        if (t < 0)
            return [];
        return this.searchTerms(this.tokenize(query), t, k);
    }
    /**
     * Term-at-a-time scoring of tenant number `t`. Only documents with a score > 0 (at least one query term) are
     * returned, so fewer than k rows may come back.
     */
    searchTerms(queryTerms, t, k) {
        const { postingStart, postingRows, postingImpacts, layout } = this.parts;
        const vocab = this.vocab[t];
        if (!vocab)
            return [];
        const acc = this.acc;
        const touched = this.touched;
        // Distinct terms in first-occurrence order, with their query frequency.
        const qtf = new Map();
        for (const term of queryTerms)
            qtf.set(term, (qtf.get(term) ?? 0) + 1);
        const ids = [];
        const weights = [];
        let postings = 0;
        for (const [term, weight] of qtf) {
            const j = vocab.get(term);
            if (j === undefined)
                continue;
            ids.push(j);
            weights.push(weight);
            postings += postingStart[j + 1] - postingStart[j];
        }
        const heap = new TopK(k);
        let threshold = -Infinity;
        const rows = layout.rowStart[t + 1] - layout.rowStart[t];
        if (postings * 4 >= rows) {
            // Dense mode (common terms touch most documents): accumulate without bookkeeping, then scan every row.
            for (let q = 0; q < ids.length; q++) {
                const j = ids[q];
                const w = weights[q];
                const end = postingStart[j + 1];
                for (let p = postingStart[j]; p < end; p++) {
                    const r = postingRows[p];
                    acc[r] = acc[r] + w * postingImpacts[p];
                }
            }
            for (let r = 0; r < rows; r++) {
                const score = acc[r];
                if (score === 0)
                    continue;
                acc[r] = 0;
                // Most documents lose to the k-th best: reject them without a call (ties go to the heap, which breaks
                // them by row).
                if (score < threshold)
                    continue;
                heap.push(score, r);
                threshold = heap.threshold;
            }
        }
        else {
            // Sparse mode: remember which documents were touched, and scan only those.
            let touchedCount = 0;
            for (let q = 0; q < ids.length; q++) {
                const j = ids[q];
                const w = weights[q];
                const end = postingStart[j + 1];
                for (let p = postingStart[j]; p < end; p++) {
                    const r = postingRows[p];
                    const before = acc[r];
                    // Impacts are > 0, so 0 means "not touched yet".
                    if (before === 0)
                        touched[touchedCount++] = r;
                    acc[r] = before + w * postingImpacts[p];
                }
            }
            for (let i = 0; i < touchedCount; i++) {
                const r = touched[i];
                const score = acc[r];
                acc[r] = 0;
                if (score < threshold)
                    continue;
                heap.push(score, r);
                threshold = heap.threshold;
            }
        }
        const base = layout.rowStart[t];
        return heap.sorted().map(({ index, score }) => ({ row: base + index, score }));
    }
}
//# sourceMappingURL=bm25.js.map