"""Automatic decisions (supersede, merge, expire, archive, promote, demote, ...) applied with a full
before/after record, and ``undo`` that puts the before values back.

A decision touches one or more memories and may add or remove links. Its event stores, per memory,
the old and new values of exactly the fields it changed, so undo is exact and refuses to run when
the memory has changed since (it would overwrite a later decision).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import Conflict, InvalidInput
from ..index.sync import refresh
from ..model import UNDOABLE_KINDS, Actor, Event, EventKind, LinkKind, MemoryState, Namespace
from ..runtime import Runtime
from ..store import events as event_repo
from ..store import links as link_repo
from ..store import memories as repo
from ..store.codec import snapshot


@dataclass
class Decision:
    """One automatic decision: field changes per memory id, links to add/remove, and why."""

    kind: EventKind
    reason: str
    primary_id: str
    changes: dict[str, dict[str, Any]]
    actor: Actor = Actor.ENGINE
    add_links: list[tuple[str, str, LinkKind, float]] = field(default_factory=list)
    remove_links: list[tuple[str, str, LinkKind]] = field(default_factory=list)
    trace_id: str | None = None
    details: dict[str, Any] = field(default_factory=dict)


def apply(rt: Runtime, ns: Namespace, decision: Decision, conn: Any = None) -> Event:
    """Apply a decision and record its event in the same transaction (the caller's, if given;
    then the caller refreshes the dense index after its commit)."""
    if conn is None:
        with rt.db.begin() as c:
            event = apply(rt, ns, decision, c)
        refresh(rt, list(decision.changes))
        return event
    return apply_batch(rt, ns, [decision], conn)[0]


def apply_many(rt: Runtime, ns: Namespace, decisions: Sequence[Decision]) -> list[Event]:
    """Apply several decisions in one transaction: all or nothing."""
    with rt.db.begin() as conn:
        events = apply_batch(rt, ns, decisions, conn)
    refresh(rt, list(dict.fromkeys(mid for d in decisions for mid in d.changes)))
    return events


def apply_batch(rt: Runtime, ns: Namespace, decisions: Sequence[Decision], conn: Any) -> list[Event]:
    """Apply decisions inside the caller's transaction with one read of every memory involved and one
    insert of all events (the bulk path of sweep, GC and reflection). Same records as ``apply``."""
    from sqlalchemy import bindparam
    from sqlalchemy import update as sql_update

    from ..store import schema
    from ..store.codec import changes_to_row, keywords_of
    from ..store.ids import new_id

    if not decisions:
        return []
    now = rt.now()
    wanted = list(dict.fromkeys(mid for d in decisions for mid in d.changes))
    current = repo.get_many(conn, ns, wanted)
    missing = [mid for mid in wanted if mid not in current]
    if missing:
        from ..errors import NotFound

        raise NotFound("memory", missing[0])
    T = schema.memories
    events: list[Event] = []
    rows: dict[str, dict[str, Any]] = {}
    for decision in decisions:
        before: dict[str, Any] = {}
        after: dict[str, Any] = {}
        for memory_id, changes in decision.changes.items():
            old = current[memory_id]
            new = old.copy(**changes, updated_at=now)
            row = changes_to_row({**changes, "updated_at": now})
            if {"tags", "entities", "metadata"} & set(changes):
                row["keywords"] = keywords_of(new)
            rows[memory_id] = {**rows.get(memory_id, {}), **row}
            names = tuple(changes)
            before[memory_id] = snapshot(old, names)
            after[memory_id] = snapshot(new, names)
            current[memory_id] = new
        for source, target, kind in decision.remove_links:
            link_repo.remove(conn, source, target, kind)
        events.append(Event(
            id=new_id(), user_id=ns.user_id, project_id=ns.project_id, kind=decision.kind, actor=decision.actor, at=now,
            memory_id=decision.primary_id, reason=decision.reason, trace_id=decision.trace_id,
            before={"memories": before, "links_removed": [[s, t, k.value] for s, t, k in decision.remove_links]},
            after={"memories": after, "links_added": [[s, t, k.value, w] for s, t, k, w in decision.add_links],
                   **({"details": decision.details} if decision.details else {})}))
    by_columns: dict[tuple[str, ...], list[dict[str, Any]]] = {}
    for memory_id, row in rows.items():
        by_columns.setdefault(tuple(sorted(row)), []).append({"_id": memory_id, **{f"_{k}": v for k, v in row.items()}})
    for columns, params in by_columns.items():
        statement = sql_update(T).where(T.c.id == bindparam("_id")).values({c: bindparam(f"_{c}") for c in columns})
        conn.execute(statement, params)
    link_repo.upsert_many(conn, ns, [edge for d in decisions for edge in d.add_links], now)
    event_repo.insert_events(conn, events)
    return events


def undo(rt: Runtime, ns: Namespace, event_id: str, reason: str = "undone by user") -> Event:
    """Reverse an automatic decision, recorded as its own UNDONE event."""
    with rt.db.begin() as conn:
        event = event_repo.get(conn, ns, event_id)
        if event.kind not in UNDOABLE_KINDS:
            kinds = ", ".join(sorted(k.value for k in UNDOABLE_KINDS))
            raise InvalidInput("event_id", f"event {event_id} is a {event.kind.value} event; undo reverses: {kinds}")
        if event.undone_by:
            raise Conflict(f"event {event_id} was already undone by event {event.undone_by}")
        before = (event.before or {}).get("memories", {})
        after = (event.after or {}).get("memories", {})
        restored: dict[str, Any] = {}
        for memory_id, old_values in before.items():
            current = repo.get(conn, ns, memory_id)
            now_values = snapshot(current, tuple(old_values))
            if now_values != after.get(memory_id, now_values):
                raise Conflict(f"memory {memory_id} changed after event {event_id}; undo would overwrite a later "
                               "change (see its history)")
            values = {k: _decode(k, v) for k, v in old_values.items()}
            repo.update_fields(conn, ns, memory_id, {**values, "updated_at": rt.now()})
            restored[memory_id] = old_values
        for source, target, kind, _weight in (event.after or {}).get("links_added", []):
            link_repo.remove(conn, source, target, LinkKind(kind))
        for source, target, kind in (event.before or {}).get("links_removed", []):
            link_repo.upsert(conn, ns, source, target, LinkKind(kind), rt.now())
        undo_event = event_repo.record(conn, ns, EventKind.UNDONE, Actor.USER, rt.now(), memory_id=event.memory_id,
                                       reason=f"{reason}: reversed {event.kind.value} ({event.reason})",
                                       before={"memories": after}, after={"memories": restored,
                                                                          "undid_event": event.id})
        event_repo.mark_undone(conn, event.id, undo_event.id)
    refresh(rt, list(restored))
    reembed_rewritten(rt, ns, [mid for mid, values in restored.items() if "content" in values])
    return undo_event


def reembed_rewritten(rt: Runtime, ns: Namespace, memory_ids: Sequence[str]) -> None:
    """New vectors for memories whose text a decision (or its undo) changed."""
    if not memory_ids:
        return
    from ..index.sync import reembed

    with rt.db.read() as conn:
        pks = [pk for pk in (repo.pk_of(conn, i) for i in memory_ids) if pk is not None]
    reembed(rt, rt.index, pks, lambda done, total: None)


def _decode(name: str, value: Any) -> Any:
    from ..clock import parse_time
    from ..store.codec import MEMORY_TIME_FIELDS

    if name in MEMORY_TIME_FIELDS:
        return parse_time(value, name) if value is not None else None
    return value


def narrow(old_id: str, new_id: str, kept: str, reason: str, *, actor: Actor = Actor.ENGINE,
           trace_id: str | None = None, expires_at: Any = None) -> Decision:
    """Partly CONTRADICTORY: the old memory stays valid with only the clauses the new one does not
    replace (``write.remainder``), or carried over with one value changed (``write.carry``; a
    deadline then gets the ``expires_at`` of its new date); undo puts its whole text back."""
    changes: dict[str, Any] = {"content": kept}
    if expires_at is not None:
        changes["expires_at"] = expires_at
    return Decision(EventKind.SUPERSEDED, reason, old_id, {old_id: changes, new_id: {"supersedes": old_id}},
                    actor=actor, add_links=[(old_id, new_id, LinkKind.SUPERSEDES, 0.5)], trace_id=trace_id,
                    details={"partial": True, "kept": kept})


def supersede(old_id: str, new_id: str, valid_from: Any, reason: str, *, actor: Actor = Actor.ENGINE,
              trace_id: str | None = None) -> Decision:
    """CONTRADICTORY: close the old memory's validity window at the new one's valid_from, mark it superseded."""
    return Decision(EventKind.SUPERSEDED, reason, old_id, {
        old_id: {"state": MemoryState.SUPERSEDED, "valid_until": valid_from, "superseded_by": new_id},
        new_id: {"supersedes": old_id},
    }, actor=actor, add_links=[(old_id, new_id, LinkKind.SUPERSEDES, 1.0)], trace_id=trace_id)
