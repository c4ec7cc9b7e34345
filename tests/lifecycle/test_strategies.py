from datetime import timedelta

import pytest

from memcore.errors import InvalidInput
from memcore.lifecycle import Strategy, consolidate, forget_by_age, forget_by_capacity, forget_by_importance
from memcore.model import EventKind, MemoryState, Tier

from .conftest import NOW, apply_changes, mem


def ids(plan):
    return [c.memory_id for c in plan.changes()]


def test_forget_by_importance_archives_below_threshold_only():
    items = [mem("low", importance=0.05), mem("edge", importance=0.1), mem("high", importance=0.9),
             mem("gone", importance=0.0, state=MemoryState.ARCHIVED)]
    plan = forget_by_importance(items, threshold=0.1)
    assert plan.strategy is Strategy.IMPORTANCE and ids(plan) == ["low"]
    change = plan.planned[0]
    assert change.kind is EventKind.ARCHIVED and change.after == {"state": MemoryState.ARCHIVED}
    assert "importance 0.05 < threshold 0.1" in change.reason


def test_forget_by_age_uses_creation_time():
    items = [mem("old", age=timedelta(days=31)), mem("new", age=timedelta(days=29))]
    plan = forget_by_age(items, NOW, max_age_days=30)
    assert ids(plan) == ["old"] and "created 31.0 d ago > max age 30 d" in plan.planned[0].reason


def test_forget_by_capacity_drops_least_important_oldest_first():
    items = [mem("a", importance=0.5, age=timedelta(days=1)), mem("b", importance=0.2, age=timedelta(days=2)),
             mem("c", importance=0.2, age=timedelta(days=9)), mem("d", importance=0.9)]
    plan = forget_by_capacity(items, capacity=2)
    assert ids(plan) == ["c", "b"]
    remaining = [m for m in apply_changes(items, plan.changes()) if m.state is MemoryState.ACTIVE]
    assert len(remaining) == 2
    assert ids(forget_by_capacity(remaining, capacity=2)) == []


def test_protected_memories_are_spared_and_reported():
    items = [mem("pin", importance=0.0, state=MemoryState.PINNED), mem("crit", importance=0.0, is_critical=True),
             mem("x", importance=0.3), mem("y", importance=0.4)]
    plan = forget_by_importance(items, threshold=0.1)
    assert ids(plan) == [] and {s.memory_id for s in plan.skipped} == {"pin", "crit"}
    capacity = forget_by_capacity(items, capacity=3)
    assert ids(capacity) == ["x"]
    assert [s.memory_id for s in capacity.skipped] == ["crit"]


def test_consolidate_moves_important_memories_up_the_chain():
    items = [mem("w1", tier=Tier.WORKING, importance=0.7), mem("w2", tier=Tier.WORKING, importance=0.69),
             mem("e1", tier=Tier.EPISODIC, importance=0.9)]
    plan = consolidate(items, Tier.WORKING, Tier.EPISODIC, 0.7)
    assert ids(plan) == ["w1"]
    assert plan.planned[0].kind is EventKind.TIER_CHANGED and plan.planned[0].after == {"tier": Tier.EPISODIC}
    assert ids(consolidate(items, Tier.EPISODIC, Tier.SEMANTIC, 0.8)) == ["e1"]


@pytest.mark.parametrize("src,dst", [(Tier.SEMANTIC, Tier.WORKING), (Tier.EPISODIC, Tier.EPISODIC),
                                     (Tier.PERCEPTUAL, Tier.SEMANTIC)])
def test_consolidate_rejects_non_consolidations(src, dst):
    with pytest.raises(InvalidInput):
        consolidate([], src, dst)


def test_validation():
    with pytest.raises(InvalidInput):
        forget_by_importance([], threshold=1.5)
    with pytest.raises(InvalidInput):
        forget_by_capacity([], capacity=-1)
