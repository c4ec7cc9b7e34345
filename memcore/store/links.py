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


def insert_links(conn: Connection, links: list[Link]) -> None:
    if links:
        conn.execute(T.insert(), [{"user_id": lk.user_id, "project_id": lk.project_id, "source_id": lk.source_id,
                                   "target_id": lk.target_id, "kind": lk.kind.value, "weight": lk.weight,
                                   "created_at": to_epoch(lk.created_at)} for lk in links])
