"""The raw components scoring policies combine, each a small pure function of a memory and time.

Every function returns a plain float; the policies decide weights. Times before ``now``
count as age 0 (a clock skew never produces a bonus above 1).
"""

from __future__ import annotations

import math
from datetime import UTC, datetime

from ..model import Memory, MemoryState, MemoryType, Privacy

__all__ = [
    "PRIVACY_PENALTY", "age_hours", "recency", "usage", "privacy", "outdated", "superseded", "critical_bonus",
    "access_recency", "access_frequency", "time_decay", "daily_recency", "rating_expectation", "rating_freshness",
]

PRIVACY_PENALTY: dict[Privacy, float] = {Privacy.PUBLIC: 0.0, Privacy.PRIVATE: 0.4, Privacy.SENSITIVE: 1.0}

_GONE_STATES = frozenset({MemoryState.SUPERSEDED, MemoryState.EXPIRED, MemoryState.DELETED})


def _aware(when: datetime) -> datetime:
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)


def age_hours(since: datetime | None, now: datetime) -> float:
    """Hours from ``since`` to ``now``, never negative; 0 when ``since`` is unknown."""
    if since is None:
        return 0.0
    return max(0.0, (_aware(now) - _aware(since)).total_seconds() / 3600.0)


def recency(memory: Memory, now: datetime, half_life_days: float = 14.0) -> float:
    """``0.5 ** (age_days / half_life)`` on ``updated_at`` (else ``created_at``): halves every 14 days."""
    anchor = memory.updated_at or memory.created_at
    return 0.5 ** (age_hours(anchor, now) / 24.0 / half_life_days)


def usage(memory: Memory) -> float:
    """``1 - 1 / (1 + ln(1 + usage_count))``: 0 for an unused memory, rising slowly towards 1."""
    n = max(0, memory.usage_count)
    return 1.0 - 1.0 / (1.0 + math.log1p(n))


def privacy(memory: Memory) -> float:
    """Privacy penalty: public 0, private 0.4, sensitive 1.0."""
    return PRIVACY_PENALTY[memory.privacy]


def outdated(memory: Memory) -> float:
    """1 when the memory is of type outdated or in state archived, else 0."""
    return 1.0 if memory.type is MemoryType.OUTDATED or memory.state is MemoryState.ARCHIVED else 0.0


def superseded(memory: Memory) -> float:
    """1 when superseded (state or link), expired or deleted, else 0."""
    gone = memory.state in _GONE_STATES or memory.superseded_by is not None
    return 1.0 if gone or memory.type is MemoryType.DELETED_BY_USER else 0.0


def critical_bonus(memory: Memory) -> float:
    """1 when the memory is critical (flag or type) or pinned, else 0."""
    return 1.0 if memory.critical or memory.state is MemoryState.PINNED else 0.0


def access_recency(memory: Memory, now: datetime, rate_per_hour: float = 0.1) -> float:
    """``exp(-rate x hours since last access)`` (PMA tiered); never accessed counts from creation."""
    anchor = memory.last_accessed_at or memory.created_at
    return math.exp(-rate_per_hour * age_hours(anchor, now))


def access_frequency(memory: Memory) -> float:
    """``min(log1p(access_count) / 10, 1)`` (PMA tiered)."""
    return min(math.log1p(max(0, memory.access_count)) / 10.0, 1.0)


def time_decay(memory: Memory, now: datetime, base: float = 0.95, every_hours: float = 6.0,
               floor: float = 0.1) -> float:
    """HelloAgents working-memory decay ``max(floor, base ** (hours / every_hours))`` from creation."""
    anchor = memory.created_at or memory.updated_at
    return max(floor, base ** (age_hours(anchor, now) / every_hours))


def daily_recency(memory: Memory, now: datetime, rate_per_day: float = 0.1, floor: float = 0.1) -> float:
    """HelloAgents episodic recency ``max(floor, exp(-rate x age_days))`` from creation."""
    anchor = memory.created_at or memory.updated_at
    return max(floor, math.exp(-rate_per_day * age_hours(anchor, now) / 24.0))


def rating_freshness(age_cycles: int) -> float:
    """SPEC 8.5 freshness bonus ``400 x 0.5 ** (age / 4)`` in rating points."""
    return 400.0 * 0.5 ** (max(0, age_cycles) / 4.0)


def rating_expectation(memory: Memory, baseline: float = 1500.0, scale: float = 400.0,
                       with_freshness: bool = True) -> float:
    """Logistic (Elo) expectation of the memory against the baseline, in (0, 1).

    ``1 / (1 + 10 ** ((baseline - (rating + freshness)) / scale))`` as SPEC 8.5 defines it;
    ``with_freshness=False`` compares the bare rating.
    """
    effective = memory.rating + (rating_freshness(memory.age_cycles) if with_freshness else 0.0)
    exponent = (baseline - effective) / scale
    if exponent > 300:
        return 0.0
    return 1.0 / (1.0 + 10.0 ** exponent)
