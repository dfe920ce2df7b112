/**
 * The search worker: rebuilds the facade over the shared snapshot once (on the first task), then answers query
 * blocks. Vector queries of a block go through the batched kernel so they share passes over the matrix.
 */
import Tinypool from 'tinypool';
import { searchIndexFromSnapshot } from "../../search/snapshot.js";
let index;
async function indexFor() {
    if (!index) {
        const data = Tinypool.workerData;
        index = searchIndexFromSnapshot(data.snapshot, { kernel: data.kernel });
    }
    return index;
}
/** Answers one block of queries. */
export default async function runSearchTask(task) {
    const started = performance.now();
    const idx = await indexFor();
    const hits = new Array(task.queries.length);
    const vectorOnly = [];
    task.queries.forEach((q, i) => {
        if (((q.arm ?? idx.config.arm) === 'vector' && q.embedding) || task.slice)
            vectorOnly.push(i);
        else
            hits[i] = idx.searchWithEmbedding(q.query, q.embedding, { tenantId: q.tenantId, k: q.k, arm: q.arm });
    });
    if (vectorOnly.length > 0) {
        const batch = idx.searchVectorBatch(vectorOnly.map((i) => {
            const q = task.queries[i];
            return { vector: q.embedding, tenantId: q.tenantId, k: q.k };
        }), task.slice);
        vectorOnly.forEach((i, j) => (hits[i] = batch[j]));
    }
    return { kind: 'hits', hits, busyMs: performance.now() - started };
}
//# sourceMappingURL=search-worker.js.map