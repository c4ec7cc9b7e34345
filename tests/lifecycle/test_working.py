from datetime import timedelta

import pytest

from memcore.errors import InvalidInput
from memcore.lifecycle import WorkingMemorySettings, plan_working_memory, priority
from memcore.lifecycle.working import EvictionCause
from memcore.model import EventKind, MemoryState, Tier

from .conftest import NOW, apply_changes, mem


def wm(mid, **fields):
    fields.setdefault("tier", Tier.WORKING)
    fields.setdefault("age", timedelta(minutes=5))
    return mem(mid, **fields)


def test_book_defaults():
    cfg = WorkingMemorySettings()
    assert cfg.capacity == 50 and cfg.ttl == timedelta(minutes=60)


def test_ttl_evicts_idle_items_and_archives_unimportant_ones():
    plan = plan_working_memory([wm("old", age=timedelta(minutes=61), importance=0.3), wm("new")], NOW)
    assert [e.memory_id for e in plan.evictions] == ["old"]
    e = plan.evictions[0]
    assert e.cause is EvictionCause.TTL and "idle 61 min > TTL 60 min" in e.reason
    assert e.change.kind is EventKind.ARCHIVED and e.change.after == {"state": MemoryState.ARCHIVED}


def test_important_or_critical_evictions_move_to_episodic():
    items = [wm("imp", age=timedelta(hours=2), importance=0.7), wm("crit", age=timedelta(hours=2), importance=0.1,
                                                                    is_critical=True)]
    plan = plan_working_memory(items, NOW)
    assert {e.memory_id: e.change.after for e in plan.evictions} == {"imp": {"tier": Tier.EPISODIC},
                                                                     "crit": {"tier": Tier.EPISODIC}}


def test_capacity_evicts_lowest_priority_first():
    items = [wm(f"m{i}", importance=i / 10, last_accessed_at=NOW - timedelta(minutes=1)) for i in range(1, 6)]
    plan = plan_working_memory(items, NOW, WorkingMemorySettings(capacity=3))
    assert [e.memory_id for e in plan.evictions] == ["m1", "m2"]
    assert all(e.cause is EvictionCause.CAPACITY for e in plan.evictions)
    assert "5 working memories > capacity 3" in plan.evictions[0].reason


def test_priority_decays_with_idle_time():
    fresh = priority(wm("a", importance=0.5, last_accessed_at=NOW), NOW)
    stale = priority(wm("b", importance=0.5, last_accessed_at=NOW - timedelta(hours=12)), NOW)
    assert fresh.total == pytest.approx(0.5)
    assert stale.total == pytest.approx(0.5 * 0.95 ** 2)
    assert stale.formula == "product" and stale.part("time_decay").raw == pytest.approx(0.95 ** 2)


def test_pinned_never_evicted_but_counts_toward_capacity():
    items = [wm("pin", state=MemoryState.PINNED, importance=0.0, age=timedelta(hours=5)),
             wm("a", importance=0.4), wm("b", importance=0.6)]
    plan = plan_working_memory(items, NOW, WorkingMemorySettings(capacity=2))
    assert [e.memory_id for e in plan.evictions] == ["a"]


def test_capacity_is_per_session_and_other_tiers_ignored():
    items = [wm(f"s1-{i}", session_id="s1", importance=0.5) for i in range(3)]
    items += [wm(f"s2-{i}", session_id="s2", importance=0.5) for i in range(2)]
    items += [mem("ep", tier=Tier.EPISODIC, age=timedelta(days=3))]
    plan = plan_working_memory(items, NOW, WorkingMemorySettings(capacity=2))
    assert len(plan.evictions) == 1 and plan.evictions[0].memory_id.startswith("s1-")
    assert plan.counts_before == {"s1": 3, "s2": 2}


def test_applied_plan_leaves_nothing_to_evict():
    items = [wm(f"m{i}", importance=i / 20, age=timedelta(minutes=i * 7)) for i in range(20)]
    cfg = WorkingMemorySettings(capacity=4)
    applied = apply_changes(items, plan_working_memory(items, NOW, cfg).changes())
    working = [m for m in applied if m.tier is Tier.WORKING and m.state is MemoryState.ACTIVE]
    assert len(working) == 4
    assert plan_working_memory(applied, NOW, cfg).evictions == []


def test_validation():
    with pytest.raises(InvalidInput):
        WorkingMemorySettings(capacity=-1)
    with pytest.raises(InvalidInput):
        WorkingMemorySettings(ttl=timedelta(0))
