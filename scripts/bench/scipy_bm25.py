"""Exact BM25 (Lucene idf, k1, b; query term frequency weights) with scipy.sparse, timed per query:
a CSC doc x term matrix of precomputed impacts, the query's columns times its qtf vector, argpartition + sort.
argv: docs.txt queries.txt k1 b k (one doc / query per line, tokens split on spaces). Kept alive so the bench
interleaves its passes with ours (the protocol of bm25s_peer.py, `peer.ts`): first one JSON line
{"build_ms", "results": [[ids, scores], ...]}, then per command line "one N" (N passes over every query)
{"wall_ms", "cpu_ms"} for the N passes; "quit" ends."""
import json, math, sys, time
from collections import Counter
import numpy as np
import scipy.sparse as sp
from peer_loop import serve

docs_path, q_path, k1, b, k = sys.argv[1], sys.argv[2], float(sys.argv[3]), float(sys.argv[4]), int(sys.argv[5])
docs = [line.rstrip('\n').split(' ') for line in open(docs_path)]
queries = [line.rstrip('\n').split(' ') for line in open(q_path)]
t0 = time.perf_counter()
vocab = {}
rows, cols, tfs = [], [], []
lengths = np.array([len(d) for d in docs], dtype=np.float64)
for i, d in enumerate(docs):
    for term, tf in Counter(d).items():
        j = vocab.setdefault(term, len(vocab))
        rows.append(i); cols.append(j); tfs.append(tf)
rows = np.array(rows); cols = np.array(cols); tfs = np.array(tfs, dtype=np.float64)
n = len(docs); avgdl = lengths.mean()
df = np.bincount(cols, minlength=len(vocab)).astype(np.float64)
idf = np.log(1 + (n - df + 0.5) / (df + 0.5))
impact = idf[cols] * tfs * (k1 + 1) / (tfs + k1 * (1 - b + b * lengths[rows] / avgdl))
m = sp.csc_matrix((impact, (rows, cols)), shape=(n, len(vocab)))
build_ms = (time.perf_counter() - t0) * 1000

def search(terms):
    counts = Counter(t for t in terms if t in vocab)
    if not counts:
        return [], []
    ids = [vocab[t] for t in counts]
    w = np.array([counts[t] for t in counts], dtype=np.float64)
    scores = np.asarray(m[:, ids] @ w).ravel()
    kk = min(k, int((scores > 0).sum()))
    if kk == 0:
        return [], []
    part = np.argpartition(-scores, kk - 1)[:kk]
    order = np.lexsort((part, -scores[part]))
    top = part[order]
    return top.tolist(), scores[top].tolist()

results = [search(q) for q in queries]
print(json.dumps({"build_ms": build_ms, "results": results}), flush=True)
serve(lambda _command: [search(q) for q in queries])
