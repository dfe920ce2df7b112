"""The bm25s peer (numba backend, its fastest) for the bench's BM25 section, kept alive so our runs and its runs
can be interleaved under the same machine load. argv: docs.txt queries.txt k1 b k (one document / query per line,
OUR tokens joined by single spaces, so both sides index the same terms). Protocol on stdin/stdout, one JSON line
each: first {"build_ms", "results": [[ids, scores], ...]} (batched top-k, zero scores dropped), then per command
line "one N" (every query by its own retrieve call, N passes) or "batch N" (one retrieve call for all, N times)
{"wall_ms", "cpu_ms"} for the N passes; "quit" ends. Threads: NUMBA_NUM_THREADS (set by the caller) and n_threads=1 per call."""
import json, os, sys, time

os.environ.setdefault("NUMBA_NUM_THREADS", "1")
import bm25s  # noqa: E402
import numpy as np  # noqa: E402
from bm25s.tokenization import Tokenized  # noqa: E402
from peer_loop import serve  # noqa: E402

docs_path, q_path, k1, b, k = sys.argv[1], sys.argv[2], float(sys.argv[3]), float(sys.argv[4]), int(sys.argv[5])
threads = int(os.environ["NUMBA_NUM_THREADS"])
split = lambda line: [t for t in line.rstrip("\n").split(" ") if t]
# Documents become term-id arrays as they are read (lists of str would need ~8 GB at 1M documents).
t0 = time.perf_counter()
vocab_ids = {}
docs = [np.array([vocab_ids.setdefault(t, len(vocab_ids)) for t in split(line)], dtype=np.int32) for line in open(docs_path)]
queries = [split(line) for line in open(q_path)]
retriever = bm25s.BM25(k1=k1, b=b, method="lucene", backend="numba")
retriever.index(Tokenized(ids=docs, vocab=vocab_ids), show_progress=False)
del docs
build_ms = (time.perf_counter() - t0) * 1000
# Unknown query terms are dropped here (bm25s would map them to its empty token) (the bench sends only queries with a known term).
vocab = retriever.vocab_dict
queries = [[t for t in q if t in vocab] for q in queries]


def retrieve(batch):
    return retriever.retrieve(batch, k=k, show_progress=False, n_threads=threads, backend_selection="numba")


docs_out, scores_out = retrieve(queries)  # also compiles the numba kernels before any timing
results = [
    [[int(d) for d, s in zip(ds, ss) if s > 0], [float(s) for s in ss if s > 0]] for ds, ss in zip(docs_out, scores_out)
]
print(json.dumps({"build_ms": build_ms, "results": results}), flush=True)


def run_pass(command):
    if command == "one":
        for q in queries:
            retrieve([q])
    else:
        retrieve(queries)


serve(run_pass)
