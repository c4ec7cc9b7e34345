"""Named blocks (versioned, token-limited) and bi-temporal user state."""

from __future__ import annotations

from datetime import timedelta

import pytest

from memcore import BudgetExceeded, InvalidInput, NotFound


def test_blocks_list_by_priority_and_keep_every_version(engine):
    engine.set_block("human", "Name: Alice", priority=5, block_type="human")
    engine.set_block("persona", "You are concise.", priority=10, block_type="persona")
    engine.set_block("human", "Name: Alice. Role: data scientist.")
    assert [b.name for b in engine.blocks()] == ["persona", "human"]
    assert engine.block("human").version == 2 and engine.block("human").priority == 5
    engine.delete_block("human")
    history = engine.block_history("human")
    assert [h["version"] for h in history] == [1, 2, 3] and history[-1]["deleted"]
    with pytest.raises(NotFound):
        engine.block("human")
    kinds = [e.kind.value for e in engine.timeline(kinds="block_set,block_deleted").items]
    assert kinds.count("block_set") == 3 and kinds.count("block_deleted") == 1


def test_block_over_max_tokens_is_refused_and_nothing_changes(engine):
    engine.set_block("notes", "short", max_tokens=20)
    with pytest.raises(BudgetExceeded) as info:
        engine.set_block("notes", "word " * 200)
    assert info.value.field == "block.content" and "max_tokens=20" in str(info.value)
    assert engine.block("notes").content == "short" and engine.block("notes").version == 1


@pytest.mark.parametrize(("kwargs", "field"), [({"block_type": "weird"}, "block.block_type"),
                                               ({"max_tokens": 0}, "block.max_tokens")])
def test_bad_block_options_name_the_field(engine, kwargs, field):
    with pytest.raises(InvalidInput) as info:
        engine.set_block("b", "x", **kwargs)
    assert info.value.field == field


def test_bad_block_name(engine):
    with pytest.raises(InvalidInput, match="block.name"):
        engine.set_block("has spaces", "x")


def test_user_state_history_and_as_of(engine, clock):
    t0 = clock.now()
    engine.set_state("preferred_address", "Dr. Chen")
    clock.advance(days=10)
    t1 = clock.now()
    engine.set_state("preferred_address", "Mei")
    engine.set_state("timezone", "Europe/Berlin")
    clock.advance(days=10)
    engine.set_state("preferred_address", "Mei-Lin")

    assert engine.state() == {"preferred_address": "Mei-Lin", "timezone": "Europe/Berlin"}
    rows = engine.state_history("preferred_address")
    assert [r.value for r in rows] == ["Dr. Chen", "Mei", "Mei-Lin"]
    assert rows[0].valid_until == rows[1].valid_from == t1 and rows[-1].valid_until is None
    assert engine.state_as_of(t0 - timedelta(seconds=1)) == {}
    assert engine.state_as_of(t0 + timedelta(days=1)) == {"preferred_address": "Dr. Chen"}
    assert engine.state_as_of(t1 + timedelta(days=1)) == {"preferred_address": "Mei", "timezone": "Europe/Berlin"}
    with pytest.raises(NotFound):
        engine.state("nickname")
    with pytest.raises(InvalidInput, match="state.value"):
        engine.set_state("nickname", "  ")
