"""The event log: every mutation and injection, with actor, reason and before/after values."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, and_, func, insert, select, update

from ..clock import to_epoch
from ..errors import NotFound
from ..model import Actor, Event, EventKind, Namespace
from . import schema
from .codec import row_to_event
from .ids import new_id

T = schema.events


def record(conn: Connection, ns: Namespace, kind: EventKind, actor: Actor, at: datetime, *,
           memory_id: str | None = None, reason: str = "", before: dict[str, Any] | None = None,
           after: dict[str, Any] | None = None, trace_id: str | None = None) -> Event:
    event = Event(id=new_id(), user_id=ns.user_id, project_id=ns.project_id, kind=kind, actor=actor, at=at,
                  memory_id=memory_id, reason=reason, before=before, after=after, trace_id=trace_id)
    insert_events(conn, [event])
    return event


def insert_events(conn: Connection, events: Sequence[Event]) -> None:
    if not events:
        return
    conn.execute(insert(T), [{
        "id": e.id, "user_id": e.user_id, "project_id": e.project_id, "memory_id": e.memory_id,
        "kind": e.kind.value, "actor": e.actor.value, "at": to_epoch(e.at), "reason": e.reason,
        "before": e.before, "after": e.after, "trace_id": e.trace_id, "undone_by": e.undone_by,
    } for e in events])


def get(conn: Connection, ns: Namespace, event_id: str) -> Event:
    row = conn.execute(select(T).where(T.c.id == event_id, T.c.user_id == ns.user_id,
                                       T.c.project_id == ns.project_id)).mappings().first()
    if row is None:
        raise NotFound("event", event_id)
    return row_to_event(row)


def mark_undone(conn: Connection, event_id: str, undo_event_id: str) -> None:
    conn.execute(update(T).where(T.c.id == event_id).values(undone_by=undo_event_id))


def timeline(conn: Connection, ns: Namespace, *, limit: int = 100, offset: int = 0,
             kinds: Sequence[EventKind] = (), actors: Sequence[Actor] = (), memory_id: str | None = None,
             since: datetime | None = None, until: datetime | None = None,
             newest_first: bool = True) -> tuple[list[Event], int]:
    where = [T.c.user_id == ns.user_id, T.c.project_id == ns.project_id]
    if kinds:
        where.append(T.c.kind.in_([k.value for k in kinds]))
    if actors:
        where.append(T.c.actor.in_([a.value for a in actors]))
    if memory_id:
        where.append(T.c.memory_id == memory_id)
    if since:
        where.append(T.c.at >= to_epoch(since))
    if until:
        where.append(T.c.at < to_epoch(until))
    total = conn.execute(select(func.count()).select_from(T).where(and_(*where))).scalar_one()
    order = (T.c.at.desc(), T.c.pk.desc()) if newest_first else (T.c.at.asc(), T.c.pk.asc())
    rows = conn.execute(select(T).where(*where).order_by(*order).limit(limit).offset(offset)).mappings()
    return [row_to_event(r) for r in rows], total


def count_by_kind(conn: Connection, ns: Namespace) -> dict[str, int]:
    rows = conn.execute(select(T.c.kind, func.count()).where(T.c.user_id == ns.user_id,
                                                            T.c.project_id == ns.project_id).group_by(T.c.kind))
    return {k: int(v) for k, v in rows}



def scrub(conn: Connection, event_ids: Sequence[str], reason: str) -> None:
    """Remove payloads (before/after) and reasons from events, keeping kind, actor and time."""
    for start in range(0, len(event_ids), 900):
        chunk = list(event_ids[start:start + 900])
        conn.execute(update(T).where(T.c.id.in_(chunk)).values(before=None, after=None, reason=reason))
