"""Persisted traces: one per search, context build or write decision."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, insert, select

from ..clock import from_epoch, to_epoch
from ..errors import NotFound
from ..model import Namespace
from . import schema
from .ids import new_id

T = schema.traces


def compact_score(score: Any, rows: dict[int, list[Any]] | None = None) -> dict[str, Any] | None:
    """A Score as stored in traces: parts as [name, raw, weight] rows.

    ``rows``: a dict shared while compacting many scores of one run; a part object seen before
    (scoring shares one part per repeated value) reuses its row instead of rounding again.
    """
    if score is None:
        return None
    if rows is None:
        parts = [[p.name, round(p.raw, 5), p.weight] for p in score.parts]
    else:
        parts = []
        for p in score.parts:
            row = rows.get(id(p))
            if row is None:
                row = rows[id(p)] = [p.name, round(p.raw, 5), p.weight]
            parts.append(row)
    return {"total": round(score.total, 5), "policy": score.policy, "formula": score.formula, "parts": parts}


def expand_score(stored: Any) -> Any:
    """The read form of a stored score: parts as {name, raw, weight, contribution}."""
    if not isinstance(stored, dict) or not stored.get("parts") or isinstance(stored["parts"][0], dict):
        return stored
    return {**stored, "parts": [{"name": n, "raw": r, "weight": w, "contribution": r * w}
                                for n, r, w in stored["parts"]]}


def _expand(payload: dict[str, Any]) -> dict[str, Any]:
    candidates = payload.get("candidates")
    if not candidates:
        return payload
    return {**payload, "candidates": [{**c, "score": expand_score(c.get("score"))} for c in candidates]}


def save(conn: Connection, ns: Namespace, kind: str, query: str, at: datetime, payload: dict[str, Any], *,
         latency_ms: float, tokens_used: int = 0, memory_ids: Sequence[str] = (), trace_id: str | None = None) -> str:
    trace_id = trace_id or new_id()
    conn.execute(insert(T).values(id=trace_id, user_id=ns.user_id, project_id=ns.project_id, kind=kind, query=query,
                                  created_at=to_epoch(at), latency_ms=latency_ms, tokens_used=tokens_used,
                                  memory_ids=" ".join(memory_ids), payload=payload))
    return trace_id


def get(conn: Connection, ns: Namespace, trace_id: str) -> dict[str, Any]:
    row = conn.execute(select(T).where(T.c.id == trace_id, T.c.user_id == ns.user_id,
                                       T.c.project_id == ns.project_id)).mappings().first()
    if row is None:
        raise NotFound("trace", trace_id)
    return {"id": row["id"], "kind": row["kind"], "query": row["query"],
            "created_at": from_epoch(row["created_at"]).isoformat(), "latency_ms": row["latency_ms"],
            "tokens_used": row["tokens_used"], **_expand(row["payload"])}


def recent(conn: Connection, ns: Namespace, *, limit: int = 50, kind: str | None = None) -> list[dict[str, Any]]:
    where = [T.c.user_id == ns.user_id, T.c.project_id == ns.project_id]
    if kind:
        where.append(T.c.kind == kind)
    rows = conn.execute(select(T.c.id, T.c.kind, T.c.query, T.c.created_at, T.c.latency_ms, T.c.tokens_used)
                        .where(*where).order_by(T.c.created_at.desc(), T.c.pk.desc()).limit(limit)).mappings()
    return [{"id": r["id"], "kind": r["kind"], "query": r["query"], "created_at": from_epoch(r["created_at"]).isoformat(),
             "latency_ms": r["latency_ms"], "tokens_used": r["tokens_used"]} for r in rows]
