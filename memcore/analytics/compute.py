"""Analytics as pure functions over memories, events and traces (SPEC 10).

Every function takes plain records (``Memory``) or tuples and returns lists / dicts of numbers and
strings, ready for JSON, a CLI table or a chart. No pandas, no database access here.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from ..errors import InvalidInput
from ..model import RETRIEVABLE_STATES, Memory

DEFAULT_STABILITIES: tuple[float, ...] = (1.0, 5.0, 10.0, 30.0, 90.0)
PERIODS = ("day", "week", "month")


def period_start(when: datetime, period: str = "week") -> str:
    """ISO date of the start of the period holding ``when`` (weeks start on Monday, UTC)."""
    if when.tzinfo is not None:
        when = when.astimezone(UTC)
    day = when.date()
    if period == "day":
        return day.isoformat()
    if period == "week":
        return (day - timedelta(days=day.weekday())).isoformat()
    if period == "month":
        return day.replace(day=1).isoformat()
    raise InvalidInput("period", f"{period!r} is not a period; use one of: {', '.join(PERIODS)}")


def counts(memories: Sequence[Memory]) -> dict[str, dict[str, int]]:
    """Memories by type, state, tier and privacy (largest first)."""
    out: dict[str, dict[str, int]] = {}
    for name in ("type", "state", "tier", "privacy"):
        c = Counter(getattr(m, name).value for m in memories)
        out[name] = dict(sorted(c.items(), key=lambda kv: (-kv[1], kv[0])))
    return out


def growth(memories: Sequence[Memory], period: str = "week") -> list[dict[str, Any]]:
    """Memories created per period, with the running total: ``[{period, created, total}]``, oldest first."""
    created = Counter(period_start(m.created_at, period) for m in memories if m.created_at is not None)
    total = 0
    out = []
    for key in sorted(created):
        total += created[key]
        out.append({"period": key, "created": created[key], "total": total})
    return out


def growth_by_type(memories: Sequence[Memory], period: str = "week") -> list[dict[str, Any]]:
    """Memories created per period and type: ``[{period, type, created}]``."""
    c = Counter((period_start(m.created_at, period), m.type.value) for m in memories if m.created_at is not None)
    return [{"period": p, "type": t, "created": n} for (p, t), n in sorted(c.items())]


def events_over_time(events: Iterable[tuple[str, datetime]], period: str = "week") -> list[dict[str, Any]]:
    """Events per period and kind from ``(kind, at)`` pairs: ``[{period, kind, count}]``."""
    c = Counter((period_start(at, period), str(kind)) for kind, at in events)
    return [{"period": p, "kind": k, "count": n} for (p, k), n in sorted(c.items())]


def histogram(values: Iterable[float], bins: int = 10, low: float = 0.0, high: float = 1.0) -> dict[str, Any]:
    """Counts of values in ``bins`` equal bins over [low, high] (values outside are clamped).

    Returns ``{"edges": [bins + 1 floats], "counts": [bins ints], "n": int, "mean": float | None}``.
    """
    if bins < 1 or not high > low:
        raise InvalidInput("bins", f"need bins >= 1 and high > low (got {bins}, {low}, {high})")
    width = (high - low) / bins
    out = [0] * bins
    n = 0
    total = 0.0
    for v in values:
        v = float(v)
        if math.isnan(v):
            continue
        i = int((min(max(v, low), high) - low) / width)
        out[min(i, bins - 1)] += 1
        n += 1
        total += v
    return {"edges": [round(low + i * width, 6) for i in range(bins + 1)], "counts": out, "n": n,
            "mean": round(total / n, 6) if n else None}


def _hours_since(m: Memory, now: datetime) -> float:
    times = [t for t in (m.last_accessed_at, m.last_used_at, m.created_at) if t is not None]
    if not times:
        return 0.0
    return max(0.0, (now - max(times)).total_seconds() / 3600.0)


def score_distribution(memories: Sequence[Memory], now: datetime, bins: int = 12) -> dict[str, Any]:
    """Distribution of the query-free ``tiered`` score (the one GC uses) over retrievable memories."""
    from ..lifecycle.tiered import tiered_scores

    live = [m for m in memories if m.state in RETRIEVABLE_STATES]
    if not live:
        return {**histogram([], bins, 0.0, 0.6), "policy": "tiered"}
    scores = tiered_scores([m.importance for m in live], [_hours_since(m, now) for m in live],
                           [m.access_count for m in live])
    return {**histogram(scores.total.tolist(), bins, 0.0, 0.6), "policy": "tiered"}


def strength_distribution(memories: Sequence[Memory], bins: int = 10) -> dict[str, Any]:
    """Distribution of FSRS strength (importance x R) over retrievable memories."""
    return histogram((m.strength for m in memories if m.state in RETRIEVABLE_STATES), bins)


def importance_distribution(memories: Sequence[Memory], bins: int = 10) -> dict[str, Any]:
    return histogram((m.importance for m in memories if m.state in RETRIEVABLE_STATES), bins)


def decay_curves(stabilities: Sequence[float] = DEFAULT_STABILITIES, days: int = 90, curve: str = "fsrs4.5",
                 points: int = 91) -> list[dict[str, Any]]:
    """R(t) of the forgetting curve for several stabilities: ``[{curve, stability, days, retrievability}]``."""
    from ..lifecycle.decay import CURVES

    if curve not in CURVES:
        raise InvalidInput("curve", f"{curve!r} is not a curve; use one of: {', '.join(CURVES)}")
    if days < 1 or points < 2:
        raise InvalidInput("days", f"need days >= 1 and points >= 2 (got {days}, {points})")
    fc = CURVES[curve]
    ts = [days * i / (points - 1) for i in range(points)]
    return [{"curve": fc.name, "stability": float(s), "days": [round(t, 4) for t in ts],
             "retrievability": [round(fc.retrievability(t, s), 6) for t in ts]} for s in stabilities]


def token_totals(memories: Sequence[Memory]) -> dict[str, Any]:
    """Token counts: all rows, the live (injectable) ones, and per state / type / tier."""
    by: dict[str, dict[str, int]] = {"state": defaultdict(int), "type": defaultdict(int), "tier": defaultdict(int)}
    total = live = 0
    for m in memories:
        total += m.token_count
        if m.state in RETRIEVABLE_STATES:
            live += m.token_count
        for name, acc in by.items():
            acc[getattr(m, name).value] += m.token_count
    return {"total": total, "live": live,
            **{f"by_{k}": dict(sorted(v.items(), key=lambda kv: (-kv[1], kv[0]))) for k, v in by.items()}}


def gc_pressure(memories: Sequence[Memory]) -> list[dict[str, Any]]:
    """Live tokens per tier against the tier budget (P1): ``[{tier, tokens, budget, ratio, memories}]``."""
    from ..lifecycle.gc import DEFAULT_TIER_LIMITS

    tokens: dict[str, int] = defaultdict(int)
    count: dict[str, int] = defaultdict(int)
    for m in memories:
        if m.state in RETRIEVABLE_STATES:
            tokens[m.tier.value] += m.token_count
            count[m.tier.value] += 1
    return [{"tier": lim.tier.value, "tokens": tokens[lim.tier.value], "budget": lim.max_tokens,
             "ratio": round(tokens[lim.tier.value] / lim.max_tokens, 4), "memories": count[lim.tier.value]}
            for lim in DEFAULT_TIER_LIMITS]


def token_savings(live_tokens: int, context_tokens: Sequence[int]) -> dict[str, Any]:
    """What budgeted contexts saved against injecting every live memory: per-build average and ratio."""
    builds = len(context_tokens)
    avg = sum(context_tokens) / builds if builds else 0.0
    saved = max(0.0, live_tokens - avg) if builds else 0.0
    return {"builds": builds, "live_tokens": live_tokens, "avg_context_tokens": round(avg, 1),
            "saved_per_build": round(saved, 1), "saved_ratio": round(saved / live_tokens, 4) if live_tokens else 0.0}


def top_used(memories: Sequence[Memory], n: int = 10) -> list[dict[str, Any]]:
    """The ``n`` most used memories (usage, then access count): ``[{id, content, type, state, usage_count, ...}]``."""
    ranked = sorted((m for m in memories if m.usage_count or m.access_count),
                    key=lambda m: (-m.usage_count, -m.access_count, m.id))[:n]
    return [{"id": m.id, "content": m.content, "type": m.type.value, "state": m.state.value,
             "usage_count": m.usage_count, "access_count": m.access_count,
             "last_used_at": m.last_used_at.isoformat() if m.last_used_at else None} for m in ranked]
