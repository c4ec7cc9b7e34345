"""Gather one namespace's memories, event times and context sizes, then run every analytics function."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select

from ..clock import from_epoch
from ..model import Memory, Namespace
from ..store import memories as repo
from ..store import schema
from . import compute


@dataclass
class AnalyticsData:
    """The raw inputs of a report: every memory, (kind, at) of every event, tokens of every context build."""

    memories: list[Memory]
    events: list[tuple[str, datetime]]
    context_tokens: list[int]


def _scope(source: Any, namespace: Namespace | None) -> tuple[Any, Namespace]:
    runtime = getattr(source, "runtime", None)
    if runtime is not None:
        return runtime, namespace or source.namespace
    if namespace is None:
        from ..errors import InvalidInput

        raise InvalidInput("namespace", "give a namespace with a runtime (or pass an Engine)")
    return source, namespace


def gather(source: Any, namespace: Namespace | None = None) -> AnalyticsData:
    """Read what the report needs in one read transaction (events and traces: only the columns used)."""
    runtime, ns = _scope(source, namespace)
    flush = getattr(runtime, "flush", None)
    if flush is not None:  # traces and usage bumps may still sit in the write-behind queue
        flush()
    E, T = schema.events, schema.traces
    with runtime.db.read() as conn:
        memories = repo.select_all(conn, ns)
        events = [(k, from_epoch(at)) for k, at in conn.execute(
            select(E.c.kind, E.c.at).where(E.c.user_id == ns.user_id, E.c.project_id == ns.project_id))]
        tokens = [int(t) for (t,) in conn.execute(
            select(T.c.tokens_used).where(T.c.user_id == ns.user_id, T.c.project_id == ns.project_id,
                                          T.c.kind == "context"))]
    return AnalyticsData(memories, events, tokens)  # type: ignore[arg-type]


def report(source: Any, namespace: Namespace | None = None, *, now: datetime | None = None, period: str = "week",
           top_n: int = 10, curve: str = "fsrs4.5") -> dict[str, Any]:
    """Every analytic of a namespace as one JSON-ready dict (keys: counts, growth, growth_by_type, events,
    score_distribution, strength_distribution, importance_distribution, decay_curves, tokens, gc_pressure,
    token_savings, top_used, total, generated_at)."""
    runtime, ns = _scope(source, namespace)
    data = gather(runtime, ns)
    when = now or runtime.now()
    mems = data.memories
    tokens = compute.token_totals(mems)
    return {
        "total": len(mems),
        "generated_at": when.isoformat(),
        "counts": compute.counts(mems),
        "growth": compute.growth(mems, period),
        "growth_by_type": compute.growth_by_type(mems, period),
        "events": compute.events_over_time(data.events, period),
        "score_distribution": compute.score_distribution(mems, when),
        "strength_distribution": compute.strength_distribution(mems),
        "importance_distribution": compute.importance_distribution(mems),
        "decay_curves": compute.decay_curves(curve=curve),
        "tokens": tokens,
        "gc_pressure": compute.gc_pressure(mems),
        "token_savings": compute.token_savings(tokens["live"], data.context_tokens),
        "top_used": compute.top_used(mems, top_n),
    }
