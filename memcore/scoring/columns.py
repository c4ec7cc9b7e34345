"""Vectorised score totals: every component as a numpy column, for ranking many memories at once.

Gives the same totals as :func:`memcore.scoring.score` (tested), without building breakdowns;
build :class:`~memcore.model.Score` objects only for the rows that are shown or traced.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, datetime

import numpy as np
import numpy.typing as npt

from ..errors import InvalidInput
from ..model import Memory, MemoryState, MemoryType
from .components import PRIVACY_PENALTY, rating_freshness
from .policy import CURVE_DECAY, Formula, Policy, resolve_policy
from .score import Signals

__all__ = ["score_totals"]

FloatArray = npt.NDArray[np.float64]
_GONE = (MemoryState.SUPERSEDED, MemoryState.EXPIRED, MemoryState.DELETED)


def _epoch(when: datetime | None, default: float) -> float:
    if when is None:
        return default
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return when.timestamp()


class _Columns:
    """Lazily extracted columns of a memory list."""

    def __init__(self, memories: Sequence[Memory], signals: Sequence[Signals], now: datetime) -> None:
        self.m = memories
        self.s = signals
        self.now = _epoch(now, 0.0)
        self.n = len(memories)

    def col(self, get: Callable[[Memory], float]) -> FloatArray:
        return np.fromiter((get(m) for m in self.m), dtype=np.float64, count=self.n)

    def sig(self, name: str) -> FloatArray:
        return np.fromiter((getattr(s, name) for s in self.s), dtype=np.float64, count=self.n)

    def hours_since(self, get: Callable[[Memory], datetime | None]) -> FloatArray:
        now = self.now
        anchors = self.col(lambda m: _epoch(get(m), now))
        return np.maximum(now - anchors, 0.0) / 3600.0


def _component(name: str, cols: _Columns, policy: Policy) -> FloatArray:
    if name in ("semantic", "dense", "keyword", "sparse", "graph", "project_match"):
        return cols.sig(name)
    if name == "importance":
        return cols.col(lambda m: m.importance)
    if name == "confidence":
        return cols.col(lambda m: m.confidence)
    if name == "recency":
        hours = cols.hours_since(lambda m: m.updated_at or m.created_at)
        return 0.5 ** (hours / 24.0 / policy.half_life_days)
    if name == "usage":
        return 1.0 - 1.0 / (1.0 + np.log1p(np.maximum(cols.col(lambda m: m.usage_count), 0.0)))
    if name == "critical_bonus":
        return cols.col(lambda m: 1.0 if m.critical or m.state is MemoryState.PINNED else 0.0)
    if name == "outdated":
        return cols.col(lambda m: 1.0 if m.type is MemoryType.OUTDATED or m.state is MemoryState.ARCHIVED else 0.0)
    if name == "privacy":
        return cols.col(lambda m: PRIVACY_PENALTY[m.privacy])
    if name == "superseded":
        return cols.col(lambda m: 1.0 if (m.state in _GONE or m.superseded_by is not None
                                          or m.type is MemoryType.DELETED_BY_USER) else 0.0)
    if name == "access_recency":
        return np.exp(-policy.access_rate_per_hour * cols.hours_since(lambda m: m.last_accessed_at or m.created_at))
    if name == "access_frequency":
        return np.minimum(np.log1p(np.maximum(cols.col(lambda m: m.access_count), 0.0)) / 10.0, 1.0)
    if name == "daily_recency":
        days = cols.hours_since(lambda m: m.created_at or m.updated_at) / 24.0
        return np.maximum(0.1, np.exp(-0.1 * days))
    if name == "strength":
        return cols.col(lambda m: m.importance) * _retrievability(cols, policy)
    if name == "rating":
        rating = cols.col(lambda m: m.rating)
        if policy.rating_freshness:
            rating = rating + cols.col(lambda m: rating_freshness(m.age_cycles))
        exponent = np.minimum((policy.rating_baseline - rating) / policy.rating_scale, 300.0)
        return 1.0 / (1.0 + 10.0 ** exponent)
    raise InvalidInput("policy.weights", f"unknown component {name!r}")


def _retrievability(cols: _Columns, policy: Policy) -> FloatArray:
    decay = CURVE_DECAY[policy.curve]
    factor = 0.9 ** (-1.0 / decay) - 1.0

    def anchor(m: Memory) -> datetime | None:
        times = [t for t in (m.last_accessed_at, m.last_used_at) if t is not None]
        return max(times) if times else m.created_at

    days = cols.hours_since(anchor) / 24.0
    stability = np.maximum(cols.col(lambda m: m.stability), 1e-3)
    return (1.0 + factor * days / stability) ** -decay


def score_totals(memories: Sequence[Memory], signals: Sequence[Signals] | None, now: datetime,
                 policy: Policy | str | None = None) -> FloatArray:
    """Score totals of ``memories`` under ``policy`` as one float64 array (same values as ``score``)."""
    pol = resolve_policy(policy)
    if signals is None:
        signals = [Signals()] * len(memories)
    elif len(signals) != len(memories):
        raise InvalidInput("signals", f"{len(signals)} signals for {len(memories)} memories; pass one each")
    cols = _Columns(memories, signals, now)
    if pol.formula is Formula.PRODUCT:
        return cols.col(lambda m: m.importance) * _retrievability(cols, pol)
    total = np.zeros(cols.n, dtype=np.float64)
    for name, weight in pol.weights.items():
        total += weight * _component(name, cols, pol)
    if pol.formula is Formula.ADDITIVE:
        return total
    if pol.time_decay:
        hours = cols.hours_since(lambda m: m.created_at or m.updated_at)
        total *= np.maximum(pol.decay_floor, pol.decay_base ** (hours / pol.decay_every_hours))
    return total * (pol.importance_floor + pol.importance_gain * cols.col(lambda m: m.importance))
