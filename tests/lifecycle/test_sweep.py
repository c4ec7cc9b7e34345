from datetime import timedelta

import pytest

from memcore.errors import InvalidInput
from memcore.lifecycle import SweepSettings, plan_sweep
from memcore.model import EventKind, MemoryState, MemoryType

from .conftest import NOW, apply_changes, mem

OLD = timedelta(days=31)


def test_expires_temporary_and_deadline_past_expires_at():
    items = [
        mem("t", type=MemoryType.TEMPORARY, expires_at=NOW - timedelta(hours=2)),
        mem("d", type=MemoryType.DEADLINE, expires_at=NOW - timedelta(minutes=1)),
        mem("future", type=MemoryType.DEADLINE, expires_at=NOW + timedelta(hours=1)),
    ]
    plan = plan_sweep(items, NOW)
    assert [c.memory_id for c in plan.expire] == ["t", "d"]
    change = plan.expire[0]
    assert change.kind is EventKind.EXPIRED
    assert change.after == {"state": MemoryState.EXPIRED, "expired_at": NOW}
    assert "2.0 h ago" in change.reason


def test_expires_exactly_at_expires_at():
    plan = plan_sweep([mem("t", type=MemoryType.TEMPORARY, expires_at=NOW)], NOW)
    assert [c.memory_id for c in plan.expire] == ["t"]


def test_archives_unused_unimportant_idle_memory_with_numbers_in_reason():
    plan = plan_sweep([mem("a", age=OLD, importance=0.2)], NOW)
    assert [c.memory_id for c in plan.archive] == ["a"]
    change = plan.archive[0]
    assert change.kind is EventKind.ARCHIVED and change.after == {"state": MemoryState.ARCHIVED}
    assert "idle 31.0 d > 30 d" in change.reason and "usage 0" in change.reason and "importance 0.20 < 0.35" in change.reason


@pytest.mark.parametrize("fields", [
    {"usage_count": 1},
    {"importance": 0.35},
    {"last_used_at": NOW - timedelta(days=29)},
    {"last_accessed_at": NOW - timedelta(days=10)},
    {"updated_at": NOW - timedelta(days=2)},
])
def test_does_not_archive_used_important_or_recently_active(fields):
    base = {"importance": 0.2}
    base.update(fields)
    assert plan_sweep([mem("a", age=OLD, **base)], NOW).archive == []


def test_idle_exactly_thirty_days_is_not_archived():
    assert plan_sweep([mem("a", age=timedelta(days=30), importance=0.1)], NOW).archive == []


def test_critical_never_auto_archived():
    items = [mem("c", age=OLD, importance=0.1, is_critical=True), mem("t", age=OLD, importance=0.1,
                                                                      type=MemoryType.CRITICAL)]
    plan = plan_sweep(items, NOW)
    assert plan.archive == []
    assert sorted(s.memory_id for s in plan.skipped) == ["c", "t"]
    assert all("critical" in s.reason for s in plan.skipped)


def test_pinned_neither_archived_nor_expired():
    items = [mem("p", age=OLD, importance=0.1, state=MemoryState.PINNED),
             mem("q", state=MemoryState.PINNED, type=MemoryType.TEMPORARY, expires_at=NOW - timedelta(days=1))]
    plan = plan_sweep(items, NOW)
    assert list(plan.changes()) == []
    assert {s.memory_id for s in plan.skipped} == {"p", "q"}


def test_only_active_memories_are_swept():
    items = [mem("x", age=OLD, importance=0.1, state=state) for state in
             (MemoryState.ARCHIVED, MemoryState.EXPIRED, MemoryState.SUPERSEDED, MemoryState.DELETED)]
    assert list(plan_sweep(items, NOW).changes()) == []


def test_never_hard_deletes_and_sweep_is_idempotent():
    items = [mem("a", age=OLD, importance=0.1), mem("t", type=MemoryType.TEMPORARY, expires_at=NOW)]
    plan = plan_sweep(items, NOW)
    assert not any(c.hard_delete for c in plan.changes())
    applied = apply_changes(items, plan.changes())
    assert len(applied) == 2
    assert list(plan_sweep(applied, NOW).changes()) == []


def test_settings_are_validated():
    with pytest.raises(InvalidInput) as err:
        SweepSettings(max_importance=2)
    assert err.value.field == "max_importance"
    custom = SweepSettings(idle_days=7)
    assert [c.memory_id for c in plan_sweep([mem("a", age=timedelta(days=8), importance=0.1)], NOW, custom).archive] == ["a"]
