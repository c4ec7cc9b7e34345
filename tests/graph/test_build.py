"""build_graph: nodes, styles, edges, filters, as-of, sampling, JSON export, namespace isolation."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest

from memcore import InvalidInput, LinkKind, MemoryState
from memcore.graph import SUMMARY_TAG, build_graph, sample, style
from memcore.store import links as link_repo


def _seed(engine, clock):  # noqa: ANN001, ANN202
    ids = {}
    ids["react"] = engine.add("Frontend uses React", type="decision", importance=0.4, tags=["frontend", "ui"],
                              entities=["React"]).id
    clock.advance(days=10)
    ids["svelte"] = engine.add("Switched from React to Svelte", type="decision", importance=0.9,
                               tags=["frontend", "ui"], entities=["Svelte", "React"]).id
    engine.supersede(ids["react"], ids["svelte"])
    clock.advance(days=1)
    ids["deadline"] = engine.add("Launch on Friday", type="deadline", importance=0.8, tags=["launch"],
                                 is_critical=True).id
    ids["dark"] = engine.add("Prefers dark mode", type="preference", importance=0.6, tags=["ui"]).id
    engine.pin(ids["dark"])
    ids["old"] = engine.add("Used to like light themes", type="preference", importance=0.3, tags=["ui"]).id
    engine.forget(ids["old"])
    ids["summary"] = engine.add("2 decisions: frontend choices", type="note", tags=[SUMMARY_TAG],
                                source_ref=[ids["react"], ids["svelte"]]).id
    return ids


def test_memory_nodes_carry_their_style(engine, clock) -> None:  # noqa: ANN001
    ids = _seed(engine, clock)
    g = build_graph(engine).graph
    svelte = g.nodes[f"m:{ids['svelte']}"]
    assert svelte["kind"] == "memory" and svelte["color"] == style.type_colour("decision")
    assert svelte["size"] > g.nodes[f"m:{ids['react']}"]["size"]  # size by importance
    assert g.nodes[f"m:{ids['react']}"]["opacity"] < 1 and not g.nodes[f"m:{ids['react']}"]["active"]
    assert g.nodes[f"m:{ids['deadline']}"]["border"] == style.CRITICAL_RING
    assert g.nodes[f"m:{ids['svelte']}"]["border"] is None
    summary = g.nodes[f"m:{ids['summary']}"]
    assert summary["kind"] == "summary" and summary["shape"] == "star" and summary["color"] == style.SUMMARY_COLOUR


def test_edges_supersedes_summary_related_tags_entities(engine, clock) -> None:  # noqa: ANN001
    ids = _seed(engine, clock)
    mg = build_graph(engine)
    g = mg.graph
    kinds = {(s, t): d["kind"] for s, t, d in g.edges(data=True)}
    assert kinds[(f"m:{ids['react']}", f"m:{ids['svelte']}")] == "supersedes"  # old -> new
    assert kinds[(f"m:{ids['summary']}", f"m:{ids['react']}")] == "summary_of"
    assert kinds[(f"m:{ids['summary']}", f"m:{ids['svelte']}")] == "summary_of"
    assert (f"m:{ids['dark']}", "t:ui") in kinds  # ui is shared: a tag node
    assert "t:launch" not in g  # used once: no tag node
    assert "t:" + SUMMARY_TAG not in g
    assert g.nodes["e:React"]["kind"] == "entity"
    related = {frozenset((s, t)) for (s, t), k in kinds.items() if k == "related"}
    assert frozenset((f"m:{ids['dark']}", f"m:{ids['old']}")) in related
    # an explicit supersedes link is not duplicated by a shared-tag edge
    assert frozenset((f"m:{ids['react']}", f"m:{ids['svelte']}")) not in related
    assert mg.edge_counts()["supersedes"] == 1


def test_related_only_for_tags_used_by_two_to_eight(engine) -> None:  # noqa: ANN001
    for i in range(9):
        engine.add(f"note number {i} about the common thing", tags=["common"])
    g = build_graph(engine, tags=False, entities=False).graph
    assert not [1 for *_e, k in g.edges(data="kind") if k == "related"]  # 9 users: too common to relate


def test_semantic_links_carry_weight(engine, clock) -> None:  # noqa: ANN001
    a = engine.add("alpha memory about caching").id
    b = engine.add("beta memory about caches").id
    with engine.db.begin() as conn:
        link_repo.upsert(conn, engine.namespace, a, b, LinkKind.SEMANTIC, clock.now(), 0.83)
    g = build_graph(engine).graph
    (data,) = [d for s, t, d in g.edges(data=True) if d["kind"] == "semantic"]
    assert data["weight"] == pytest.approx(0.83)


def test_filters_by_type_and_state(engine, clock) -> None:  # noqa: ANN001
    ids = _seed(engine, clock)
    mg = build_graph(engine, types=["preference"])
    assert {d["memory_id"] for _n, d in mg.graph.nodes(data=True) if "memory_id" in d} == {ids["dark"], ids["old"]}
    mg = build_graph(engine, states=["pinned"])
    assert [d["memory_id"] for _n, d in mg.graph.nodes(data=True) if "memory_id" in d] == [ids["dark"]]
    with pytest.raises(InvalidInput, match="state"):
        build_graph(engine, states=["sleeping"])


def test_as_of_shows_what_was_valid_then(engine, clock) -> None:  # noqa: ANN001
    ids = _seed(engine, clock)
    start = engine.get(ids["react"]).created_at
    before_switch = build_graph(engine, as_of=start + timedelta(days=5))
    nodes = before_switch.graph.nodes
    assert set(before_switch.memory_nodes()) == {f"m:{ids['react']}"}
    assert nodes[f"m:{ids['react']}"]["state"] == MemoryState.ACTIVE.value  # not yet superseded then
    assert nodes[f"m:{ids['react']}"]["active"]
    after = build_graph(engine, as_of=start + timedelta(days=10, hours=1))
    assert f"m:{ids['react']}" not in after.graph  # its validity window closed at the switch
    assert f"m:{ids['svelte']}" in after.graph


def test_as_of_never_sees_the_future(engine, clock) -> None:  # noqa: ANN001
    ids = _seed(engine, clock)
    for days in range(0, 14):
        when = engine.get(ids["react"]).created_at + timedelta(days=days)
        for _n, d in build_graph(engine, as_of=when).graph.nodes(data=True):
            if "memory_id" in d:
                assert d["created_at"] <= when.isoformat()


def test_cap_keeps_pinned_critical_and_summaries_first(engine, clock) -> None:  # noqa: ANN001
    ids = _seed(engine, clock)
    engine.add_many([{"content": f"filler memory {i}", "importance": 0.99} for i in range(30)])
    mg = build_graph(engine, max_nodes=5)
    shown = {d["memory_id"] for _n, d in mg.graph.nodes(data=True) if "memory_id" in d}
    assert {ids["dark"], ids["deadline"], ids["summary"]} <= shown
    assert mg.shown == 5 and mg.total == 36 and mg.sampled
    again = build_graph(engine, max_nodes=5)
    assert again.memory_nodes() == mg.memory_nodes()  # deterministic


def test_sample_is_deterministic_and_seeded(engine) -> None:  # noqa: ANN001
    mems = engine.add_many([f"memory {i}" for i in range(50)])
    a = [m.id for m in sample(mems, 10, seed=1)]
    assert a == [m.id for m in sample(list(reversed(mems)), 10, seed=1)]
    assert a != [m.id for m in sample(mems, 10, seed=2)]
    with pytest.raises(InvalidInput, match="max_nodes"):
        sample(mems, 0)


def test_json_export_round_trips(engine, clock) -> None:  # noqa: ANN001
    _seed(engine, clock)
    mg = build_graph(engine)
    data = json.loads(json.dumps(mg.to_dict()))
    assert data["meta"]["shown_memories"] == mg.shown == 6
    assert len(data["nodes"]) == mg.graph.number_of_nodes()
    assert {"source", "target", "kind"} <= set(data["edges"][0])


def test_namespaces_do_not_leak(engine) -> None:  # noqa: ANN001
    engine.add("alice's memory", tags=["shared"])
    bob = engine.scoped(user="bob")
    bob.add("bob's memory", tags=["shared"])
    texts = {d.get("text") for _n, d in build_graph(engine).graph.nodes(data=True)}
    assert "alice's memory" in texts and "bob's memory" not in texts
    assert build_graph(engine.runtime, bob.namespace).shown == 1


def test_runtime_without_namespace_is_refused(engine) -> None:  # noqa: ANN001
    with pytest.raises(InvalidInput, match="namespace"):
        build_graph(engine.runtime)
