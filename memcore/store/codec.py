"""Conversion between records and rows (enums by value, times as epoch seconds)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import Any

from ..clock import from_epoch, to_epoch
from ..model import Actor, Event, EventKind, Memory, MemoryState, MemoryType, Modality, Privacy, Source, Tier

MEMORY_TIME_FIELDS = ("last_used_at", "last_accessed_at", "valid_from", "valid_until", "created_at",
                      "updated_at", "expired_at", "expires_at")
_MEMORY_ENUMS = {"type": MemoryType, "tier": Tier, "state": MemoryState, "privacy": Privacy,
                 "modality": Modality, "source": Source}
MEMORY_FIELDS = tuple(f.name for f in fields(Memory))


def keywords_of(memory: Memory) -> str:
    return " ".join([*memory.tags, *memory.entities])


def memory_to_row(memory: Memory) -> dict[str, Any]:
    row: dict[str, Any] = {}
    for name in MEMORY_FIELDS:
        value = getattr(memory, name)
        if name in MEMORY_TIME_FIELDS:
            value = to_epoch(value)
        elif name in _MEMORY_ENUMS:
            value = value.value
        row[name] = value
    row["keywords"] = keywords_of(memory)
    return row


def changes_to_row(changes: Mapping[str, Any]) -> dict[str, Any]:
    row: dict[str, Any] = {}
    for name, value in changes.items():
        if name in MEMORY_TIME_FIELDS:
            value = to_epoch(value)
        elif name in _MEMORY_ENUMS:
            value = _MEMORY_ENUMS[name](value).value
        row[name] = value
    return row


def row_to_memory(row: Mapping[str, Any]) -> Memory:
    values: dict[str, Any] = {}
    for name in MEMORY_FIELDS:
        value = row[name]
        if name in MEMORY_TIME_FIELDS:
            value = from_epoch(value)
        elif name in _MEMORY_ENUMS:
            value = _MEMORY_ENUMS[name](value)
        elif name in ("tags", "entities", "source_ref"):
            value = list(value or [])
        elif name == "metadata":
            value = dict(value or {})
        elif name == "is_critical":
            value = bool(value)
        values[name] = value
    return Memory(**values)


def row_to_event(row: Mapping[str, Any]) -> Event:
    return Event(id=row["id"], user_id=row["user_id"], project_id=row["project_id"], kind=EventKind(row["kind"]),
                 actor=Actor(row["actor"]), at=from_epoch(row["at"]), memory_id=row["memory_id"],
                 reason=row["reason"] or "", before=row["before"], after=row["after"], trace_id=row["trace_id"],
                 undone_by=row["undone_by"])


def snapshot(memory: Memory, names: tuple[str, ...] | None = None) -> dict[str, Any]:
    """JSON-ready values of some fields of a memory (for event before/after)."""
    data = memory.to_dict()
    if names is None:
        data.pop("embedding", None)
        return data
    return {n: data[n] for n in names}
