"""Speed of the default embedder and the dense index (not a test: numbers for the report).

    python benchmarks/index_speed.py [--sizes 100000 1000000] [--dim 256] [--texts 20000]

Prints texts/s for the embedder (cold cache and warm cache), and for each index size the
upsert rate and search latency p50/p95 (k = 10 and 100, one namespace, plus a filtered search).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from memcore.index import DenseIndex, HashingEmbedder  # noqa: E402

WORDS = ("project deadline friday deploy postgres migration review pottery marathon greyhound adoption "
         "support group painting sunset camping hike kids school career counseling music violin concert "
         "budget travel paris rome dance studio grand opening store clothing hoodie designer launch bug "
         "crash python rust typescript react vue docker kubernetes laptop coffee tea breakfast dinner").split()
FILLER = "i we you the a to of and really think that was so it is my our with for on in at".split()


def synthetic_texts(n: int, seed: int = 0) -> list[str]:
    """Short conversational-looking texts with a mostly shared vocabulary plus some unique tokens."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        words = [rng.choice(WORDS if rng.random() < 0.45 else FILLER) for _ in range(rng.randint(8, 30))]
        words.insert(rng.randrange(len(words)), f"item{i}")
        out.append(" ".join(words).capitalize() + ".")
    return out


def bench_embedder(n: int, dim: int) -> None:
    texts = synthetic_texts(n)
    emb = HashingEmbedder(dim)
    started = time.perf_counter()
    emb.embed(texts)
    cold = time.perf_counter() - started
    started = time.perf_counter()
    for start in range(0, n, 512):
        emb.embed(texts[start:start + 512])
    warm = time.perf_counter() - started
    started = time.perf_counter()
    for text in texts[:2000]:
        emb.embed_query(text, {"project": 2.0})
    query = (time.perf_counter() - started) / 2000
    print(f"embedder {emb.name}: {n / cold:,.0f} texts/s cold (one batch of {n}), "
          f"{n / warm:,.0f} texts/s warm (batches of 512), embed_query {query * 1e6:.0f} us")


def bench_index(size: int, dim: int, queries: int = 60) -> None:
    rng = np.random.default_rng(size)
    index = DenseIndex(dim)
    ns = ("bench", "default")
    started = time.perf_counter()
    chunk = 50_000
    for start in range(0, size, chunk):
        rows = rng.standard_normal((min(chunk, size - start), dim), dtype=np.float32)
        rows /= np.linalg.norm(rows, axis=1, keepdims=True)
        index.upsert(np.arange(start, start + rows.shape[0]), ns, rows)
    load = time.perf_counter() - started
    q = rng.standard_normal((queries, dim), dtype=np.float32)
    q /= np.linalg.norm(q, axis=1, keepdims=True)
    allowed = set(range(0, size, 3))

    def timed(k: int, allow: set[int] | None = None) -> tuple[float, float]:
        samples = []
        for row in q:
            started = time.perf_counter()
            index.search(row, k, ns, allow)
            samples.append((time.perf_counter() - started) * 1000)
        samples.sort()
        return statistics.median(samples), samples[int(len(samples) * 0.95) - 1]

    index.search(q[0], 10, ns)
    part = index._parts[ns]
    floor = []
    for row in q[:20]:
        started = time.perf_counter()
        part.matrix[: part.size] @ row
        floor.append((time.perf_counter() - started) * 1000)
    p50, p95 = timed(10)
    p50k, p95k = timed(100)
    p50a, p95a = timed(10, allowed)
    print(f"dense index {size:>9,} x {dim}: upsert {size / load:,.0f} vectors/s; search k=10 p50 {p50:.1f} ms "
          f"p95 {p95:.1f} ms; k=100 p50 {p50k:.1f} ms; filtered (1/3 allowed) k=10 p50 {p50a:.1f} ms "
          f"p95 {p95a:.1f} ms; bare matmul p50 {statistics.median(floor):.1f} ms (memory-bandwidth floor)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000, 1_000_000])
    parser.add_argument("--dim", type=int, default=256)
    parser.add_argument("--texts", type=int, default=20_000)
    args = parser.parse_args()
    bench_embedder(args.texts, args.dim)
    for size in args.sizes:
        bench_index(size, args.dim)


if __name__ == "__main__":
    main()
