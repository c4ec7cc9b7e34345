"""User A can never read, change or delete user B's memories through any operation."""

from __future__ import annotations

import pytest

from memcore import MemoryState, NotFound
from memcore.ops import decisions


def test_every_operation_is_scoped(engine, tmp_path):
    alice = engine
    bob = engine.scoped(user="bob")
    secret = bob.add("Bob's bank is in Geneva", type="fact")
    alice.add("Alice likes tea")

    for call in (alice.get, alice.pin, alice.forget, alice.restore, alice.delete, alice.history):
        with pytest.raises(NotFound):
            call(secret.id)
    with pytest.raises(NotFound):
        alice.edit(secret.id, content="hijacked")
    with pytest.raises(LookupError):
        decisions.apply(alice.runtime, alice.namespace, decisions.Decision(
            decisions.EventKind.ARCHIVED, "x", secret.id, {secret.id: {"state": MemoryState.ARCHIVED}}))
    assert [m.content for m in alice.list().items] == ["Alice likes tea"]
    assert alice.list(text="Geneva").total == 0
    assert all(e.memory_id != secret.id for e in alice.timeline().items)
    alice.forget_all()
    alice.export(tmp_path / "alice.jsonl")
    assert "Geneva" not in (tmp_path / "alice.jsonl").read_text()
    assert alice.stats().total == 1

    untouched = bob.get(secret.id)
    assert untouched.state is MemoryState.ACTIVE and untouched.content == "Bob's bank is in Geneva"
    assert bob.history(secret.id).events[-1].kind.value == "created"


def test_projects_of_one_user_are_separate(engine):
    a = engine.add("webapp fact")
    other = engine.scoped(project="mobile")
    with pytest.raises(NotFound):
        other.get(a.id)
    assert other.list().total == 0


def test_blocks_and_state_belong_to_their_user(engine):
    engine.set_block("persona", "Alice's persona")
    engine.set_state("name", "Alice")
    bob = engine.scoped(user="bob")
    assert bob.blocks() == [] and bob.state() == {}
    with pytest.raises(NotFound):
        bob.delete_block("persona")
    assert engine.block("persona").content == "Alice's persona"
