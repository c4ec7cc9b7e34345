"""Automatic decisions carry before/after values and undo puts them back."""

from __future__ import annotations

import pytest

from memcore import Conflict, EventKind, InvalidInput, LinkKind, MemoryState
from memcore.model import Actor
from memcore.ops import decisions


def test_supersede_closes_the_window_and_undo_reopens_it(engine, clock):
    old = engine.add("We use MySQL", type="decision", tags="database")
    clock.advance(days=3)
    new = engine.add("We switched from MySQL to PostgreSQL", type="decision", tags="database")
    event = decisions.apply(engine.runtime, engine.namespace,
                            decisions.supersede(old.id, new.id, new.valid_from, "database: PostgreSQL replaces MySQL"))
    after = engine.get(old.id)
    assert after.state is MemoryState.SUPERSEDED and after.valid_until == new.valid_from
    assert after.superseded_by == new.id and engine.get(new.id).supersedes == old.id
    assert any(lk.kind is LinkKind.SUPERSEDES for lk in engine.history(old.id).links)
    assert engine.history(new.id).lineage == [old.id, new.id]

    undo = engine.undo(event.id)
    restored = engine.get(old.id)
    assert restored.state is MemoryState.ACTIVE and restored.valid_until is None and restored.superseded_by is None
    assert engine.get(new.id).supersedes is None
    assert not engine.history(old.id).links
    assert undo.kind is EventKind.UNDONE and engine.timeline(kinds="superseded").items[0].undone_by == undo.id
    with pytest.raises(Conflict, match="already undone"):
        engine.undo(event.id)


def test_undo_refuses_user_events_and_later_changes(engine):
    m = engine.add("temporary note", type="temporary")
    pin_event = engine.pin(m.id).event
    with pytest.raises(InvalidInput, match="undo reverses"):
        engine.undo(pin_event.id)
    engine.unpin(m.id)
    archived = decisions.apply(engine.runtime, engine.namespace, decisions.Decision(
        EventKind.ARCHIVED, "idle", m.id, {m.id: {"state": MemoryState.ARCHIVED}}))
    engine.restore(m.id)
    with pytest.raises(Conflict, match="changed after"):
        engine.undo(archived.id)


def test_decisions_in_one_batch_are_all_or_nothing(engine):
    m = engine.add("x")
    bad = decisions.Decision(EventKind.ARCHIVED, "r", "missing", {"missing": {"state": MemoryState.ARCHIVED}})
    good = decisions.Decision(EventKind.ARCHIVED, "r", m.id, {m.id: {"state": MemoryState.ARCHIVED}},
                              actor=Actor.ENGINE)
    with pytest.raises(LookupError):
        decisions.apply_many(engine.runtime, engine.namespace, [good, bad])
    assert engine.get(m.id).state is MemoryState.ACTIVE
