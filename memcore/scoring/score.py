"""Scoring one memory (or many) under a policy, with the per-component breakdown the trace shows."""

from __future__ import annotations

import math
import operator
from collections.abc import Callable, Iterable, Sequence
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


def _column(name: str, memories: Sequence[Memory], signal_column: Callable[[str], list[float]], now: datetime,
            policy: Policy) -> list[float]:
    """The raw values of one component for many memories: the same functions as ``_raw``, looped
    per component instead of dispatched per value (so the values are identical)."""
    if name in _SIGNAL_COMPONENTS:
        return signal_column(name)
    if name == "importance":
        return [m.importance for m in memories]
    if name == "confidence":
        return [m.confidence for m in memories]
    if name == "recency":
        half_life = policy.half_life_days
        return [c.recency(m, now, half_life) for m in memories]
    simple = _MEMORY_COMPONENTS.get(name)
    if simple is not None:
        return [simple(m) for m in memories]
    return [_raw(name, m, _NO_SIGNALS, now, policy) for m in memories]


_SIGNAL_COMPONENTS = frozenset({"semantic", "dense", "keyword", "sparse", "graph", "project_match"})
_MEMORY_COMPONENTS = {"usage": c.usage, "critical_bonus": c.critical_bonus, "outdated": c.outdated,
                      "privacy": c.privacy, "superseded": c.superseded, "access_frequency": c.access_frequency}


def _parts(name: str, values: list[float], weight: float) -> list[ScorePart]:
    """One ScorePart per value; a component with few distinct values (flags, penalties, rounded
    importances) shares one immutable part per value instead of building thousands."""
    distinct = set(values)
    if len(distinct) * 4 <= len(values):
        made = {v: ScorePart(name, v, weight) for v in distinct}
        return [made[v] for v in values]
    return [ScorePart(name, v, weight) for v in values]


def _formula(pol: Policy) -> str:
    """The formula text of a cognitive policy (as :func:`score` writes it)."""
    formula = f"({' + '.join(f'{w:g} {n}' for n, w in pol.weights.items())})"
    if pol.time_decay:
        formula += " x time_decay"
    return formula + f" x ({pol.importance_floor:g} + {pol.importance_gain:g} importance)"


def _batch(memories: Sequence[Memory], signal_column: Callable[[str], list[float]], now: datetime,
           pol: Policy) -> list[Score]:
    """Additive and cognitive scores of many memories, a component at a time (same values as ``score``)."""
    names = tuple(pol.weights)
    weights = tuple(pol.weights.values())
    columns = [_column(name, memories, signal_column, now, pol) for name in names]
    part_rows = zip(*[_parts(n, col, w) for n, col, w in zip(names, columns, weights, strict=True)], strict=True)
    rows = zip(*columns, strict=True)
    name = pol.name
    if pol.formula is Formula.ADDITIVE:
        return [Score(math.fsum(map(operator.mul, raws, weights)), name, parts, "sum")
                for raws, parts in zip(rows, part_rows, strict=True)]
    formula = _formula(pol)
    out: list[Score] = []
    for memory, raws, parts in zip(memories, rows, part_rows, strict=True):
        total = math.fsum(map(operator.mul, raws, weights))
        factor = pol.importance_floor + pol.importance_gain * memory.importance
        extra: list[ScorePart] = []
        if pol.time_decay:
            decay = c.time_decay(memory, now, pol.decay_base, pol.decay_every_hours, pol.decay_floor)
            extra.append(ScorePart("time_decay", decay, 1.0))
            total *= decay
        extra.append(ScorePart("importance_factor", factor, 1.0))
        out.append(Score(total * factor, name, parts + tuple(extra), formula))
    return out


def score_many(memories: Sequence[Memory], signals: Sequence[Signals] | None, now: datetime,
               policy: Policy | str | None = None) -> list[Score]:
    """Scores for many memories (``signals`` aligned with ``memories``, or None for no query).

    Identical to calling :func:`score` on each (tested), computed a component at a time.
    """
    pol = resolve_policy(policy)
    if signals is not None and len(signals) != len(memories):
        from ..errors import InvalidInput

        raise InvalidInput("signals", f"{len(signals)} signals for {len(memories)} memories; pass one each")
    sigs: Sequence[Signals] = signals if signals is not None else [_NO_SIGNALS] * len(memories)
    if pol.formula is Formula.PRODUCT or not memories:
        return [score(m, s, now, pol) for m, s in zip(memories, sigs, strict=True)]
    return _batch(memories, lambda name: [getattr(s, name) for s in sigs], now, pol)


def score_candidates(candidates: Iterable[Any], now: datetime, policy: Policy | str | None,
                     namespace: Namespace | None = None) -> None:
    """Set ``candidate.score`` on retrieval candidates (objects with ``memory``, ``similarity``,
    ``dense``, ``keyword``, ``sparse``, ``graph``); project_match compares with ``namespace``."""
    pol = resolve_policy(policy)
    cands = list(candidates)
    memories = [cand.memory for cand in cands]
    project = None if namespace is None else namespace.project_id

    def signal_column(name: str) -> list[float]:
        if name == "project_match":
            return [1.0 if project is None or m.project_id == project else 0.0 for m in memories]
        attribute = "similarity" if name == "semantic" else name
        return [float(getattr(cand, attribute, 0.0)) for cand in cands]

    if pol.formula is Formula.PRODUCT or not cands:
        scores = [score(m, None, now, pol) for m in memories]
    else:
        scores = _batch(memories, signal_column, now, pol)
    for cand, result in zip(cands, scores, strict=True):
        cand.score = result


def is_first(memory: Memory) -> bool:
    """Critical and pinned memories sort before everything else (SPEC 4)."""
    return memory.critical or memory.state is MemoryState.PINNED


def sort_first(items: Iterable[tuple[Memory, Score]]) -> list[tuple[Memory, Score]]:
    """Order (memory, score) pairs: critical/pinned first, then by score, then by id for stability."""
    return sorted(items, key=lambda pair: (not is_first(pair[0]), -pair[1].total, pair[0].id))
