"""Working memory upkeep (H2): a TTL and a capacity per session, lowest priority out first.

Defaults are the HelloAgents book's values: capacity 50 items, TTL 60 minutes (its code uses
10 and 120). Priority follows HelloAgents' working memory:

    priority = importance x max(0.1, decay_factor ** (hours since last access / decay_hours))

with decay_factor 0.95 every 6 hours. An evicted memory never disappears: if it is important
(importance >= ``consolidate_importance``) or critical it moves down to the episodic tier,
otherwise it is archived. Pinned memories are never evicted and still count toward capacity.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from enum import StrEnum

from ..errors import InvalidInput
from ..model import EventKind, Memory, MemoryState, Score, ScorePart, Tier
from .plan import Change, epoch

POLICY = "working_priority"


@dataclass(frozen=True, slots=True)
class WorkingMemorySettings:
    """Capacity, TTL and priority decay of the working tier."""

    capacity: int = field(default=50, metadata={"help": "max working memories per session"})
    ttl: timedelta = field(default=timedelta(minutes=60), metadata={"help": "evict after this long idle"})
    decay_factor: float = field(default=0.95, metadata={"help": "priority x this per decay period"})
    decay_hours: float = field(default=6.0, metadata={"help": "length of one priority decay period"})
    consolidate_importance: float = field(default=0.7, metadata={
        "help": "evicted memories at least this important go to episodic instead of the archive"})

    def __post_init__(self) -> None:
        if self.capacity < 0:
            raise InvalidInput("capacity", f"{self.capacity!r} must be >= 0")
        if self.ttl <= timedelta(0):
            raise InvalidInput("ttl", f"{self.ttl!r} must be positive")
        if not 0.0 < self.decay_factor <= 1.0:
            raise InvalidInput("decay_factor", f"{self.decay_factor!r} must be in (0, 1]")
        if not self.decay_hours > 0:
            raise InvalidInput("decay_hours", f"{self.decay_hours!r} must be > 0")


class EvictionCause(StrEnum):
    """Why a working memory is evicted."""

    TTL = "ttl"
    CAPACITY = "capacity"


@dataclass(frozen=True, slots=True)
class Eviction:
    """One working memory leaving the working tier, with the priority that ranked it."""

    memory_id: str
    cause: EvictionCause
    priority: Score
    change: Change

    @property
    def reason(self) -> str:
        """Why it is evicted and where it goes."""
        return self.change.reason


@dataclass(frozen=True, slots=True)
class WorkingMemoryPlan:
    """Evictions in order (TTL first, then lowest priority first) and the counts behind them."""

    now: datetime
    evictions: list[Eviction]
    counts_before: dict[str | None, int]
    settings: WorkingMemorySettings

    def changes(self) -> Iterator[Change]:
        """The eviction changes, in order."""
        for eviction in self.evictions:
            yield eviction.change

    @property
    def summary(self) -> str:
        """One line: TTL and capacity evictions."""
        ttl = sum(1 for e in self.evictions if e.cause is EvictionCause.TTL)
        return (f"working memory: {ttl} past TTL {self.settings.ttl}, {len(self.evictions) - ttl} over capacity "
                f"{self.settings.capacity}, across {len(self.counts_before)} session(s)")


def priority(memory: Memory, now: datetime, settings: WorkingMemorySettings | None = None) -> Score:
    """HelloAgents working-memory priority: importance x time decay (a product, see ``formula``)."""
    cfg = settings or WorkingMemorySettings()
    hours = _idle_seconds(memory, now) / 3600.0
    decay = max(0.1, cfg.decay_factor ** (hours / cfg.decay_hours))
    return Score(total=memory.importance * decay, policy=POLICY, formula="product",
                 parts=(ScorePart("importance", memory.importance, 1.0), ScorePart("time_decay", decay, 1.0)))


def plan_working_memory(memories: Iterable[Memory], now: datetime,
                        settings: WorkingMemorySettings | None = None) -> WorkingMemoryPlan:
    """Plan TTL and capacity evictions for live working-tier memories, per session.

    Reads: id, tier, state, session_id, user_id, project_id, importance, is_critical, type,
    last_accessed_at, last_used_at, created_at.
    """
    cfg = settings or WorkingMemorySettings()
    ttl_s = cfg.ttl.total_seconds()
    sessions: dict[tuple[str, str, str | None], list[Memory]] = {}
    for m in memories:
        if m.tier is Tier.WORKING and m.state in (MemoryState.ACTIVE, MemoryState.PINNED):
            sessions.setdefault((m.user_id, m.project_id, m.session_id), []).append(m)
    evictions: list[Eviction] = []
    counts: dict[str | None, int] = {}
    for (_, _, session), items in sorted(sessions.items(), key=lambda kv: tuple(str(k) for k in kv[0])):
        counts[session] = counts.get(session, 0) + len(items)
        staying: list[Memory] = []
        for m in sorted(items, key=lambda m: m.id):
            idle = _idle_seconds(m, now)
            if idle > ttl_s and not m.pinned:
                reason = f"idle {idle / 60:.0f} min > TTL {ttl_s / 60:g} min"
                evictions.append(_evict(m, now, cfg, EvictionCause.TTL, reason))
            else:
                staying.append(m)
        excess = len(staying) - cfg.capacity
        if excess <= 0:
            continue
        ranked = sorted((m for m in staying if not m.pinned),
                        key=lambda m: (priority(m, now, cfg).total, -_idle_seconds(m, now), m.id))
        for m in ranked[:excess]:
            p = priority(m, now, cfg).total
            reason = (f"{len(staying)} working memories > capacity {cfg.capacity}: lowest priority "
                      f"{p:.3f} evicted first")
            evictions.append(_evict(m, now, cfg, EvictionCause.CAPACITY, reason))
    return WorkingMemoryPlan(now=now, evictions=evictions, counts_before=counts, settings=cfg)


def _evict(m: Memory, now: datetime, cfg: WorkingMemorySettings, cause: EvictionCause, why: str) -> Eviction:
    keep = m.critical or m.importance >= cfg.consolidate_importance
    if keep:
        label = "critical" if m.critical else f"importance {m.importance:.2f} >= {cfg.consolidate_importance:g}"
        change = Change(m.id, EventKind.DEMOTED, f"{why}; {label}: move working -> episodic",
                        before={"tier": m.tier}, after={"tier": Tier.EPISODIC})
    else:
        change = Change(m.id, EventKind.ARCHIVED,
                        f"{why}; importance {m.importance:.2f} < {cfg.consolidate_importance:g}: archive",
                        before={"state": m.state}, after={"state": MemoryState.ARCHIVED})
    return Eviction(m.id, cause, priority(m, now, cfg), change)


def _idle_seconds(m: Memory, now: datetime) -> float:
    times = [t for t in (m.last_accessed_at, m.last_used_at) if t is not None] or [m.created_at]
    stamps = [s for s in (epoch(t) for t in times) if s is not None]
    now_s = epoch(now)
    assert now_s is not None
    return max(0.0, now_s - max(stamps)) if stamps else 0.0
