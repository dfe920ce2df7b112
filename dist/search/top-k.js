/**
 * Bounded top-k selection: O(n log k) with a k-sized binary heap, returning exactly what a full sort by
 * (score desc, index asc) would return in its first k places. Indices are row numbers inside one tenant, and rows
 * are laid out in chunk-id order, so "index asc" is "chunk id asc": the deterministic tie-break.
 */
/** A reusable k-sized heap over (score, index) pairs. The root is the worst kept pair. */
export class TopK {
    k;
    scores;
    indices;
    size = 0;
    /** @param k how many best pairs to keep (>= 0). */
    constructor(k) {
        this.k = Math.max(0, Math.floor(k));
        this.scores = new Float64Array(this.k);
        this.indices = new Int32Array(this.k);
    }
    /** Empties the heap so it can be reused for the next query. */
    reset() {
        this.size = 0;
    }
    /** The smallest score a new pair must beat (or tie with a lower index) to enter; -Infinity until full. */
    get threshold() {
        return this.size < this.k ? -Infinity : this.scores[0];
    }
    /** Offers one pair; kept when the heap is not full or it beats the root. */
    push(score, index) {
        const k = this.k;
        if (k === 0)
            return;
        const scores = this.scores;
        const indices = this.indices;
        if (this.size < k) {
            // Sift up: a parent must be worse than (or equal to) its children.
            let i = this.size++;
            while (i > 0) {
                const p = (i - 1) >> 1;
                const ps = scores[p];
                const pi = indices[p];
                if (ps < score || (ps === score && pi > index))
                    break;
                scores[i] = ps;
                indices[i] = pi;
                i = p;
            }
            scores[i] = score;
            indices[i] = index;
            return;
        }
        const rs = scores[0];
        if (score < rs || (score === rs && index > indices[0]))
            return;
        // Replace the root and sift down.
        let i = 0;
        for (;;) {
            const l = 2 * i + 1;
            if (l >= k)
                break;
            const r = l + 1;
            let c = l;
            if (r < k) {
                const ls = scores[l];
                const rsc = scores[r];
                if (rsc < ls || (rsc === ls && indices[r] > indices[l]))
                    c = r;
            }
            const cs = scores[c];
            const ci = indices[c];
            if (score < cs || (score === cs && index > ci))
                break;
            scores[i] = cs;
            indices[i] = ci;
            i = c;
        }
        scores[i] = score;
        indices[i] = index;
    }
    /** The kept pairs, best first (score desc, index asc). Does not reset. */
    sorted() {
        const out = [];
        for (let i = 0; i < this.size; i++)
            out.push({ index: this.indices[i], score: this.scores[i] });
        out.sort((a, b) => b.score - a.score || a.index - b.index);
        return out;
    }
}
//# sourceMappingURL=top-k.js.map