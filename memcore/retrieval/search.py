"""The search operation: retrieval with a persisted trace and access bumps."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import update

from ..model import Actor, EventKind, Namespace
from ..runtime import Runtime
from ..store import events as event_repo
from ..store import schema
from ..store import traces as trace_repo
from ..store.ids import new_id
from .pipeline import ScoredMemory, SearchQuery, retrieve


@dataclass(frozen=True)
class SearchResult:
    query: str
    items: list[ScoredMemory]
    trace_id: str | None
    latency_ms: dict[str, float]

    def to_dict(self) -> dict[str, Any]:
        return {"query": self.query, "items": [i.to_dict() for i in self.items], "trace_id": self.trace_id,
                "latency_ms": self.latency_ms}


def search(rt: Runtime, ns: Namespace, query: SearchQuery, *, record: bool = True) -> SearchResult:
    """Top-k memories for a query. ``record=False`` is read-only (no trace, no access bump).

    Critical and pinned memories are candidates only when a channel (dense, sparse or graph) found
    them, and then sort first; the context builder is what injects every one of them.

    The trace is assembled and persisted, with the access bumps and their event, by the write-behind
    queue (``Runtime.writer``), off the caller's path: reading traces flushes it first.
    """
    started = time.perf_counter()
    run = retrieve(rt, ns, query, include_first=False)
    top = run.ranked[:query.k]
    items = [ScoredMemory(c.memory, c.score, c.similarity, c.dense, c.keyword, c.sparse, tuple(c.channels))
             for c in top]
    stages = dict(run.latency_ms)
    trace_id = None
    if record:
        t = time.perf_counter()
        now, trace_id = rt.now(), new_id()
        latency = round((time.perf_counter() - started) * 1000, 3)
        returned_ids = [m.memory.id for m in items]
        traced_stages = {**stages, "total": latency}

        def persist(conn: Any) -> None:
            returned = set(returned_ids)
            candidates = []
            for rank, c in enumerate(run.ranked[:200]):
                entry = c.to_trace()
                entry["decision"] = "included" if c.memory.id in returned else "skipped"
                entry["reason"] = f"rank {rank + 1} of {len(run.ranked)}" + (
                    "" if c.memory.id in returned else f" (below k={query.k})")
                candidates.append(entry)
            payload = {**run.trace_header(rt.settings), "included": returned_ids,
                       "skipped": [c["memory_id"] for c in candidates if c["decision"] == "skipped"],
                       "candidates": candidates, "latency_ms": traced_stages}
            trace_repo.save(conn, ns, "search", query.text, now, payload, latency_ms=latency,
                            memory_ids=[c["memory_id"] for c in candidates], trace_id=trace_id)
            if returned_ids:
                T = schema.memories
                conn.execute(update(T).where(T.c.id.in_(returned_ids), T.c.user_id == ns.user_id,
                                             T.c.project_id == ns.project_id)
                             .values(access_count=T.c.access_count + 1, last_accessed_at=now.timestamp()))
                event_repo.record(conn, ns, EventKind.ACCESSED, Actor.ENGINE, now, trace_id=trace_id,
                                  reason=f"returned by search for {query.text[:80]!r}",
                                  after={"memory_ids": returned_ids})

        rt.writer.submit(persist)
        stages["record"] = round((time.perf_counter() - t) * 1000, 3)
    stages["total"] = round((time.perf_counter() - started) * 1000, 3)
    return SearchResult(query.text, items, trace_id, stages)
