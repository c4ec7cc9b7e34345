"""``memcore bench``: ingest rate, search and context-build latency (with full traces), peak memory,
and the seed-002 baseline on the same queries in the same process, reported as a ratio."""

from __future__ import annotations

import os
import resource
import shutil
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from ..ops.inputs import MemoryInput

BATCH = 5000


def _pct(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))], 3)


@dataclass
class SizeResult:
    n: int
    namespace_size: int
    users: int
    ingest_per_s: float
    search_p50_ms: float
    search_p95_ms: float
    context_p50_ms: float
    context_p95_ms: float
    search_back_to_back_p50_ms: float
    context_back_to_back_p50_ms: float
    baseline_p50_ms: float | None
    speedup_vs_baseline: float | None
    peak_rss_mb: float
    db_mb: float


@dataclass
class BenchReport:
    results: list[SizeResult] = field(default_factory=list)
    database: str = "sqlite"
    embedder: str = ""
    queries: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"database": self.database, "embedder": self.embedder, "queries": self.queries,
                "results": [asdict(r) for r in self.results]}

    def markdown(self) -> str:
        head = ("| memories | in one namespace | ingest /s | search p50 / p95 ms | context p50 / p95 ms | "
                "back-to-back search / context p50 ms | seed-002 baseline p50 ms | speed-up | peak RSS MB |\n"
                "|---|---|---|---|---|---|---|---|---|")
        rows = [f"| {r.n:,} | {r.namespace_size:,} | {r.ingest_per_s:,.0f} | {r.search_p50_ms} / {r.search_p95_ms} | "
                f"{r.context_p50_ms} / {r.context_p95_ms} | {r.search_back_to_back_p50_ms} / "
                f"{r.context_back_to_back_p50_ms} | {r.baseline_p50_ms if r.baseline_p50_ms is not None else '-'} | "
                f"{f'{r.speedup_vs_baseline:,.0f}x' if r.speedup_vs_baseline else '-'} | {r.peak_rss_mb:,.0f} |"
                for r in self.results]
        return "\n".join([head, *rows])


def _flush(engine: Any, batch: dict[str, list[MemoryInput]]) -> None:
    for user, items in batch.items():
        engine.scoped(user=user).add_many(items)
    batch.clear()


def run_bench(sizes: list[int], *, queries: int = 200, baseline_queries: int = 5, db_dir: str | None = None,
              users_per_size: Callable[[int], int] | None = None, focus_share: float | None = None,
              progress: Callable[[str], None] | None = None, baseline_max: int = 200_000) -> BenchReport:
    """Benchmark each size on a fresh SQLite file. A ``focus`` user holds ``focus_share`` of the
    memories (default: 100k or all, whichever is smaller) so one namespace is large; the rest are
    spread over many users."""
    import memcore

    from .baseline import TfidfBaseline, time_queries
    from .synthetic import memories
    from .synthetic import queries as make_queries

    say = progress or (lambda _msg: None)
    report = BenchReport(queries=queries)
    qs = make_queries(queries)
    for n in sizes:
        folder = db_dir or tempfile.mkdtemp(prefix="memcore-bench-")
        path = os.path.join(folder, f"bench-{n}.db")
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(path + suffix):
                os.remove(path + suffix)
        engine = memcore.open(path, user="focus", project="bench", settings={"sweep_before_context": False})
        focus_n = int(n * focus_share) if focus_share is not None else min(n, 100_000)
        users = (users_per_size or (lambda size: max(1, size // 2000)))(n)
        texts: list[str] = []
        importance: list[float] = []
        say(f"{n:,}: ingesting ({focus_n:,} in one namespace, the rest over {users} users)")
        started = time.perf_counter()
        batch: dict[str, list[MemoryInput]] = {}
        pending = 0


        for i, (user, mtype, text, imp) in enumerate(memories(n, users=users)):
            if i < focus_n:
                user = "focus"
                texts.append(text)
                importance.append(imp)
            batch.setdefault(user, []).append(MemoryInput(content=text, type=mtype, importance=imp))
            pending += 1
            if pending >= BATCH:
                _flush(engine, batch)
                pending = 0
                say(f"  {i + 1:,} ingested")
        _flush(engine, batch)
        ingest_s = time.perf_counter() - started
        focus = engine.scoped(user="focus")
        focus.search("warm up the index", k=1, record=False)
        search_ms, context_ms, search_b2b, context_b2b = [], [], [], []
        for q in qs:
            # per request: the previous request's trace is written behind (flushed, untimed) first
            focus.runtime.flush()
            search_ms.append(focus.search(q, k=10).latency_ms["total"])
        for q in qs[: max(20, len(qs) // 2)]:
            focus.runtime.flush()
            context_ms.append(focus.build_context(q).latency_ms["total"])
        for q in qs:  # back to back: trace writing competes with the next request
            search_b2b.append(focus.search(q, k=10).latency_ms["total"])
        for q in qs[: max(20, len(qs) // 2)]:
            context_b2b.append(focus.build_context(q).latency_ms["total"])
        base_p50 = None
        if baseline_queries and focus_n <= baseline_max:
            say(f"{n:,}: seed-002 baseline over {focus_n:,} memories")
            base = time_queries(TfidfBaseline(texts, importance), qs[:baseline_queries])
            base_p50 = _pct(base, 0.5)
        search_p50 = _pct(search_ms, 0.5)
        report.embedder = engine.runtime.get_embedder().name
        report.results.append(SizeResult(
            n=n, namespace_size=focus_n, users=users + 1, ingest_per_s=round(n / ingest_s, 1),
            search_p50_ms=search_p50, search_p95_ms=_pct(search_ms, 0.95), context_p50_ms=_pct(context_ms, 0.5),
            context_p95_ms=_pct(context_ms, 0.95), search_back_to_back_p50_ms=_pct(search_b2b, 0.5),
            context_back_to_back_p50_ms=_pct(context_b2b, 0.5), baseline_p50_ms=base_p50,
            speedup_vs_baseline=round(base_p50 / search_p50, 1) if base_p50 and search_p50 else None,
            peak_rss_mb=round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
            db_mb=round(sum(os.path.getsize(path + s) for s in ("", "-wal") if os.path.exists(path + s)) / 2**20, 1)))
        engine.close()
        if db_dir is None:  # a throwaway database goes with its folder; a given folder keeps it for inspection
            shutil.rmtree(folder, ignore_errors=True)
        del texts, importance
        say(f"{n:,}: search p50 {search_p50} ms, context p50 {_pct(context_ms, 0.5)} ms")
    return report
