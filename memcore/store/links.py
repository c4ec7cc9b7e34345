"""Memory-to-memory links (supersedes, related, semantic, summary_of, merged_into, extends)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Connection, delete, or_, select, update

from ..clock import from_epoch, to_epoch
from ..model import Link, LinkKind, Namespace
from . import schema

T = schema.links


def upsert(conn: Connection, ns: Namespace, source_id: str, target_id: str, kind: LinkKind, at: datetime,
           weight: float = 1.0, *, add_weight: bool = False) -> Link:
    """Create the link, or update its weight (added to the old one when ``add_weight``)."""
    where = (T.c.source_id == source_id, T.c.target_id == target_id, T.c.kind == kind.value)
    old = conn.execute(select(T.c.weight).where(*where)).scalar()
    if old is None:
        conn.execute(T.insert().values(user_id=ns.user_id, project_id=ns.project_id, source_id=source_id,
                                       target_id=target_id, kind=kind.value, weight=weight, created_at=to_epoch(at)))
        new_weight = weight
    else:
        new_weight = min(1.0, old + weight) if add_weight else weight
        conn.execute(update(T).where(*where).values(weight=new_weight))
    return Link(source_id, target_id, kind, new_weight, at, ns.user_id, ns.project_id)


def upsert_many(conn: Connection, ns: Namespace, edges: list[tuple[str, str, LinkKind, float]], at: datetime) -> None:
    """Create many links at once (weights replaced where the link exists)."""
    if not edges:
        return
    unique = {(s, t, k): w for s, t, k, w in edges}
    sources = list({s for s, _, _ in unique})
    existing: set[tuple[str, str, str]] = set()
    for start in range(0, len(sources), 900):
        rows = conn.execute(select(T.c.source_id, T.c.target_id, T.c.kind)
                            .where(T.c.source_id.in_(sources[start:start + 900]))).all()
        existing.update((r[0], r[1], r[2]) for r in rows)
    fresh = [{"user_id": ns.user_id, "project_id": ns.project_id, "source_id": s, "target_id": t, "kind": k.value,
              "weight": w, "created_at": to_epoch(at)} for (s, t, k), w in unique.items()
             if (s, t, k.value) not in existing]
    if fresh:
        conn.execute(T.insert(), fresh)
    for (s, t, k), w in unique.items():
        if (s, t, k.value) in existing:
            conn.execute(update(T).where(T.c.source_id == s, T.c.target_id == t, T.c.kind == k.value).values(weight=w))


def remove(conn: Connection, source_id: str, target_id: str, kind: LinkKind) -> None:
    conn.execute(delete(T).where(T.c.source_id == source_id, T.c.target_id == target_id, T.c.kind == kind.value))


def remove_all_of(conn: Connection, memory_id: str) -> None:
    conn.execute(delete(T).where(or_(T.c.source_id == memory_id, T.c.target_id == memory_id)))


def _row(r) -> Link:  # noqa: ANN001
    return Link(r["source_id"], r["target_id"], LinkKind(r["kind"]), r["weight"], from_epoch(r["created_at"]),
                r["user_id"], r["project_id"])


def of_memory(conn: Connection, ns: Namespace, memory_id: str) -> list[Link]:
    rows = conn.execute(select(T).where(T.c.user_id == ns.user_id, T.c.project_id == ns.project_id,
                                        or_(T.c.source_id == memory_id, T.c.target_id == memory_id))).mappings()
    return [_row(r) for r in rows]


def all_links(conn: Connection, ns: Namespace) -> list[Link]:
    rows = conn.execute(select(T).where(T.c.user_id == ns.user_id, T.c.project_id == ns.project_id)
                        .order_by(T.c.pk)).mappings()
    return [_row(r) for r in rows]
