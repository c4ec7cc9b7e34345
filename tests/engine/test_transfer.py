"""Export / import: lossless round trip, all-or-nothing, clear errors for malformed lines."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import memcore
from memcore import Conflict, InvalidInput
from memcore.ops import decisions

SKIP = {"IMPORTED"}


def _dump(engine) -> dict:
    lines = [json.loads(x) for x in memcore.ops.transfer.export_lines(engine.runtime, engine.namespace)][1:]
    out: dict = {}
    for item in lines:
        row = item["row"]
        if item["table"] == "events" and row["kind"] == "imported":
            continue
        out.setdefault(item["table"], []).append(row)
    return out


def _rich(engine, clock):
    a = engine.add("We use MySQL", type="decision", tags="database", importance=0.6, entities="MySQL")
    clock.advance(days=1)
    b = engine.add("We moved to PostgreSQL", type="decision", tags="database", privacy="private")
    decisions.apply(engine.runtime, engine.namespace, decisions.supersede(a.id, b.id, b.valid_from, "replaced"))
    c = engine.add("Ünïcode note ✓", type="note", metadata={"k": [1, 2]})
    engine.edit(c.id, content="Ünïcode note ✓ edited")
    engine.pin(b.id)
    engine.set_block("persona", "Be brief")
    engine.set_block("persona", "Be brief and kind")
    engine.set_state("name", "Alice")
    clock.advance(hours=1)
    engine.set_state("name", "Ali")


def test_round_trip_is_lossless(engine, open_engine, db_url, tmp_path, clock):
    _rich(engine, clock)
    path = tmp_path / "export.jsonl"
    rows = engine.export(path)
    assert rows > 10
    target = open_engine(f"sqlite:///{tmp_path / 'copy.db'}")
    report = target.import_(path)
    assert report.rows["memories"] == 3 and report.rows["user_state"] == 2
    assert _dump(target) == _dump(engine)
    assert target.state() == engine.state() and target.block("persona").version == 2
    assert target.history(engine.list(types="decision", states="pinned").items[0].id).lineage == \
        engine.history(engine.list(types="decision", states="pinned").items[0].id).lineage


def test_import_twice_is_a_conflict_and_writes_nothing(engine, tmp_path, clock):
    _rich(engine, clock)
    path = tmp_path / "e.jsonl"
    engine.export(path)
    before = engine.timeline().total
    with pytest.raises(Conflict, match="already exists"):
        engine.import_(path)
    assert engine.timeline().total == before


@pytest.mark.parametrize(("line", "message"), [
    ("not json", "line 2: is not JSON"),
    ('{"table": "nope", "row": {}}', "table 'nope'"),
    ('{"table": "memories", "row": {"id": "x"}}', "is required"),
    ('{"table": "memories", "row": {"bogus": 1}}', "unknown column"),
])
def test_malformed_lines_name_the_line_and_write_nothing(engine, tmp_path, clock, line, message):
    _rich(engine, clock)
    path = tmp_path / "e.jsonl"
    engine.export(path)
    good = path.read_text().splitlines()
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join([good[0], line, *good[1:]]) + "\n")
    fresh = engine.scoped(user="carol")
    with pytest.raises(InvalidInput) as info:
        fresh.import_(bad)
    assert message in str(info.value)
    assert fresh.list().total == 0 and fresh.blocks() == []


def test_bad_enum_in_an_import_is_refused(engine, tmp_path, clock):
    _rich(engine, clock)
    path = tmp_path / "e.jsonl"
    engine.export(path)
    lines = path.read_text().splitlines()
    for i, raw in enumerate(lines):
        item = json.loads(raw)
        if item.get("table") == "memories":
            item["row"]["type"] = "opinion"
            lines[i] = json.dumps(item)
            break
    with pytest.raises(InvalidInput, match="memories.type 'opinion'"):
        engine.scoped(user="dave").import_(lines)


texts = st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=60).filter(
    lambda s: s.strip())


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(items=st.lists(st.tuples(texts, st.sampled_from(["note", "fact", "decision", "preference"]),
                                st.floats(0, 1), st.lists(st.sampled_from(["a", "b", "c"]), max_size=3)),
                      min_size=1, max_size=6),
       state_values=st.lists(texts, max_size=3))
def test_round_trip_property(tmp_path_factory, clock, items, state_values):
    base = tmp_path_factory.mktemp("rt")
    src = memcore.open(f"sqlite:///{base / 'a.db'}", user="u", project="p", clock=clock)
    dst = memcore.open(f"sqlite:///{base / 'b.db'}", user="u", project="p", clock=clock)
    try:
        for content, mtype, importance, tags in items:
            src.add(content, type=mtype, importance=importance, tags=tags)
        for value in state_values:
            clock.advance(minutes=1)
            src.set_state("k", value)
        src.export(base / "x.jsonl")
        dst.import_(base / "x.jsonl")
        assert _dump(dst) == _dump(src)
    finally:
        src.close()
        dst.close()
