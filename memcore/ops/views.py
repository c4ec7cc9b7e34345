"""Read-only views: browse, timeline, history/lineage, stats."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from ..errors import InvalidInput
from ..model import Actor, Event, EventKind, Link, LinkKind, Memory, MemoryState, MemoryType, Namespace, Page, Tier
from ..model.validation import parse_enum, positive_int
from ..runtime import Runtime
from ..store import events as event_repo
from ..store import links as link_repo
from ..store import memories as repo
from .memories import versions

MAX_PAGE = 1000


def browse(rt: Runtime, ns: Namespace, *, states: Any = (), types: Any = (), tiers: Any = (), tags: Any = (),
           text: str | None = None, created_after: datetime | None = None, created_before: datetime | None = None,
           valid_at: datetime | None = None, limit: int = 50, offset: int = 0, sort: str = "created_at",
           descending: bool = True) -> Page[Memory]:
    """A page of memories matching a structured filter, sorted."""
    if sort not in repo.SORTABLE:
        raise InvalidInput("sort", f"{sort!r} is not sortable; use one of: {', '.join(repo.SORTABLE)}")
    flt = repo.MemoryFilter(
        states=tuple(parse_enum(s, MemoryState, "state") for s in _many(states)),
        types=tuple(parse_enum(t, MemoryType, "type") for t in _many(types)),
        tiers=tuple(parse_enum(t, Tier, "tier") for t in _many(tiers)),
        tags=tuple(str(t).strip().lower() for t in _many(tags)), text=text or None,
        created_after=created_after, created_before=created_before, valid_at=valid_at)
    limit = positive_int(limit, "limit", minimum=1, maximum=MAX_PAGE)
    offset = positive_int(offset, "offset", minimum=0)
    with rt.db.read() as conn:
        items, total = repo.page(conn, ns, flt, limit=limit, offset=offset, sort=sort, descending=descending)
    return Page(items, total, offset, limit)


def _many(value: Any) -> list[Any]:
    if value is None or value == "":
        return []
    if isinstance(value, str):
        return [v for v in value.split(",") if v.strip()]
    return list(value)


def timeline(rt: Runtime, ns: Namespace, *, limit: int = 100, offset: int = 0, kinds: Any = (), actors: Any = (),
             memory_id: str | None = None, since: datetime | None = None,
             until: datetime | None = None) -> Page[Event]:
    limit = positive_int(limit, "limit", minimum=1, maximum=10_000)
    kinds_ = tuple(parse_enum(k, EventKind, "kind") for k in _many(kinds))
    actors_ = tuple(parse_enum(a, Actor, "actor") for a in _many(actors))
    with rt.db.read() as conn:
        items, total = event_repo.timeline(conn, ns, limit=limit, offset=offset, kinds=kinds_, actors=actors_,
                                           memory_id=memory_id, since=since, until=until)
    return Page(items, total, offset, limit)


@dataclass
class History:
    """Everything that happened to one memory: its events (oldest first), older versions and links."""

    memory: Memory | None
    events: list[Event]
    versions: list[dict[str, Any]]
    links: list[Link]
    lineage: list[str] = field(default_factory=list)  # supersession chain, oldest first

    def to_dict(self) -> dict[str, Any]:
        return {"memory": self.memory.to_dict() if self.memory else None,
                "events": [e.to_dict() for e in self.events], "versions": self.versions,
                "links": [lk.to_dict() for lk in self.links], "lineage": self.lineage}


def history(rt: Runtime, ns: Namespace, memory_id: str) -> History:
    """History of a memory; works for hard-deleted memories too (their tombstone and scrubbed events)."""
    with rt.db.read() as conn:
        events, total = event_repo.timeline(conn, ns, memory_id=memory_id, limit=10_000, newest_first=False)
        try:
            memory = repo.get(conn, ns, memory_id)
        except LookupError:
            if not total:
                raise
            return History(None, events, [], [], [memory_id])
        links = link_repo.of_memory(conn, ns, memory_id)
        lineage = _lineage(conn, ns, memory)
    return History(memory, events, versions(rt, ns, memory_id), links, lineage)


def _lineage(conn: Any, ns: Namespace, memory: Memory) -> list[str]:
    """The supersession chain through this memory: older ids first, then newer ones."""
    chain = [memory.id]
    seen = {memory.id}
    current = memory
    while current.supersedes and current.supersedes not in seen:
        try:
            current = repo.get(conn, ns, current.supersedes)
        except LookupError:
            break
        chain.insert(0, current.id)
        seen.add(current.id)
    current = memory
    while current.superseded_by and current.superseded_by not in seen:
        try:
            current = repo.get(conn, ns, current.superseded_by)
        except LookupError:
            break
        chain.append(current.id)
        seen.add(current.id)
    return chain


@dataclass
class Stats:
    total: int
    by_state: dict[str, int]
    by_type: dict[str, int]
    by_tier: dict[str, int]
    by_privacy: dict[str, int]
    events_by_kind: dict[str, int]
    links: int
    tokens_live: int

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


def stats(rt: Runtime, ns: Namespace) -> Stats:
    from sqlalchemy import func, select

    from ..store import schema

    T = schema.memories
    with rt.db.read() as conn:
        by_state = repo.count_by(conn, ns, "state")
        tokens = conn.execute(select(func.coalesce(func.sum(T.c.token_count), 0)).where(
            *repo.clauses(ns, repo.MemoryFilter(states=(MemoryState.ACTIVE, MemoryState.PINNED))))).scalar_one()
        link_count = conn.execute(select(func.count()).select_from(schema.links).where(
            schema.links.c.user_id == ns.user_id, schema.links.c.project_id == ns.project_id)).scalar_one()
        return Stats(total=sum(by_state.values()), by_state=by_state, by_type=repo.count_by(conn, ns, "type"),
                     by_tier=repo.count_by(conn, ns, "tier"), by_privacy=repo.count_by(conn, ns, "privacy"),
                     events_by_kind=event_repo.count_by_kind(conn, ns), links=int(link_count),
                     tokens_live=int(tokens))


__all__ = ["browse", "timeline", "history", "stats", "History", "Stats", "LinkKind"]
