from datetime import timedelta

import numpy as np
import pytest

from memcore.errors import InvalidInput
from memcore.lifecycle import GCAction, GCRule, GCSettings, plan_gc, predict, tiered_scores
from memcore.lifecycle.columns import MemoryColumns
from memcore.model import EventKind, MemoryState, Score, Tier

from .conftest import NOW, apply_changes, mem

IDLE_DAYS = timedelta(days=40)


def entry_for(plan, mid):
    for name in ("promote", "demote", "archive", "delete", "keep"):
        for e in getattr(plan, name):
            if e.memory_id == mid:
                return name, e
    raise KeyError(mid)


def test_tiered_score_formula():
    s = tiered_scores([0.5], [10.0], [3], semantic=[0.2])
    expected = 0.4 * 0.2 + 0.3 * 0.5 + 0.2 * np.exp(-1.0) + 0.1 * min(np.log1p(3) / 10, 1)
    assert s.total[0] == pytest.approx(expected)
    score = s.score(0)
    assert score.policy == "tiered"
    assert sum(p.contribution for p in score.parts) == pytest.approx(score.total)
    assert [p.name for p in score.parts] == ["semantic", "importance", "access_recency", "access_frequency"]
    assert tiered_scores([0.0], [0.0], [10**9]).access_frequency[0] == 1.0


def test_idle_low_score_is_demoted_one_tier():
    m = mem("w", tier=Tier.WORKING, importance=0.2, age=timedelta(hours=5))
    name, e = entry_for(plan_gc([m], None, NOW), "w")
    assert (name, e.action, e.from_tier, e.to_tier) == ("demote", GCAction.DEMOTE, Tier.WORKING, Tier.EPISODIC)
    assert "idle 5.0 h > 4 h working limit" in e.reason and "<= 0.25" in e.reason
    assert e.change().after == {"tier": Tier.EPISODIC} and e.change().kind is EventKind.DEMOTED
    assert e.token_delta == 0


def test_not_idle_enough_is_kept():
    m = mem("w", tier=Tier.WORKING, importance=0.2, age=timedelta(hours=3))
    assert entry_for(plan_gc([m], None, NOW), "w")[0] == "keep"


def test_semantic_demotes_into_archived_state_and_frees_tokens():
    m = mem("s", tier=Tier.SEMANTIC, importance=0.3, age=IDLE_DAYS, token_count=40)
    plan = plan_gc([m], None, NOW)
    name, e = entry_for(plan, "s")
    assert name == "demote" and e.to_state is MemoryState.ARCHIVED and e.to_tier is Tier.SEMANTIC
    assert e.token_delta == -40 and plan.total_token_delta == -40
    assert e.change().after == {"state": MemoryState.ARCHIVED}


def test_high_score_is_promoted():
    m = mem("e", tier=Tier.EPISODIC, importance=0.9, access_count=20, last_accessed_at=NOW - timedelta(minutes=5))
    name, e = entry_for(plan_gc([m], None, NOW), "e")
    assert name == "promote" and e.to_tier is Tier.WORKING and e.score.total >= 0.45
    assert e.change().kind is EventKind.PROMOTED


def test_high_score_in_working_has_nowhere_to_go():
    m = mem("w", tier=Tier.WORKING, importance=0.9, access_count=20, last_accessed_at=NOW)
    name, e = entry_for(plan_gc([m], None, NOW), "w")
    assert name == "keep" and e.rule is GCRule.KEEP_TOP_TIER and e.change() is None


def test_very_low_score_is_archived():
    m = mem("e", tier=Tier.EPISODIC, importance=0.1, age=timedelta(hours=50))
    name, e = entry_for(plan_gc([m], None, NOW), "e")
    assert name == "archive" and e.to_state is MemoryState.ARCHIVED and "<= 0.1" in e.reason


def test_archived_low_score_listed_for_delete_but_not_applied_without_opt_in():
    m = mem("a", state=MemoryState.ARCHIVED, importance=0.05, age=IDLE_DAYS)
    plan = plan_gc([m], None, NOW)
    name, e = entry_for(plan, "a")
    assert name == "delete" and not e.applies and "auto-delete is off" in e.reason
    assert list(plan.changes()) == [] and plan.delete_listed_only == 1
    on = plan_gc([m], None, NOW, GCSettings(auto_delete=True))
    change = entry_for(on, "a")[1].change()
    assert change.hard_delete and change.kind is EventKind.DELETED
    assert apply_changes([m], on.changes()) == []


def test_archived_with_some_score_stays_archived():
    m = mem("a", state=MemoryState.ARCHIVED, importance=0.5, age=IDLE_DAYS)
    name, e = entry_for(plan_gc([m], None, NOW), "a")
    assert name == "keep" and e.rule is GCRule.KEEP_ARCHIVED


def test_pinned_never_demoted_nor_archived():
    idle = mem("p1", state=MemoryState.PINNED, tier=Tier.WORKING, importance=0.2, age=timedelta(days=3))
    low = mem("p2", state=MemoryState.PINNED, tier=Tier.SEMANTIC, importance=0.0, age=IDLE_DAYS)
    plan = plan_gc([idle, low], None, NOW)
    for mid in ("p1", "p2"):
        name, e = entry_for(plan, mid)
        assert name == "keep" and e.rule is GCRule.KEEP_PINNED and "pinned" in e.reason


