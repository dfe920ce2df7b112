"""Exact top-k cosine with numpy, kept alive so the bench can interleave its repetitions with ours: one query at a
time (GEMV) and the whole batch (GEMM), both with argpartition + sort of the top k. The matrix is normalised at
load time (not timed), like the TS index. BLAS threads: pinned by the caller (OPENBLAS_NUM_THREADS, OMP_NUM_THREADS,
MKL_NUM_THREADS). argv: matrix.f32 N d queries.f32 Q k ONE (the first ONE queries make the one-at-a-time pass).
Prints {"top": ids of the first 20 queries' one-at-a-time top k} when ready, then per command line "one" or
"batch" {"wall_ms", "cpu_ms"} of the whole pass (CPU over all threads); "quit" ends."""
import json, sys, time
import numpy as np

path, n, d, qpath, q, k, one = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], int(sys.argv[5]), int(sys.argv[6]), int(sys.argv[7])
m = np.fromfile(path, dtype=np.float32).reshape(n, d)
m /= np.linalg.norm(m, axis=1, keepdims=True)
queries = np.fromfile(qpath, dtype=np.float32).reshape(q, d)

def topk(scores):
    part = np.argpartition(-scores, k)[:k]
    order = np.lexsort((part, -scores[part]))
    return part[order]

def single(count):
    out = []
    for i in range(count):
        v = queries[i] / np.linalg.norm(queries[i])
        out.append(topk(m @ v))
    return out

def batch():
    qn = queries / np.linalg.norm(queries, axis=1, keepdims=True)
    s = m @ qn.T
    return [topk(s[:, i]) for i in range(q)]

top = single(min(20, q))
batch()
print(json.dumps({"top": [r.tolist() for r in top]}), flush=True)
for line in sys.stdin:
    command = line.strip()
    if command == "quit":
        break
    c0 = time.process_time(); t0 = time.perf_counter()
    single(one) if command == "one" else batch()
    print(json.dumps({"wall_ms": (time.perf_counter() - t0) * 1000, "cpu_ms": (time.process_time() - c0) * 1000}), flush=True)
