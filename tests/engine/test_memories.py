"""Memory operations through the facade, on every backend."""

from __future__ import annotations

import pytest

import memcore
from memcore import Conflict, EventKind, InvalidInput, MemoryState, MemoryType, NotFound, Tier
from memcore.model.validation import MAX_CONTENT_CHARS


def test_add_returns_a_stored_memory_with_its_created_event(engine):
    m = engine.add("Prefers dark mode in every editor", type="preference", importance=0.7, tags="ui, Theme")
    assert engine.get(m.id).content == "Prefers dark mode in every editor"
    assert m.type is MemoryType.PREFERENCE and m.tags == ["ui", "theme"] and m.state is MemoryState.ACTIVE
    events = engine.timeline(memory_id=m.id).items
    assert [e.kind for e in events] == [EventKind.CREATED]
    assert events[0].after["content"] == m.content and events[0].actor is memcore.Actor.USER


def test_temporary_memories_expire_after_a_day_by_default(engine, clock):
    m = engine.add("Working from the cafe today", type="temporary")
    assert (m.expires_at - clock.now()).total_seconds() == 24 * 3600


def test_list_filters_sorts_and_pages(engine, clock):
    for i in range(7):
        clock.advance(hours=1)
        engine.add(f"decision number {i}", type="decision" if i % 2 else "project", importance=i / 10,
                   tags=["even"] if i % 2 == 0 else ["odd"], tier="working" if i < 3 else "semantic")
    page = engine.list(types="decision", limit=2, offset=0)
    assert page.total == 3 and len(page.items) == 2 and page.has_more
    assert [m.content for m in engine.list(sort="importance", descending=False, limit=3).items] == \
        ["decision number 0", "decision number 1", "decision number 2"]
    assert {m.content for m in engine.list(tags="even", tiers="working").items} == {"decision number 0",
                                                                                    "decision number 2"}
    assert engine.list(text="NUMBER 6").items[0].content == "decision number 6"
    newest_first = engine.list(limit=7).items
    assert newest_first[0].content == "decision number 6"


def test_edit_keeps_versions_and_records_before_and_after(engine):
    m = engine.add("We deploy on Fridays", type="decision")
    result = engine.edit(m.id, content="We never deploy on Fridays", importance=0.9)
    assert result.memory.version == 2 and result.memory.content == "We never deploy on Fridays"
    assert result.event.before["content"] == "We deploy on Fridays" and result.event.after["importance"] == 0.9
    history = engine.history(m.id)
    assert [v["content"] for v in history.versions] == ["We deploy on Fridays"]
    with pytest.raises(Conflict):
        engine.edit(m.id, content="We never deploy on Fridays")


def test_pin_forget_restore_round_trip(engine):
    m = engine.add("Call me Sam", type="preference")
    assert engine.pin(m.id).memory.state is MemoryState.PINNED
    assert engine.forget(m.id).memory.state is MemoryState.ARCHIVED
    assert engine.restore(m.id).memory.state is MemoryState.PINNED  # back to what it was
    assert engine.unpin(m.id).memory.state is MemoryState.ACTIVE
    with pytest.raises(Conflict):
        engine.unpin(m.id)
    with pytest.raises(Conflict):
        engine.restore(m.id)
    kinds = [e.kind for e in engine.history(m.id).events]
    assert kinds == [EventKind.CREATED, EventKind.PINNED, EventKind.FORGOTTEN, EventKind.RESTORED, EventKind.UNPINNED]


def test_forget_all_archives_only_this_namespace(engine):
    engine.add("one")
    engine.add("two")
    other = engine.scoped(project="other")
    kept = other.add("three")
    assert len(engine.forget_all()) == 2
    assert engine.list(states="active").total == 0
    assert other.get(kept.id).state is MemoryState.ACTIVE
    assert engine.timeline(kinds="forgot_all").total == 1


@pytest.mark.parametrize(("fields", "field_name"), [
    ({"type": "opinion"}, "type"),
    ({"tier": "L3"}, "tier"),
    ({"state": "superseded"}, "state"),
    ({"privacy": "secret"}, "privacy"),
    ({"importance": 1.5}, "importance"),
    ({"confidence": -0.1}, "confidence"),
    ({"importance": "high"}, "importance"),
    ({"expires_at": "next blue moon"}, "expires_at"),
])
def test_bad_fields_are_refused_with_the_field_named(engine, fields, field_name):
    with pytest.raises(InvalidInput) as info:
        engine.add("some content", **fields)
    assert info.value.field == field_name and field_name in str(info.value)
    assert engine.list().total == 0


def test_bad_type_lists_the_allowed_values(engine):
    with pytest.raises(InvalidInput, match="preference, project, decision"):
        engine.add("x", type="opinion")


@pytest.mark.parametrize("content", ["", "   ", "x" * (MAX_CONTENT_CHARS + 1)])
def test_empty_or_oversize_content_is_refused(engine, content):
    with pytest.raises(InvalidInput) as info:
        engine.add(content)
    assert info.value.field == "content"


def test_add_many_is_all_or_nothing(engine):
    with pytest.raises(InvalidInput) as info:
        engine.add_many(["fine", {"content": "also fine"}, {"content": "bad", "importance": 7}])
    assert info.value.field == "items[2].importance"
    assert engine.list().total == 0 and engine.timeline().total == 0
    assert len(engine.add_many(["fine", "also fine"])) == 2


def test_unknown_ids_raise_not_found(engine):
    for call in (engine.get, engine.pin, engine.forget, engine.restore, engine.delete, engine.history):
        with pytest.raises(NotFound, match="nope"):
            call("nope")


def test_stats_count_by_dimension(engine):
    engine.add("a", type="decision", tier="working")
    m = engine.add("b", type="decision", privacy="private")
    engine.forget(m.id)
    stats = engine.stats()
    assert stats.total == 2 and stats.by_type == {"decision": 2}
    assert stats.by_state == {"active": 1, "archived": 1} and stats.by_privacy == {"public": 1, "private": 1}
    assert stats.by_tier == {"working": 1, "semantic": 1} and stats.events_by_kind["created"] == 2


def test_critical_type_sets_the_flag(engine):
    assert engine.add("Never run migrations on prod without a backup", type="critical").critical
    assert engine.add("plain").critical is False


def test_tier_enum_accepts_any_case(engine):
    assert engine.add("x", tier="WORKING").tier is Tier.WORKING
