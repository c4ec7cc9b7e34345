"""Conversion between records and rows (enums by value, times as epoch seconds)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
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
    from ..index.documents import keywords_text

    return keywords_text(memory)


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
    from .schema import ns_token

    row["ns_token"] = ns_token(memory.user_id, memory.project_id)
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


_JSON_LIST_FIELDS = ("tags", "entities", "source_ref")


def _enum_lookup(enum: Any) -> Any:
    table = {m.value: m for m in enum}
    return table.__getitem__


def _json_list(value: Any) -> list[Any]:
    if value is None or value == "[]":
        return []
    return list(json.loads(value)) if isinstance(value, str) else list(value)


def _json_dict(value: Any) -> dict[str, Any]:
    if value is None or value == "{}":
        return {}
    return dict(json.loads(value)) if isinstance(value, str) else dict(value)


def _converter(name: str) -> Any:
    if name in MEMORY_TIME_FIELDS:
        return from_epoch
    if name in _MEMORY_ENUMS:
        return _enum_lookup(_MEMORY_ENUMS[name])
    if name in _JSON_LIST_FIELDS:
        return _json_list
    if name == "metadata":
        return _json_dict
    if name == "is_critical":
        return bool
    return None


FAST_CONVERTERS = tuple(_converter(name) for name in MEMORY_FIELDS)


def _row_reader() -> Any:
    """``tuple_to_memory`` as one generated function: each field's conversion written out in place
    (NULL stays None, except the boolean), which is about a third faster than looping over the
    converters for every row. Generated once, from MEMORY_FIELDS and FAST_CONVERTERS only."""
    scope: dict[str, Any] = {"Memory": Memory}
    args = []
    for i, conv in enumerate(FAST_CONVERTERS):
        if conv is None:
            args.append(f"r[{i}]")
        elif conv is bool:
            args.append(f"bool(r[{i}])")
        else:
            scope[f"conv{i}"] = conv
            args.append(f"None if r[{i}] is None else conv{i}(r[{i}])")
    exec(f"def read(r):\n    return Memory({', '.join(args)})\n", scope)  # noqa: S102 - fixed source, no input
    return scope["read"]


_read_row = _row_reader()


def tuple_to_memory(values: Sequence[Any]) -> Memory:
    """A Memory from a row of MEMORY_FIELDS in order, JSON columns as raw text (the hot path of retrieval)."""
    if len(values) != len(MEMORY_FIELDS):
        raise ValueError(f"{len(values)} values for {len(MEMORY_FIELDS)} memory fields")
    return _read_row(values)


def row_to_event(row: Mapping[str, Any]) -> Event:
    return Event(id=row["id"], user_id=row["user_id"], project_id=row["project_id"], kind=EventKind(row["kind"]),
                 actor=Actor(row["actor"]), at=from_epoch(row["at"]), memory_id=row["memory_id"],
                 reason=row["reason"] or "", before=row["before"], after=row["after"], trace_id=row["trace_id"],
                 undone_by=row["undone_by"])


def snapshot(memory: Memory, names: tuple[str, ...] | None = None) -> dict[str, Any]:
    """JSON-ready values of some fields of a memory (all fields when ``names`` is None)."""
    if names is None:
        return memory.to_dict()
    from ..model.records import plain

    return {n: plain(getattr(memory, n)) for n in names}
