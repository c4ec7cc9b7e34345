"""The vocabulary every lifecycle plan shares.

A plan never touches storage. It lists :class:`Change` items; whoever applies a plan sets each
change's ``after`` fields on the memory, writes the planned links, and records one event of
``kind`` with ``reason`` (``before``/``after`` are ready to be stored on that event), all in one
transaction and in the order the plan lists them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from enum import Enum
from typing import Any

from ..clock import to_epoch
from ..errors import InvalidInput
from ..model import EventKind, LinkKind, Memory


@dataclass(frozen=True, slots=True)
class PlannedLink:
    """A memory-memory link to create when the change is applied."""

    source_id: str
    target_id: str
    kind: LinkKind
    weight: float = 1.0


@dataclass(frozen=True, slots=True)
class Change:
    """One planned mutation of one memory.

    ``after`` maps Memory field names to their new values (enums and datetimes as Python
    objects); ``before`` holds the same fields' current values. ``hard_delete`` means the memory
    is purged instead of updated (only ever planned when the user opted in to auto-delete).
    """

    memory_id: str
    kind: EventKind
    reason: str
    before: Mapping[str, Any] = field(default_factory=dict)
    after: Mapping[str, Any] = field(default_factory=dict)
    links: tuple[PlannedLink, ...] = ()
    hard_delete: bool = False

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (enums by value, times ISO-8601)."""
        return {
            "memory_id": self.memory_id,
            "kind": self.kind.value,
            "reason": self.reason,
            "before": _plain(self.before),
            "after": _plain(self.after),
            "links": [{"source_id": lk.source_id, "target_id": lk.target_id, "kind": lk.kind.value,
                       "weight": lk.weight} for lk in self.links],
            "hard_delete": self.hard_delete,
        }


@dataclass(frozen=True, slots=True)
class Skip:
    """A memory a rule would have acted on, left alone on purpose (pinned, critical, ...)."""

    memory_id: str
    reason: str


def apply_change(memory: Memory, change: Change) -> Memory:
    """A copy of ``memory`` with ``change.after`` applied: the in-memory meaning of a change.

    Stores implement the same thing in SQL; this reference is used by tests and simulations.
    """
    if change.memory_id != memory.id:
        raise InvalidInput("memory_id", f"change for {change.memory_id!r} applied to {memory.id!r}")
    return memory.copy(**dict(change.after))


def last_activity(memory: Memory, *, include_updates: bool) -> datetime | None:
    """The latest of last_used_at, last_accessed_at (and updated_at if asked), else created_at."""
    times = [memory.last_used_at, memory.last_accessed_at]
    if include_updates:
        times.append(memory.updated_at)
    known = [t for t in times if t is not None]
    if known:
        return max(known, key=_epoch)
    return memory.created_at


def _epoch(when: datetime | None) -> float:
    value = to_epoch(when)
    return float("-inf") if value is None else value


def epoch(when: datetime | None) -> float | None:
    """UTC seconds since the epoch (naive times are UTC); None stays None."""
    return to_epoch(when)


def _plain(values: Mapping[str, Any]) -> dict[str, Any]:
    return {key: _plain_value(value) for key, value in values.items()}


def _plain_value(value: Any) -> Any:
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Mapping):
        return {str(k): _plain_value(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain_value(v) for v in value]
    return value
