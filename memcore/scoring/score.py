"""Scoring one memory (or many) under a policy, with the per-component breakdown the trace shows."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from ..model import Memory, MemoryState, Namespace, Score, ScorePart
from . import components as c
from .policy import CURVE_DECAY, Formula, Policy, resolve_policy

__all__ = ["Signals", "score", "score_many", "score_candidates", "retrievability", "strength", "sort_first",
           "is_first"]


@dataclass(frozen=True, slots=True)
class Signals:
    """Query-dependent inputs to a score (all 0 without a query).

    ``semantic`` is the fused similarity; ``project_match`` is 1 when the memory belongs to the
    project the query runs in (the default: retrieval is namespace-scoped).
    """

    semantic: float = 0.0
    dense: float = 0.0
    keyword: float = 0.0
    sparse: float = 0.0
    graph: float = 0.0
    project_match: float = 1.0


_NO_SIGNALS = Signals()


def retrievability(elapsed_days: float, stability_days: float, decay: float = 0.5) -> float:
    """FSRS forgetting curve ``(1 + F t / S) ** -w`` with ``F = 0.9 ** (-1 / w) - 1`` (so R(S) = 0.9)."""
    factor = 0.9 ** (-1.0 / decay) - 1.0
    t = max(0.0, float(elapsed_days))
    s = max(1e-3, float(stability_days))
    return (1.0 + factor * t / s) ** -decay


def _recall_anchor(memory: Memory) -> datetime | None:
    times = [t for t in (memory.last_accessed_at, memory.last_used_at) if t is not None]
    return max(times) if times else memory.created_at


def strength(memory: Memory, now: datetime, curve: str = "fsrs4.5") -> float:
    """``importance x R(days since last recall, stability)`` on the named curve."""
    days = c.age_hours(_recall_anchor(memory), now) / 24.0
    return memory.importance * retrievability(days, memory.stability, CURVE_DECAY[curve])


def _raw(name: str, memory: Memory, signals: Signals, now: datetime, policy: Policy) -> float:
    if name == "semantic":
        return signals.semantic
    if name == "dense":
        return signals.dense
    if name == "keyword":
        return signals.keyword
    if name == "sparse":
        return signals.sparse
    if name == "graph":
        return signals.graph
    if name == "importance":
        return memory.importance
    if name == "confidence":
        return memory.confidence
    if name == "recency":
        return c.recency(memory, now, policy.half_life_days)
    if name == "usage":
        return c.usage(memory)
    if name == "project_match":
        return signals.project_match
    if name == "critical_bonus":
        return c.critical_bonus(memory)
    if name == "outdated":
        return c.outdated(memory)
    if name == "privacy":
        return c.privacy(memory)
    if name == "superseded":
        return c.superseded(memory)
    if name == "access_recency":
        return c.access_recency(memory, now, policy.access_rate_per_hour)
    if name == "access_frequency":
        return c.access_frequency(memory)
    if name == "daily_recency":
        return c.daily_recency(memory, now)
    if name == "strength":
        return strength(memory, now, policy.curve)
    if name == "rating":
        return c.rating_expectation(memory, policy.rating_baseline, policy.rating_scale, policy.rating_freshness)
    raise KeyError(name)  # unreachable: Policy validates component names


def score(memory: Memory, signals: Signals | None, now: datetime, policy: Policy | str | None = None) -> Score:
    """The score of ``memory`` under ``policy`` (default governance) with its breakdown."""
    pol = resolve_policy(policy)
    sig = signals or _NO_SIGNALS
    if pol.formula is Formula.PRODUCT:
        days = c.age_hours(_recall_anchor(memory), now) / 24.0
        r = retrievability(days, memory.stability, CURVE_DECAY[pol.curve])
        parts = (ScorePart("importance", memory.importance, 1.0), ScorePart("retrievability", r, 1.0))
        return Score(memory.importance * r, pol.name, parts, f"importance x R(t, S) [{pol.curve}]")
    parts = tuple(ScorePart(name, _raw(name, memory, sig, now, pol), weight) for name, weight in pol.weights.items())
    base = math.fsum(p.contribution for p in parts)
    if pol.formula is Formula.ADDITIVE:
        return Score(base, pol.name, parts, "sum")
    factor = pol.importance_floor + pol.importance_gain * memory.importance
    terms = " + ".join(f"{w:g} {n}" for n, w in pol.weights.items())
    formula = f"({terms})"
    extra: list[ScorePart] = []
    total = base
    if pol.time_decay:
        decay = c.time_decay(memory, now, pol.decay_base, pol.decay_every_hours, pol.decay_floor)
        extra.append(ScorePart("time_decay", decay, 1.0))
        total *= decay
        formula += " x time_decay"
    extra.append(ScorePart("importance_factor", factor, 1.0))
    formula += f" x ({pol.importance_floor:g} + {pol.importance_gain:g} importance)"
    return Score(total * factor, pol.name, parts + tuple(extra), formula)


def score_many(memories: Sequence[Memory], signals: Sequence[Signals] | None, now: datetime,
               policy: Policy | str | None = None) -> list[Score]:
    """Scores for many memories (``signals`` aligned with ``memories``, or None for no query)."""
    pol = resolve_policy(policy)
    if signals is not None and len(signals) != len(memories):
        from ..errors import InvalidInput

        raise InvalidInput("signals", f"{len(signals)} signals for {len(memories)} memories; pass one each")
    sigs: Iterable[Signals | None] = signals if signals is not None else [None] * len(memories)
    return [score(m, s, now, pol) for m, s in zip(memories, sigs, strict=True)]


def score_candidates(candidates: Iterable[Any], now: datetime, policy: Policy | str | None,
                     namespace: Namespace | None = None) -> None:
    """Set ``candidate.score`` on retrieval candidates (objects with ``memory``, ``similarity``,
    ``dense``, ``keyword``, ``sparse``, ``graph``); project_match compares with ``namespace``."""
    pol = resolve_policy(policy)
    for cand in candidates:
        memory = cand.memory
        match = 1.0 if namespace is None or memory.project_id == namespace.project_id else 0.0
        signals = Signals(semantic=float(cand.similarity), dense=float(cand.dense), keyword=float(cand.keyword),
                          sparse=float(getattr(cand, "sparse", 0.0)), graph=float(getattr(cand, "graph", 0.0)),
                          project_match=match)
        cand.score = score(memory, signals, now, pol)


def is_first(memory: Memory) -> bool:
    """Critical and pinned memories sort before everything else (SPEC 4)."""
    return memory.critical or memory.state is MemoryState.PINNED


def sort_first(items: Iterable[tuple[Memory, Score]]) -> list[tuple[Memory, Score]]:
    """Order (memory, score) pairs: critical/pinned first, then by score, then by id for stability."""
    return sorted(items, key=lambda pair: (not is_first(pair[0]), -pair[1].total, pair[0].id))
