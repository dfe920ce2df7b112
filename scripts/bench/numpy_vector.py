"""Exact top-k cosine with numpy, timed: one query at a time (GEMV) and the whole batch (GEMM), both with
argpartition + sort of the top k. The matrix is normalised at load time (not timed), like the TS index.
argv: matrix.f32 N d queries.f32 Q k reps. Prints JSON."""
import json, sys, time
import numpy as np

path, n, d, qpath, q, k, reps = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], int(sys.argv[5]), int(sys.argv[6]), int(sys.argv[7])
m = np.fromfile(path, dtype=np.float32).reshape(n, d)
m /= np.linalg.norm(m, axis=1, keepdims=True)
queries = np.fromfile(qpath, dtype=np.float32).reshape(q, d)

def topk(scores):
    part = np.argpartition(-scores, k)[:k]
    order = np.lexsort((part, -scores[part]))
    return part[order]

def single():
    out = []
    for i in range(q):
        v = queries[i] / np.linalg.norm(queries[i])
        out.append(topk(m @ v))
    return out

def batch():
    qn = queries / np.linalg.norm(queries, axis=1, keepdims=True)
    s = m @ qn.T
    return [topk(s[:, i]) for i in range(q)]

def timed(fn):
    """Fastest of `reps` runs (wall ms/query) and the CPU ms/query (all threads) of that run."""
    fn()
    best = (float("inf"), 0.0)
    for _ in range(reps):
        c0 = time.process_time(); t0 = time.perf_counter(); res = fn()
        wall = (time.perf_counter() - t0) * 1000 / q; cpu = (time.process_time() - c0) * 1000 / q
        if wall < best[0]:
            best = (wall, cpu)
    return best, res

(single_ms, single_cpu), single_res = timed(single)
(batch_ms, batch_cpu), _ = timed(batch)
print(json.dumps({"single_ms": single_ms, "single_cpu": single_cpu, "batch_ms": batch_ms, "batch_cpu": batch_cpu, "top": [r.tolist() for r in single_res[:20]]}))
