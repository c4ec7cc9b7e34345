"""HelloAgents forgetting and consolidation strategies (SPEC 8.6, H6), as dry-run plans.

- forget by importance: live memories with importance < threshold (book default 0.1);
- forget by age: live memories created more than ``max_age_days`` ago (default 30);
- forget by capacity: keep at most ``capacity`` live memories, the least important (then the
  oldest) go first;
- consolidate ``from_tier`` -> ``to_tier`` (working -> episodic -> semantic) for memories with
  importance >= threshold (book default 0.7).

Forgetting here is soft: the memory is archived, never deleted. Pinned and critical memories
are never forgotten by a strategy and are reported as skips.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any

from ..errors import InvalidInput
from ..model import EventKind, Memory, MemoryState, Tier
from .plan import Change, Skip, epoch

CONSOLIDATION_ORDER: tuple[Tier, ...] = (Tier.WORKING, Tier.EPISODIC, Tier.SEMANTIC)


class Strategy(StrEnum):
    """HelloAgents strategy names (the book's values)."""

    IMPORTANCE = "importance_based"
    AGE = "time_based"
    CAPACITY = "capacity_based"
    CONSOLIDATE = "consolidate"


@dataclass(frozen=True, slots=True)
class StrategyPlan:
    """The changes one strategy would make, with its parameters and the memories it spared."""

    strategy: Strategy
    params: dict[str, Any]
    planned: list[Change]
    skipped: list[Skip]

    def changes(self) -> Iterator[Change]:
        """The planned changes, in order."""
        yield from self.planned

    @property
    def summary(self) -> str:
        """One line: how many memories the strategy changes and spares."""
        verb = "consolidate" if self.strategy is Strategy.CONSOLIDATE else "forget (archive)"
        return f"{self.strategy.value}: {verb} {len(self.planned)}, {len(self.skipped)} protected"


def forget_by_importance(memories: Iterable[Memory], threshold: float = 0.1) -> StrategyPlan:
    """Archive live memories with importance < ``threshold``. Reads id, state, importance, is_critical, type."""
    if not 0.0 <= threshold <= 1.0:
        raise InvalidInput("threshold", f"{threshold!r} is outside [0, 1]")
    changes, skipped = _forget(
        (m for m in _live(memories) if m.importance < threshold),
        lambda m: f"importance {m.importance:.2f} < threshold {threshold:g}")
    return StrategyPlan(Strategy.IMPORTANCE, {"threshold": threshold}, changes, skipped)


def forget_by_age(memories: Iterable[Memory], now: datetime, max_age_days: float = 30.0) -> StrategyPlan:
    """Archive live memories created more than ``max_age_days`` before ``now``. Reads created_at too."""
    if not max_age_days > 0:
        raise InvalidInput("max_age_days", f"{max_age_days!r} must be > 0")
    now_s = epoch(now)
    assert now_s is not None
    limit = timedelta(days=max_age_days).total_seconds()

    def age_days(m: Memory) -> float:
        created = epoch(m.created_at)
        return 0.0 if created is None else (now_s - created) / 86_400.0

    changes, skipped = _forget(
        (m for m in _live(memories) if age_days(m) * 86_400.0 > limit),
        lambda m: f"created {age_days(m):.1f} d ago > max age {max_age_days:g} d")
    return StrategyPlan(Strategy.AGE, {"max_age_days": max_age_days}, changes, skipped)


def forget_by_capacity(memories: Iterable[Memory], capacity: int) -> StrategyPlan:
    """Archive the least important live memories (oldest first on ties) until at most
    ``capacity`` remain; pinned and critical ones count but are never chosen."""
    if capacity < 0:
        raise InvalidInput("capacity", f"{capacity!r} must be >= 0")
    live = list(_live(memories))
    excess = len(live) - capacity
    if excess <= 0:
        return StrategyPlan(Strategy.CAPACITY, {"capacity": capacity}, [], [])
    ranked = sorted(live, key=lambda m: (m.importance, epoch(m.created_at) or 0.0, m.id))
    chosen = [m for m in ranked if not (m.pinned or m.critical)][:excess]
    changes, _ = _forget(chosen, lambda m: f"{len(live)} live memories > capacity {capacity}: "
                                           f"importance {m.importance:.2f} is among the {excess} lowest")
    skipped = [Skip(m.id, _protection(m)) for m in ranked[:excess] if m.pinned or m.critical]
    return StrategyPlan(Strategy.CAPACITY, {"capacity": capacity}, changes, skipped)


def consolidate(memories: Iterable[Memory], from_tier: Tier = Tier.WORKING, to_tier: Tier = Tier.EPISODIC,
                importance_threshold: float = 0.7) -> StrategyPlan:
    """Move live ``from_tier`` memories with importance >= threshold to the longer-lived ``to_tier``."""
    order = CONSOLIDATION_ORDER
    if from_tier not in order or to_tier not in order or order.index(to_tier) <= order.index(from_tier):
        raise InvalidInput("to_tier", f"{from_tier.value} -> {to_tier.value} is not a consolidation; use "
                                      "working -> episodic, working -> semantic or episodic -> semantic")
    if not 0.0 <= importance_threshold <= 1.0:
        raise InvalidInput("importance_threshold", f"{importance_threshold!r} is outside [0, 1]")
    changes = [
        Change(m.id, EventKind.TIER_CHANGED,
               f"importance {m.importance:.2f} >= {importance_threshold:g}: consolidate {from_tier.value} -> "
               f"{to_tier.value}", before={"tier": m.tier}, after={"tier": to_tier})
        for m in _live(memories) if m.tier is from_tier and m.importance >= importance_threshold
    ]
    params = {"from_tier": from_tier.value, "to_tier": to_tier.value, "importance_threshold": importance_threshold}
    return StrategyPlan(Strategy.CONSOLIDATE, params, changes, [])


def _live(memories: Iterable[Memory]) -> Iterator[Memory]:
    return (m for m in memories if m.state in (MemoryState.ACTIVE, MemoryState.PINNED))


def _protection(m: Memory) -> str:
    return "pinned: never forgotten by a strategy" if m.pinned else "critical: never forgotten automatically"


def _forget(chosen: Iterable[Memory], why: Callable[[Memory], str]) -> tuple[list[Change], list[Skip]]:
    changes: list[Change] = []
    skipped: list[Skip] = []
    for m in chosen:
        if m.pinned or m.critical:
            skipped.append(Skip(m.id, f"{_protection(m)} ({why(m)})"))
        else:
            changes.append(Change(m.id, EventKind.ARCHIVED, f"{why(m)}: archive", before={"state": m.state},
                                  after={"state": MemoryState.ARCHIVED}))
    return changes, skipped
