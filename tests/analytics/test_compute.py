"""The pure analytics functions: plain lists and dicts out, correct numbers."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore import InvalidInput, Memory, MemoryState, MemoryType, Tier
from memcore.analytics import (
    counts,
    decay_curves,
    events_over_time,
    gc_pressure,
    growth,
    growth_by_type,
    histogram,
    period_start,
    score_distribution,
    strength_distribution,
    token_savings,
    token_totals,
    top_used,
)

T0 = datetime(2026, 3, 4, 15, 0, tzinfo=UTC)  # a Wednesday


def mem(i: int, days: float = 0, **fields: object) -> Memory:
    base = {"id": f"m{i}", "user_id": "u", "project_id": "p", "content": f"memory {i}",
            "created_at": T0 + timedelta(days=days), "token_count": 10}
    return Memory(**{**base, **fields})  # type: ignore[arg-type]


def test_period_start() -> None:
    assert period_start(T0, "week") == "2026-03-02"  # Monday
    assert period_start(T0, "day") == "2026-03-04"
    assert period_start(T0, "month") == "2026-03-01"
    with pytest.raises(InvalidInput, match="period"):
        period_start(T0, "year")


def test_counts_largest_first() -> None:
    ms = [mem(1, type=MemoryType.PREFERENCE), mem(2, type=MemoryType.DECISION),
          mem(3, type=MemoryType.DECISION, state=MemoryState.PINNED)]
    c = counts(ms)
    assert list(c["type"].items()) == [("decision", 2), ("preference", 1)]
    assert c["state"] == {"active": 2, "pinned": 1}
    assert c["tier"] == {"semantic": 3} and c["privacy"] == {"public": 3}


def test_growth_and_by_type() -> None:
    ms = [mem(1, 0), mem(2, 1, type=MemoryType.FACT), mem(3, 8), mem(4, 9)]
    assert growth(ms) == [{"period": "2026-03-02", "created": 2, "total": 2},
                          {"period": "2026-03-09", "created": 2, "total": 4}]
    rows = growth_by_type(ms)
    assert {"period": "2026-03-02", "type": "fact", "created": 1} in rows
    assert sum(r["created"] for r in rows) == 4


def test_events_over_time() -> None:
    rows = events_over_time([("created", T0), ("created", T0), ("pinned", T0 + timedelta(days=7))])
    assert rows == [{"period": "2026-03-02", "kind": "created", "count": 2},
                    {"period": "2026-03-09", "kind": "pinned", "count": 1}]


def test_histogram_bins_and_clamps() -> None:
    h = histogram([0.0, 0.05, 0.5, 1.0, 1.7, -3, float("nan")], bins=4)
    assert h["edges"] == [0.0, 0.25, 0.5, 0.75, 1.0]
    assert h["counts"] == [3, 0, 1, 2] and h["n"] == 6
    with pytest.raises(InvalidInput):
        histogram([1], bins=0)


@given(st.lists(st.floats(min_value=-2, max_value=3, allow_nan=False), max_size=50), st.integers(1, 20))
def test_histogram_counts_every_value(values: list[float], bins: int) -> None:
    assert sum(histogram(values, bins)["counts"]) == len(values)


def test_score_and_strength_distributions_use_live_memories() -> None:
    ms = [mem(1, importance=1.0, strength=0.9), mem(2, importance=0.0, strength=0.05),
          mem(3, state=MemoryState.ARCHIVED, strength=0.5)]
    s = strength_distribution(ms)
    assert s["n"] == 2 and s["counts"][0] == 1 and s["counts"][-1] == 1
    scores = score_distribution(ms, T0)
    assert scores["n"] == 2 and scores["policy"] == "tiered"
    assert scores["edges"][-1] == pytest.approx(0.6)
    assert score_distribution([], T0)["n"] == 0


def test_decay_curves_pass_r_of_s_equals_0_9() -> None:
    curves = decay_curves(stabilities=(1, 10), days=20, points=21)
    assert [c["stability"] for c in curves] == [1.0, 10.0]
    ten = curves[1]
    assert ten["retrievability"][0] == 1.0
    assert ten["retrievability"][10] == pytest.approx(0.9, abs=1e-6)  # R(S) = 0.9 on the FSRS curves
    assert all(a >= b for a, b in zip(ten["retrievability"], ten["retrievability"][1:], strict=False))
    with pytest.raises(InvalidInput, match="curve"):
        decay_curves(curve="nope")


def test_token_totals_and_gc_pressure() -> None:
    ms = [mem(1, token_count=100, tier=Tier.WORKING), mem(2, token_count=50, state=MemoryState.ARCHIVED),
          mem(3, token_count=3000, tier=Tier.WORKING, state=MemoryState.PINNED)]
    t = token_totals(ms)
    assert t["total"] == 3150 and t["live"] == 3100
    assert t["by_state"] == {"pinned": 3000, "active": 100, "archived": 50}
    working = next(r for r in gc_pressure(ms) if r["tier"] == "working")
    assert working == {"tier": "working", "tokens": 3100, "budget": 2000, "ratio": 1.55, "memories": 2}


def test_token_savings() -> None:
    assert token_savings(1000, [200, 400]) == {"builds": 2, "live_tokens": 1000, "avg_context_tokens": 300.0,
                                               "saved_per_build": 700.0, "saved_ratio": 0.7}
    assert token_savings(1000, [])["builds"] == 0


def test_top_used() -> None:
    ms = [mem(1, usage_count=3), mem(2, usage_count=3, access_count=5), mem(3), mem(4, access_count=1)]
    assert [r["id"] for r in top_used(ms, 2)] == ["m2", "m1"]
    assert [r["id"] for r in top_used(ms)] == ["m2", "m1", "m4"]
