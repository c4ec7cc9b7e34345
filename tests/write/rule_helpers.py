"""Shared by the rule test modules: the fixed ``now`` and one message's extracted (type, content) pairs."""

from __future__ import annotations

from datetime import UTC, datetime

from memcore.model import MemoryType
from memcore.write import Turn, extract_rules

NOW = datetime(2026, 1, 7, 12, tzinfo=UTC)


def contents(text: str) -> list[tuple[MemoryType, str]]:
    """What the rule extractor makes of one user message, as (type, content) pairs."""
    return [(c.type, c.content) for c in extract_rules([Turn("user", text, "t1")], now=NOW)]
