"""Hybrid search through the engine: filters, channels, namespace isolation, traces, access bumps."""

from __future__ import annotations

from datetime import timedelta

import pytest

from memcore import EventKind, InvalidInput, MemoryState
from memcore.ops import decisions


@pytest.fixture
def seeded(engine, clock):
    engine.add("The payments API uses PostgreSQL 16 with logical replication", type="project", tags="database",
               importance=0.8)
    clock.advance(days=1)
    engine.add("Prefers dark mode in every editor and terminal", type="preference", tags="ui")
    engine.add("Deploys happen on Tuesday mornings after the standup", type="decision", tags="deploy", tier="working")
    engine.add("Never store card numbers in logs", type="critical", tags="security")
    old = engine.add("Frontend is written in Vue 2", type="decision", tags="frontend")
    clock.advance(days=5)
    new = engine.add("We migrated the frontend from Vue 2 to React 18", type="decision", tags="frontend")
    decisions.apply(engine.runtime, engine.namespace, decisions.supersede(old.id, new.id, new.valid_from, "react"))
    return {"old": old, "new": new}


def test_finds_by_keywords_and_meaning(engine, seeded):
    result = engine.search("which database does the payments api use", k=3)
    contents = [i.memory.content for i in result.items]
    assert any("PostgreSQL" in c for c in contents)
    top = next(i for i in result.items if "PostgreSQL" in i.memory.content)
    assert top.similarity > 0 and {p.name for p in top.score.parts} >= {"semantic", "importance", "recency"}


def test_critical_and_pinned_sort_first(engine, seeded):
    result = engine.search("editor colour theme", k=5)
    assert result.items[0].memory.critical
    pinned = engine.list(types="preference").items[0]
    engine.pin(pinned.id)
    firsts = [i.memory for i in engine.search("deploy schedule", k=5).items[:2]]
    assert {m.state is MemoryState.PINNED or m.critical for m in firsts} == {True}


def test_search_takes_critical_and_pinned_only_when_a_channel_finds_them(engine):
    engine.add_many([f"Service {i} writes its nightly report to bucket {i}" for i in range(80)])
    unrelated = engine.add("Never paste customer passwords into chat", type="critical")
    related = engine.add("Never empty the nightly report bucket by hand", type="critical")
    result = engine.search("nightly report bucket", k=10)
    ids = [i.memory.id for i in result.items]
    assert unrelated.id not in ids and ids[0] == related.id
    trace = engine.trace(result.trace_id)
    assert all("critical_pinned" not in c["channels"] for c in trace["candidates"])
    assert trace["channels"]["critical_pinned"] == 0
    injected = engine.build_context("nightly report bucket", record=False)
    assert {unrelated.id, related.id} <= {i.memory_id for i in injected.included}


def test_superseded_memories_are_not_returned_unless_asked(engine, seeded):
    ids = [i.memory.id for i in engine.search("frontend framework vue react", k=10).items]
    assert seeded["new"].id in ids and seeded["old"].id not in ids
    asked = engine.search("frontend framework vue", k=10, states="superseded")
    assert [i.memory.id for i in asked.items] == [seeded["old"].id]


def test_valid_at_sees_the_world_as_it_was(engine, seeded, clock):
    before_switch = seeded["new"].valid_from - timedelta(days=1)
    then = engine.search("frontend framework", k=10, valid_at=before_switch, states="active,pinned,superseded")
    ids = [i.memory.id for i in then.items]
    assert seeded["old"].id in ids and seeded["new"].id not in ids


@pytest.mark.parametrize(("filters", "expected"), [
    ({"types": "preference"}, {"preference"}),
    ({"tiers": "working"}, {"decision"}),
    ({"tags": "security"}, {"critical"}),
])
def test_structured_filters(engine, seeded, filters, expected):
    result = engine.search("anything about our work", k=10, **filters)
    assert result.items and {i.memory.type.value for i in result.items} == expected


def test_time_range_filter(engine, seeded, clock):
    result = engine.search("database payments", k=10, created_before=seeded["old"].created_at - timedelta(hours=1))
    assert [i.memory.content.split()[1] for i in result.items] == ["payments"]


def test_other_namespaces_are_invisible(engine, seeded):
    bob = engine.scoped(user="bob")
    bob.add("Bob's payments API uses MongoDB", type="project")
    assert all(i.memory.user_id == "alice" for i in engine.search("payments api database", k=10).items)
    assert [i.memory.user_id for i in bob.search("payments api database", k=10).items] == ["bob"]


def test_search_trace_is_persisted_with_channels_and_breakdown(engine, seeded):
    result = engine.search("postgres replication", k=2)
    trace = engine.trace(result.trace_id)
    assert trace["kind"] == "search" and trace["query"] == "postgres replication"
    assert set(trace["latency_ms"]) >= {"filter", "embed", "dense", "sparse", "fetch", "fuse", "score"}
    first = trace["candidates"][0]
    assert {"dense", "sparse", "keyword", "similarity", "channels", "score", "decision", "reason"} <= set(first)
    assert first["score"]["parts"] and trace["included"] == [i.memory.id for i in result.items]
    assert engine.traces(limit=1)[0]["id"] == result.trace_id


def test_search_bumps_access_and_records_an_event(engine, seeded):
    result = engine.search("postgres replication", k=1)
    hit = engine.get(result.items[0].memory.id)
    assert hit.access_count == 1 and hit.last_accessed_at is not None
    assert engine.timeline(kinds="accessed").items[0].trace_id == result.trace_id
    engine.search("postgres replication", k=1, record=False)
    assert engine.get(hit.id).access_count == 1


def test_rrf_fusion_is_selectable_and_bad_values_are_named(engine, seeded):
    assert engine.search("postgres", k=2, fusion="rrf").items
    with pytest.raises(InvalidInput, match="fusion"):
        engine.search("postgres", fusion="magic")
    with pytest.raises(InvalidInput, match="k"):
        engine.search("postgres", k=0)


def test_index_follows_state_changes(engine, seeded):
    hit = engine.search("dark mode editor", k=1).items[0].memory
    engine.forget(hit.id)
    assert hit.id not in [i.memory.id for i in engine.search("dark mode editor", k=10).items]
    engine.restore(hit.id)
    assert hit.id in [i.memory.id for i in engine.search("dark mode editor", k=10).items]


def test_index_is_rebuilt_from_stored_embeddings(engine, seeded, open_engine, db_url):
    again = open_engine(db_url)
    assert [i.memory.id for i in again.search("dark mode editor", k=1, record=False).items] == \
        [i.memory.id for i in engine.search("dark mode editor", k=1, record=False).items]


def test_event_kinds_for_search_do_not_touch_content(engine, seeded):
    engine.search("anything", k=1)
    assert engine.timeline(kinds="accessed").items[0].kind is EventKind.ACCESSED
