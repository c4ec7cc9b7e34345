"""Memory CRUD and user controls: add, edit, pin, forget, restore, hard delete, forget-all."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import insert, select

from ..clock import parse_time
from ..errors import Conflict, InvalidInput
from ..index.documents import embedding_text
from ..index.sync import refresh, term_text
from ..model import Actor, Event, EventKind, Memory, MemoryState, Namespace, Tier
from ..model.validation import content_text, parse_enum, tag_list, unit_interval
from ..runtime import Runtime
from ..store import events as event_repo
from ..store import memories as repo
from ..store import schema
from ..store.codec import snapshot
from .embedding import embed_and_index, embed_rows
from .inputs import MemoryInput


@dataclass(frozen=True)
class Mutation:
    """The result of a user control: the memory after the change and the event that recorded it."""

    memory: Memory
    event: Event


def _check_secrets(text: str, field: str) -> None:
    from ..write.redact import refuse_secrets

    refuse_secrets(text, field)


def add_many(rt: Runtime, ns: Namespace, items: Sequence[MemoryInput], *, actor: Actor = Actor.USER,
             reason: str = "added", check_secrets: bool = True, embed: bool = True) -> list[Memory]:
    """Validate all, then insert all with their CREATED events in one transaction (all or nothing)."""
    now = rt.now()
    built: list[Memory] = []
    for i, item in enumerate(items):
        try:
            memory = item.build(ns, now)
            if check_secrets:
                _check_secrets(memory.content, "content")
        except InvalidInput as exc:
            if len(items) > 1:
                raise InvalidInput(f"items[{i}].{exc.field}", str(exc).split(": ", 1)[-1]) from None
            raise
        memory.token_count = rt.count_tokens(memory.content)
        built.append(memory)
    vectors, model = embed_rows(rt, [embedding_text(m) for m in built]) if embed else (None, None)
    with rt.db.begin() as conn:
        pks = repo.insert_many(conn, built, vectors, model)
        event_repo.insert_events(conn, [Event(
            id=_eid(), user_id=ns.user_id, project_id=ns.project_id, kind=EventKind.CREATED, actor=actor, at=now,
            memory_id=m.id, reason=reason, after=_created_view(m)) for m in built])
    if vectors is not None:
        embed_and_index(rt, ns, pks, vectors)
    if rt.index_loaded:
        rt.terms.add_many((ns.user_id, ns.project_id), [term_text(m) for m in built])
    return built


def _eid() -> str:
    from ..store.ids import new_id

    return new_id()


def _created_view(memory: Memory) -> dict[str, Any]:
    return snapshot(memory, ("content", "type", "tier", "state", "importance", "tags", "source"))


def add(rt: Runtime, ns: Namespace, item: MemoryInput, *, actor: Actor = Actor.USER,
        reason: str = "added") -> Memory:
    return add_many(rt, ns, [item], actor=actor, reason=reason)[0]


EDITABLE = ("content", "type", "importance", "confidence", "tags", "entities", "tier", "privacy", "summary",
            "expires_at", "valid_from", "valid_until", "metadata", "is_critical")


def _clean_edit(changes: dict[str, Any]) -> dict[str, Any]:
    from ..model import MemoryType, Privacy

    clean: dict[str, Any] = {}
    for key, value in changes.items():
        if key not in EDITABLE:
            raise InvalidInput(key, f"cannot be edited; editable fields: {', '.join(EDITABLE)}")
        if key == "content":
            value = content_text(value)
            _check_secrets(value, "content")
        elif key == "type":
            value = parse_enum(value, MemoryType, "type")
        elif key == "tier":
            value = parse_enum(value, Tier, "tier")
        elif key == "privacy":
            value = parse_enum(value, Privacy, "privacy")
        elif key in ("importance", "confidence"):
            value = unit_interval(value, key)
        elif key == "tags":
            value = tag_list(value, "tags")
        elif key == "entities":
            value = tag_list(value, "entities", lower=False)
        elif key in ("expires_at", "valid_from", "valid_until"):
            value = parse_time(value, key)
        elif key == "metadata" and not isinstance(value, dict):
            raise InvalidInput("metadata", "must be a JSON object")
        elif key == "is_critical":
            value = bool(value)
        clean[key] = value
    if not clean:
        raise InvalidInput("changes", f"nothing to change; give one of: {', '.join(EDITABLE)}")
    return clean


def edit(rt: Runtime, ns: Namespace, memory_id: str, changes: dict[str, Any], *, actor: Actor = Actor.USER,
         reason: str = "edited") -> Mutation:
    """Change fields of a memory. The old version is kept in memory_versions and the event has before/after."""
    clean = _clean_edit(changes)
    now = rt.now()
    with rt.db.begin() as conn:
        old = repo.get(conn, ns, memory_id)
        changed = {k: v for k, v in clean.items() if getattr(old, k) != v}
        if not changed:
            raise Conflict(f"memory {memory_id} already has these values; nothing changed")
        conn.execute(insert(schema.memory_versions).values(
            memory_id=old.id, user_id=ns.user_id, project_id=ns.project_id, version=old.version,
            content=old.content, fields=snapshot(old), recorded_at=now.timestamp(), actor=actor.value))
        update = {**changed, "version": old.version + 1, "updated_at": now}
        if "content" in changed:
            update["token_count"] = rt.count_tokens(changed["content"])
        if "type" in changed:
            from ..model import MemoryType

            update["is_critical"] = changed.get("is_critical", old.is_critical) or changed["type"] is MemoryType.CRITICAL
        repo.update_fields(conn, ns, memory_id, update)
        new = repo.get(conn, ns, memory_id)
        names = tuple(changed)
        event = event_repo.record(conn, ns, EventKind.EDITED, actor, now, memory_id=memory_id, reason=reason,
                                  before={**snapshot(old, names), "version": old.version},
                                  after={**snapshot(new, names), "version": new.version})
        pk = repo.pk_of(conn, memory_id) if "content" in changed else None
    if pk is not None:
        if rt.index_loaded:
            rt.terms.remove((ns.user_id, ns.project_id), term_text(old))
            rt.terms.add((ns.user_id, ns.project_id), term_text(new))
        vectors, _ = embed_rows(rt, [embedding_text(new)])
        if vectors is not None:
            with rt.db.begin() as conn:
                repo.set_embedding(conn, memory_id, vectors[0], rt.get_embedder().name)
            refresh(rt, [memory_id])
    return Mutation(new, event)


def transition(rt: Runtime, ns: Namespace, memory_id: str, *, to: MemoryState, kind: EventKind, actor: Actor,
               reason: str, allowed_from: tuple[MemoryState, ...], extra: dict[str, Any] | None = None,
               conn: Any = None) -> Mutation:
    """Move a memory to another state with its event, refusing moves that make no sense."""
    def run(c: Any) -> Mutation:
        old = repo.get(c, ns, memory_id)
        if old.state not in allowed_from:
            allowed = ", ".join(s.value for s in allowed_from)
            raise Conflict(f"memory {memory_id} is {old.state.value}; {kind.value} needs state {allowed}")
        now = rt.now()
        changes: dict[str, Any] = {"state": to, "updated_at": now, **(extra or {})}
        repo.update_fields(c, ns, memory_id, changes)
        names = tuple(k for k in changes if k != "updated_at")
        new = old.copy(**changes)
        event = event_repo.record(c, ns, kind, actor, now, memory_id=memory_id, reason=reason,
                                  before=snapshot(old, names), after=snapshot(new, names))
        return Mutation(new, event)

    if conn is not None:
        return run(conn)
    with rt.db.begin() as c:
        result = run(c)
    refresh(rt, [memory_id])
    return result


LIVE = (MemoryState.ACTIVE, MemoryState.PINNED)
DORMANT = (MemoryState.ARCHIVED, MemoryState.EXPIRED, MemoryState.SUPERSEDED, MemoryState.DELETED)


def pin(rt: Runtime, ns: Namespace, memory_id: str, reason: str = "pinned by user") -> Mutation:
    return transition(rt, ns, memory_id, to=MemoryState.PINNED, kind=EventKind.PINNED, actor=Actor.USER,
                      reason=reason, allowed_from=(MemoryState.ACTIVE,))


def unpin(rt: Runtime, ns: Namespace, memory_id: str, reason: str = "unpinned by user") -> Mutation:
    return transition(rt, ns, memory_id, to=MemoryState.ACTIVE, kind=EventKind.UNPINNED, actor=Actor.USER,
                      reason=reason, allowed_from=(MemoryState.PINNED,))


def forget(rt: Runtime, ns: Namespace, memory_id: str, reason: str = "forgotten by user") -> Mutation:
    """Soft forget: the memory is archived (never injected again) and can be restored."""
    return transition(rt, ns, memory_id, to=MemoryState.ARCHIVED, kind=EventKind.FORGOTTEN, actor=Actor.USER,
                      reason=reason, allowed_from=LIVE)


def restore(rt: Runtime, ns: Namespace, memory_id: str, reason: str = "restored by user") -> Mutation:
    """Bring back a forgotten, archived, expired or superseded memory to the state it had before."""
    with rt.db.begin() as conn:
        memory = repo.get(conn, ns, memory_id)
        previous = _state_before_leaving(conn, ns, memory_id)
        extra: dict[str, Any] = {}
        if memory.state is MemoryState.SUPERSEDED or memory.valid_until is not None:
            extra["valid_until"] = None
        if memory.state is MemoryState.EXPIRED:
            extra["expires_at"] = None
            extra["expired_at"] = None
        result = transition(rt, ns, memory_id, to=previous, kind=EventKind.RESTORED, actor=Actor.USER,
                            reason=reason, allowed_from=DORMANT, extra=extra, conn=conn)
    refresh(rt, [memory_id])
    return result


def _state_before_leaving(conn: Any, ns: Namespace, memory_id: str) -> MemoryState:
    """The live state a memory had before it was last archived / expired / superseded (default active)."""
    history, _ = event_repo.timeline(conn, ns, memory_id=memory_id, limit=50)
    for event in history:
        before = _field_of(event.before, memory_id, "state")
        after = _field_of(event.after, memory_id, "state")
        if after in {s.value for s in DORMANT} and before in {s.value for s in LIVE}:
            return MemoryState(before)
    return MemoryState.ACTIVE


def _field_of(payload: dict[str, Any] | None, memory_id: str, name: str) -> Any:
    """A field from an event payload: flat for user controls, per memory for automatic decisions."""
    payload = payload or {}
    if "memories" in payload:
        payload = payload["memories"].get(memory_id, {})
    return payload.get(name)


def forget_all(rt: Runtime, ns: Namespace, reason: str = "forget-all by user") -> list[Mutation]:
    """Soft-forget every live memory of the namespace, in one transaction."""
    with rt.db.begin() as conn:
        live = repo.select_all(conn, ns, repo.MemoryFilter(states=LIVE))
        out = [transition(rt, ns, m.id, to=MemoryState.ARCHIVED, kind=EventKind.FORGOTTEN, actor=Actor.USER,
                          reason=reason, allowed_from=LIVE, conn=conn) for m in live]
        event_repo.record(conn, ns, EventKind.FORGOT_ALL, Actor.USER, rt.now(), reason=reason,
                          after={"count": len(out)})
    refresh(rt, [m.memory.id for m in out])
    return out


def hard_delete(rt: Runtime, ns: Namespace, memory_id: str, reason: str = "deleted by user") -> Event:
    """Purge a memory's content everywhere (row, versions, events, traces, links, indexes); leave a tombstone."""
    from .purge import purge_memory

    return purge_memory(rt, ns, memory_id, reason)



def versions(rt: Runtime, ns: Namespace, memory_id: str) -> list[dict[str, Any]]:
    T = schema.memory_versions
    with rt.db.read() as conn:
        repo.get(conn, ns, memory_id)
        rows = conn.execute(select(T.c.version, T.c.content, T.c.recorded_at, T.c.actor).where(
            T.c.memory_id == memory_id, T.c.user_id == ns.user_id, T.c.project_id == ns.project_id)
            .order_by(T.c.version)).mappings()
        from ..clock import from_epoch

        return [{"version": r["version"], "content": r["content"], "actor": r["actor"],
                 "replaced_at": from_epoch(r["recorded_at"]).isoformat()} for r in rows]
