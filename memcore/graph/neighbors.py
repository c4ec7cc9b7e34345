"""``neighbors(entity)`` (P4): the memories that mention an entity or tag, and what co-occurs with it."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ..errors import InvalidInput
from ..model import RETRIEVABLE_STATES, Memory, MemoryState, Namespace
from ..store import memories as repo
from .build import _scope
from .style import SUMMARY_TAG


@dataclass
class Neighbors:
    """Memories mentioning ``entity`` (as an entity or a tag), newest first, and co-occurring names with counts."""

    entity: str
    memories: list[Memory]
    entities: list[tuple[str, int]] = field(default_factory=list)
    tags: list[tuple[str, int]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"entity": self.entity, "memories": [m.to_dict() for m in self.memories],
                "entities": [{"name": n, "count": c} for n, c in self.entities],
                "tags": [{"name": n, "count": c} for n, c in self.tags]}


def neighbors(source: Any, entity: str, namespace: Namespace | None = None, *, include_inactive: bool = False,
              limit: int = 50) -> Neighbors:
    """Memories that mention ``entity`` (case-insensitive, as entity or tag) and their other entities/tags."""
    name = " ".join(str(entity or "").split())
    if not name:
        raise InvalidInput("entity", "give an entity or tag name, e.g. 'postgres'")
    if limit < 1:
        raise InvalidInput("limit", f"{limit!r} must be at least 1")
    runtime, ns = _scope(source, namespace)
    states: tuple[MemoryState, ...] = () if include_inactive else RETRIEVABLE_STATES
    key = name.lower()
    flush = getattr(runtime, "flush", None)
    if flush is not None:
        flush()
    with runtime.db.read() as conn:
        found = repo.select_all(conn, ns, repo.MemoryFilter(states=states, tags=(key,)))
    hits = [m for m in found if key in {e.lower() for e in m.entities} or key in m.tags]
    hits.sort(key=lambda m: (m.created_at is None, -(m.created_at.timestamp() if m.created_at else 0), m.id))
    entity_counts: Counter[str] = Counter()
    tag_counts: Counter[str] = Counter()
    for m in hits:
        entity_counts.update(e for e in set(m.entities) if e.lower() != key)
        tag_counts.update(t for t in set(m.tags) if t != key and t != SUMMARY_TAG)
    order = lambda item: (-item[1], item[0].lower())  # noqa: E731
    return Neighbors(name, hits[:limit], sorted(entity_counts.items(), key=order),
                     sorted(tag_counts.items(), key=order))
