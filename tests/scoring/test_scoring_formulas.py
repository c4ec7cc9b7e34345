"""Every preset formula of SPEC 4 against hand-computed values."""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta

import pytest

from memcore.model import Memory, MemoryState, MemoryType, Privacy
from memcore.scoring import Signals, retrievability, score, sort_first
from memcore.scoring import components as c

NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


def mem(**kw) -> Memory:
    base = dict(id="m1", user_id="u", project_id="p", content="text", created_at=NOW - timedelta(days=30),
                updated_at=NOW - timedelta(days=14))
    base.update(kw)
    return Memory(**base)


def test_governance_plain_memory():
    s = score(mem(), Signals(semantic=0.5), NOW)
    # 0.4*0.5 + 0.2*0.5 + 0.15*0.5 (14 days = one half-life) + 0.1*0.8 + 0.1*0 + 0.15*1
    assert s.total == pytest.approx(0.605)
    assert s.policy == "governance" and s.formula == "sum"
    assert s.part("recency").raw == pytest.approx(0.5)
    assert s.total == pytest.approx(sum(p.contribution for p in s.parts))


def test_governance_penalties_and_bonus():
    m = mem(usage_count=3, privacy=Privacy.PRIVATE, state=MemoryState.ARCHIVED, updated_at=NOW)
    s = score(m, Signals(semantic=0.0, project_match=0.0), NOW)
    usage = 1 - 1 / (1 + math.log(4))
    expected = 0.2 * 0.5 + 0.15 * 1.0 + 0.1 * 0.8 + 0.1 * usage - 0.30 * 1 - 0.25 * 0.4
    assert s.total == pytest.approx(expected)
    assert s.part("outdated").contribution == pytest.approx(-0.30)
    pinned = score(mem(state=MemoryState.PINNED), Signals(), NOW)
    plain = score(mem(), Signals(), NOW)
    assert pinned.total - plain.total == pytest.approx(0.20)


@pytest.mark.parametrize("changes,part", [
    ({"type": MemoryType.OUTDATED}, "outdated"), ({"state": MemoryState.ARCHIVED}, "outdated"),
    ({"state": MemoryState.SUPERSEDED}, "superseded"), ({"state": MemoryState.EXPIRED}, "superseded"),
    ({"state": MemoryState.DELETED}, "superseded"), ({"superseded_by": "m2"}, "superseded"),
    ({"is_critical": True}, "critical_bonus"), ({"type": MemoryType.CRITICAL}, "critical_bonus"),
    ({"state": MemoryState.PINNED}, "critical_bonus"),
])
def test_governance_flags(changes, part):
    assert score(mem(**changes), None, NOW).part(part).raw == 1.0
    assert score(mem(), None, NOW).part(part).raw == 0.0


@pytest.mark.parametrize("privacy,penalty", [(Privacy.PUBLIC, 0.0), (Privacy.PRIVATE, 0.4), (Privacy.SENSITIVE, 1.0)])
def test_privacy_penalty(privacy, penalty):
    assert c.privacy(mem(privacy=privacy)) == penalty


def test_usage_curve_values():
    assert c.usage(mem(usage_count=0)) == 0.0
    assert c.usage(mem(usage_count=1)) == pytest.approx(1 - 1 / (1 + math.log(2)))


def test_recency_uses_updated_at_and_a_true_half_life():
    assert c.recency(mem(updated_at=NOW - timedelta(days=28)), NOW) == pytest.approx(0.25)
    assert c.recency(mem(updated_at=None, created_at=NOW - timedelta(days=7)), NOW) == pytest.approx(2 ** -0.5)
    assert c.recency(mem(updated_at=NOW + timedelta(days=3)), NOW) == 1.0


def test_tiered():
    m = mem(importance=0.6, access_count=5, last_accessed_at=NOW - timedelta(hours=10))
    s = score(m, Signals(semantic=0.3), NOW, "tiered")
    expected = 0.4 * 0.3 + 0.3 * 0.6 + 0.2 * math.exp(-1.0) + 0.1 * (math.log1p(5) / 10)
    assert s.total == pytest.approx(expected)
    assert c.access_frequency(mem(access_count=10 ** 6)) == 1.0


def test_tiered_matches_the_lifecycle_gc_columns():
    from memcore.lifecycle.tiered import tiered_scores

    m = mem(importance=0.7, access_count=12, last_accessed_at=NOW - timedelta(hours=3))
    column = tiered_scores([0.7], [3.0], [12], [0.25]).total[0]
    assert score(m, Signals(semantic=0.25), NOW, "tiered").total == pytest.approx(column)


def test_cognitive_working_memory():
    m = mem(importance=0.5, created_at=NOW - timedelta(hours=12))
    s = score(m, Signals(dense=0.8, keyword=0.5), NOW, "cognitive")
    assert s.total == pytest.approx((0.7 * 0.8 + 0.3 * 0.5) * 0.95 ** 2 * 1.0)
    assert s.part("time_decay").raw == pytest.approx(0.9025)
    assert "time_decay" in s.formula
    old = mem(importance=0.5, created_at=NOW - timedelta(days=400))
    assert score(old, Signals(dense=1.0), NOW, "cognitive").part("time_decay").raw == 0.1


def test_cognitive_episodic_and_semantic_variants():
    m = mem(importance=1.0, created_at=NOW - timedelta(days=2))
    episodic = score(m, Signals(dense=0.6), NOW, "cognitive_episodic")
    assert episodic.total == pytest.approx((0.8 * 0.6 + 0.2 * math.exp(-0.2)) * 1.2)
    semantic = score(mem(importance=0.0), Signals(dense=0.5, graph=0.4), NOW, "cognitive_semantic")
    assert semantic.total == pytest.approx((0.7 * 0.5 + 0.3 * 0.4) * 0.8)


def test_strength_is_importance_times_fsrs_retrievability():
    m = mem(importance=0.8, stability=2.0, last_accessed_at=NOW - timedelta(days=2))
    s = score(m, None, NOW, "strength")
    assert s.total == pytest.approx(0.8 * 0.9)
    assert s.part("retrievability").raw == pytest.approx(0.9)
    assert retrievability(10, 2) == pytest.approx((1 + (19 / 81) * 5) ** -0.5)
    assert retrievability(0, 5) == 1.0


def test_strength_curve_matches_the_lifecycle_fsrs45_curve():
    from memcore.lifecycle.decay import FSRS45

    for t, s in [(0.5, 1.0), (3.0, 2.0), (40.0, 10.0)]:
        assert retrievability(t, s) == pytest.approx(FSRS45.retrievability(t, s))


def test_rating_expectation():
    assert c.rating_expectation(mem(rating=1500, age_cycles=200)) == pytest.approx(0.5, abs=1e-6)
    assert c.rating_expectation(mem(rating=1900), with_freshness=False) == pytest.approx(1 / 1.1)
    fresh = c.rating_expectation(mem(rating=1200, age_cycles=0))
    assert fresh == pytest.approx(1 / (1 + 10 ** ((1500 - 1600) / 400)))
    s = score(mem(rating=1500, age_cycles=400), Signals(semantic=0.5), NOW, "rating")
    assert s.total == pytest.approx(0.6 * 0.5 + 0.4 * 0.5)


def test_critical_and_pinned_sort_first():
    top = mem(id="a")
    pinned = mem(id="b", state=MemoryState.PINNED)
    ordered = sort_first([(top, score(top, Signals(semantic=1.0), NOW)),
                          (pinned, score(pinned, Signals(semantic=0.0), NOW))])
    assert [m.id for m, _ in ordered] == ["b", "a"]
