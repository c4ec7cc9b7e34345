"""Hard delete: the only way content leaves memcore, and only by the user's hand."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import delete, select, update

from ..model import Actor, Event, EventKind, Namespace
from ..runtime import Runtime
from ..store import events as event_repo
from ..store import links as link_repo
from ..store import memories as repo
from ..store import schema
from .embedding import drop_from_index

PURGED = "[purged]"


def _mentions(value: Any, needles: tuple[str, ...]) -> bool:
    if value is None:
        return False
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return any(n and n in text for n in needles)


def purge_memory(rt: Runtime, ns: Namespace, memory_id: str, reason: str) -> Event:
    """Delete the memory row (and its full-text entry), its versions, links and feedback; scrub its
    content from every event and trace of the namespace; write a content-free tombstone event."""
    with rt.db.begin() as conn:
        memory = repo.get(conn, ns, memory_id)
        needles = (memory.content, memory.summary or "")
        V = schema.memory_versions
        old_contents = tuple(r[0] for r in conn.execute(select(V.c.content).where(V.c.memory_id == memory_id)))
        needles = needles + old_contents
        pk = repo.delete_row(conn, ns, memory_id)
        conn.execute(delete(V).where(V.c.memory_id == memory_id))
        conn.execute(delete(schema.memory_vectors).where(schema.memory_vectors.c.memory_id == memory_id))
        link_repo.remove_all_of(conn, memory_id)
        conn.execute(delete(schema.feedback).where(schema.feedback.c.memory_id == memory_id))
        E = schema.events
        rows = conn.execute(select(E.c.id, E.c.memory_id, E.c.before, E.c.after, E.c.reason).where(
            E.c.user_id == ns.user_id, E.c.project_id == ns.project_id)).all()
        stale = [r.id for r in rows if r.memory_id == memory_id or _mentions(r.before, needles)
                 or _mentions(r.after, needles) or _mentions(r.reason, needles)]
        event_repo.scrub(conn, stale, PURGED)
        _scrub_traces(conn, ns, memory_id, needles)
        S = schema.session_events
        for sid, content in conn.execute(select(S.c.id, S.c.content).where(
                S.c.user_id == ns.user_id, S.c.project_id == ns.project_id)).all():
            if _mentions(content, needles):
                conn.execute(update(S).where(S.c.id == sid).values(content=PURGED))
        tombstone = event_repo.record(conn, ns, EventKind.DELETED, Actor.USER, rt.now(), memory_id=memory_id,
                                      reason=reason if not _mentions(reason, needles) else "deleted by user",
                                      after={"purged": True, "events_scrubbed": len(stale)})
    drop_from_index(rt, [pk])
    if rt.index_loaded:
        from ..index.sync import term_text

        rt.terms.remove((ns.user_id, ns.project_id), term_text(memory))
    rt.db.compact_after_purge()
    return tombstone


def _scrub_traces(conn: Any, ns: Namespace, memory_id: str, needles: tuple[str, ...]) -> None:
    T = schema.traces
    rows = conn.execute(select(T.c.id, T.c.payload).where(T.c.user_id == ns.user_id, T.c.project_id == ns.project_id,
                                                          T.c.memory_ids.like(f"%{memory_id}%"))).all()
    for trace_id, payload in rows:
        conn.execute(update(T).where(T.c.id == trace_id).values(payload=_scrub_payload(payload, needles)))


def _scrub_payload(value: Any, needles: tuple[str, ...]) -> Any:
    """Replace every string that contains the purged content, anywhere in a JSON payload."""
    if isinstance(value, str):
        if not _mentions(value, needles):
            return value
        for needle in needles:
            if needle:
                value = value.replace(needle, PURGED)
        return value
    if isinstance(value, dict):
        return {k: _scrub_payload(v, needles) for k, v in value.items()}
    if isinstance(value, list):
        return [_scrub_payload(v, needles) for v in value]
    return value
