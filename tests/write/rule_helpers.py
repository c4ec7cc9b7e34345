"""Shared by the rule test modules: the fixed ``now`` and one message's extracted (type, content) pairs."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from memcore.model import Memory, MemoryType
from memcore.write import Turn, extract_rules, plan_write

NOW = datetime(2026, 1, 7, 12, tzinfo=UTC)


def contents(text: str) -> list[tuple[MemoryType, str]]:
    """What the rule extractor makes of one user message, as (type, content) pairs."""
    return [(c.type, c.content) for c in extract_rules([Turn("user", text, "t1")], now=NOW)]


def plan_after(old_texts: list[str], new_text: str, *, age: timedelta = timedelta(minutes=5),
               old_type: MemoryType = MemoryType.NOTE):
    """The write plan for one user message after ``old_texts`` (memories ``m0``, ``m1``, ... of ``old_type``,
    notes by default, stored ``age`` before now, oldest first)."""
    existing = [Memory(id=f"m{i}", user_id="u", project_id="p", content=text, type=old_type,
                       created_at=NOW - age - timedelta(minutes=len(old_texts) - i))
                for i, text in enumerate(old_texts)]
    return plan_write(extract_rules([Turn("user", new_text, "t9")], now=NOW), existing, now=NOW)
