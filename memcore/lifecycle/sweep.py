"""The forgetting sweep (SPEC 8.1, M6): expire what has run out, archive what was never used.

Rules, checked per memory:

1. ``expires_at`` has passed on an active memory (temporary and deadline memories get one on
   write) -> state ``expired``, ``expired_at = now``.
2. an active, non-critical memory idle for more than ``idle_days`` (idle since the latest of
   last_used_at, last_accessed_at, updated_at, else created_at), with ``usage_count <=
   max_usage`` and ``importance < max_importance`` -> state ``archived``.

Nothing is ever hard-deleted. Pinned memories are never expired or archived by the sweep and
critical memories are never archived; both are reported as skips so ``inspect`` can say why.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import datetime

from ..errors import InvalidInput
from ..model import EventKind, Memory, MemoryState
from .plan import Change, Skip, epoch, last_activity

_DAY = 86_400.0


@dataclass(frozen=True, slots=True)
class SweepSettings:
    """Thresholds of the forgetting sweep."""

    idle_days: float = field(default=30.0, metadata={"help": "archive after this many idle days"})
    max_importance: float = field(default=0.35, metadata={"help": "archive only below this importance"})
    max_usage: int = field(default=0, metadata={"help": "archive only with at most this usage_count"})

    def __post_init__(self) -> None:
        if not self.idle_days > 0:
            raise InvalidInput("idle_days", f"{self.idle_days!r} must be a positive number of days")
        if not 0.0 <= self.max_importance <= 1.0:
            raise InvalidInput("max_importance", f"{self.max_importance!r} is outside [0, 1]")
        if self.max_usage < 0:
            raise InvalidInput("max_usage", f"{self.max_usage!r} must be >= 0")


@dataclass(frozen=True, slots=True)
class SweepPlan:
    """What the sweep would do at ``now``: expiries, archivals and deliberate skips."""

    now: datetime
    expire: list[Change]
    archive: list[Change]
    skipped: list[Skip]

    def changes(self) -> Iterator[Change]:
        """Every change, expiries first, in the order to apply them."""
        yield from self.expire
        yield from self.archive

    @property
    def summary(self) -> str:
        """One line of counts."""
        return (f"sweep at {self.now.isoformat()}: {len(self.expire)} to expire, "
                f"{len(self.archive)} to archive, {len(self.skipped)} protected")


def plan_sweep(memories: Iterable[Memory], now: datetime, settings: SweepSettings | None = None) -> SweepPlan:
    """Plan the forgetting sweep over ``memories`` at ``now``.

    Reads: id, state, type, is_critical, expires_at, usage_count, importance, last_used_at,
    last_accessed_at, updated_at, created_at. Only ``active`` (and, to report them, ``pinned``)
    memories are considered; every other state is already out of the prompt.
    """
    cfg = settings or SweepSettings()
    now_s = epoch(now)
    assert now_s is not None
    expire: list[Change] = []
    archive: list[Change] = []
    skipped: list[Skip] = []
    for memory in memories:
        if memory.state not in (MemoryState.ACTIVE, MemoryState.PINNED):
            continue
        expires_s = epoch(memory.expires_at)
        if expires_s is not None and expires_s <= now_s:
            overdue_h = (now_s - expires_s) / 3600.0
            if memory.pinned:
                skipped.append(Skip(memory.id, f"pinned: not expired although expires_at passed "
                                               f"{overdue_h:.1f} h ago; unpin to let it expire"))
            else:
                expire.append(_expire(memory, now, overdue_h))
            continue
        idle_days = _idle_days(memory, now_s)
        if idle_days is None or idle_days <= cfg.idle_days:
            continue
        if memory.usage_count > cfg.max_usage or memory.importance >= cfg.max_importance:
            continue
        if memory.pinned:
            skipped.append(Skip(memory.id, f"pinned: never archived by the sweep (idle {idle_days:.1f} d, "
                                           f"usage {memory.usage_count}, importance {memory.importance:.2f})"))
        elif memory.critical:
            skipped.append(Skip(memory.id, f"critical: never archived automatically (idle {idle_days:.1f} d, "
                                           f"usage {memory.usage_count}, importance {memory.importance:.2f})"))
        else:
            archive.append(_archive(memory, idle_days, cfg))
    return SweepPlan(now=now, expire=expire, archive=archive, skipped=skipped)


def _idle_days(memory: Memory, now_s: float) -> float | None:
    last = epoch(last_activity(memory, include_updates=True))
    return None if last is None else (now_s - last) / _DAY


def _expire(memory: Memory, now: datetime, overdue_h: float) -> Change:
    reason = (f"{memory.type.value} memory expired: expires_at {memory.expires_at.isoformat() if memory.expires_at else '?'} "
              f"passed {overdue_h:.1f} h ago")
    return Change(memory.id, EventKind.EXPIRED, reason,
                  before={"state": memory.state, "expired_at": memory.expired_at},
                  after={"state": MemoryState.EXPIRED, "expired_at": now})


def _archive(memory: Memory, idle_days: float, cfg: SweepSettings) -> Change:
    reason = (f"unused and unimportant: idle {idle_days:.1f} d > {cfg.idle_days:g} d, usage "
              f"{memory.usage_count} <= {cfg.max_usage}, importance {memory.importance:.2f} < {cfg.max_importance:g}")
    return Change(memory.id, EventKind.ARCHIVED, reason,
                  before={"state": memory.state}, after={"state": MemoryState.ARCHIVED})