def test_high_importance_never_demoted_for_age_alone():
    m = mem("h", tier=Tier.EPISODIC, importance=0.8, age=timedelta(days=400))
    name, e = entry_for(plan_gc([m], None, NOW), "h")
    assert e.score.total <= 0.25
    assert name == "keep" and e.rule is GCRule.KEEP_HIGH_IMPORTANCE and "importance 0.80 >= 0.8" in e.reason


def test_critical_never_archived_but_may_move_between_live_tiers():
    semantic = mem("c1", tier=Tier.SEMANTIC, importance=0.0, is_critical=True, age=IDLE_DAYS)
    working = mem("c2", tier=Tier.WORKING, importance=0.0, is_critical=True, age=timedelta(hours=5))
    low = mem("c3", tier=Tier.EPISODIC, importance=0.0, is_critical=True, age=timedelta(hours=10))
    plan = plan_gc([semantic, working, low], None, NOW)
    assert entry_for(plan, "c1")[1].rule is GCRule.KEEP_CRITICAL
    assert entry_for(plan, "c2")[1].to_tier is Tier.EPISODIC
    assert entry_for(plan, "c3")[1].rule is GCRule.KEEP_CRITICAL
    assert not any(c.after.get("state") is MemoryState.ARCHIVED for c in plan.changes())


def test_states_outside_gc_are_kept():
    m = mem("x", state=MemoryState.SUPERSEDED, importance=0.0, age=IDLE_DAYS)
    assert entry_for(plan_gc([m], None, NOW), "x")[1].rule is GCRule.KEEP_OUT_OF_SCOPE


def test_seed_order_demote_before_promote_and_archive():
    m = mem("w", tier=Tier.WORKING, importance=0.0, age=timedelta(hours=30))
    e = entry_for(plan_gc([m], None, NOW), "w")[1]
    assert e.score.total <= 0.10 and e.action is GCAction.DEMOTE


def test_passed_in_scores_decide_and_are_reported():
    m = mem("s", tier=Tier.SEMANTIC, importance=0.2)
    given = Score(total=0.7, policy="tiered", formula="sum")
    e = entry_for(plan_gc([m], {"s": given}, NOW), "s")[1]
    assert e.action is GCAction.PROMOTE and e.score is given


def test_every_memory_lands_in_exactly_one_list_and_tokens_add_up():
    items = [mem(f"m{i}", tier=list(Tier)[i % 4], importance=(i % 10) / 10, token_count=i,
                 state=[MemoryState.ACTIVE, MemoryState.PINNED, MemoryState.ARCHIVED][i % 3],
                 age=timedelta(hours=i * 7)) for i in range(200)]
    plan = plan_gc(items, None, NOW)
    ids = [e.memory_id for lst in (plan.promote, plan.demote, plan.archive, plan.delete, plan.keep) for e in lst]
    assert sorted(ids) == sorted(m.id for m in items)
    assert plan.total_token_delta == sum(e.token_delta for lst in (plan.demote, plan.archive) for e in lst)
    before = {t.tier: t.before for t in plan.tier_tokens}
    assert sum(before.values()) == sum(m.token_count for m in items if m.state is not MemoryState.ARCHIVED)
    assert plan.summary.startswith(f"GC at {NOW.isoformat()}: {len(plan.promote)} promote")
    data = plan.to_dict(include_keep=False)
    assert len(data["demote"]) == len(plan.demote) and "keep" not in data
    capped = plan.to_dict(limit=3)
    assert len(capped["keep"]) == 3 and capped["counts"]["keep"] == len(plan.keep) > 3


def test_predict_matches_plan_and_columns_path():
    items = [mem("a", tier=Tier.WORKING, importance=0.2, age=timedelta(hours=5)),
             mem("b", tier=Tier.EPISODIC, importance=0.9, access_count=5, last_accessed_at=NOW)]
    plan = plan_gc(MemoryColumns.from_memories(items), None, NOW)
    for m in items:
        p = predict(m, NOW)
        name, e = entry_for(plan, m.id)
        assert (p.action, p.to_tier, p.reason) == (e.action, e.to_tier, e.reason)


def test_gc_uses_access_time_not_updated_at():
    m = mem("w", tier=Tier.WORKING, importance=0.2, age=timedelta(hours=6), updated_at=NOW)
    assert entry_for(plan_gc([m], None, NOW), "w")[0] == "demote"
    touched = mem("w", tier=Tier.WORKING, importance=0.2, age=timedelta(hours=6),
                  last_accessed_at=NOW - timedelta(hours=1))
    assert entry_for(plan_gc([touched], None, NOW), "w")[0] == "keep"


def test_settings_validation():
    with pytest.raises(InvalidInput):
        GCSettings(archive_threshold=0.5)
    with pytest.raises(InvalidInput):
        GCSettings(tier_limits=())
