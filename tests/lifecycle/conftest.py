"""Shared helpers for lifecycle tests: a fixed `now`, a memory factory, an in-memory applier."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from memcore.lifecycle import Change, ReflectionPlan, apply_change
from memcore.model import Memory, MemoryState

NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


def mem(mid: str = "m1", *, age: timedelta = timedelta(days=1), **fields: Any) -> Memory:
    """A memory created ``age`` before NOW, with any field overridden."""
    base: dict[str, Any] = {"user_id": "u", "project_id": "p", "content": f"memory {mid}", "created_at": NOW - age}
    base.update(fields)
    return Memory(id=mid, **base)


def apply_changes(memories: Iterable[Memory], changes: Iterable[Change]) -> list[Memory]:
    """Apply changes in order; hard deletes remove the memory."""
    by_id = {m.id: m for m in memories}
    for change in changes:
        if change.hard_delete:
            by_id.pop(change.memory_id)
        else:
            by_id[change.memory_id] = apply_change(by_id[change.memory_id], change)
    return list(by_id.values())


def apply_reflection(memories: Iterable[Memory], plan: ReflectionPlan, now: datetime) -> list[Memory]:
    """What the store does with a reflection plan, step by step, in memory. New summaries get
    ids summary-1, summary-2, ... and supersede the summaries they replace."""
    out = list(memories)
    counter = sum(1 for m in out if m.id.startswith("summary-"))
    for step in plan.steps:
        if step.change is not None:
            out = apply_changes(out, [step.change])
        if step.summary is not None:
            counter += 1
            new_id = f"summary-{counter}"
            out = apply_changes(out, step.summary.supersede_changes(new_id, now))
            out.append(step.summary.build(new_id, now))
    return out


def live(memories: Iterable[Memory]) -> list[Memory]:
    return [m for m in memories if m.state in (MemoryState.ACTIVE, MemoryState.PINNED)]


@pytest.fixture
def now() -> datetime:
    return NOW
