"""Context building through the engine: gate, budget, critical first, usage, injection events, trace."""

from __future__ import annotations

import pytest

from memcore import EventKind


@pytest.fixture
def seeded(engine):
    engine.add("The orders service stores data in PostgreSQL", type="project", importance=0.8)
    engine.add("Never run database migrations on Friday", type="critical")
    engine.add("Prefers short answers with code first", type="preference")
    engine.add("Her cat is called Miso", type="fact")
    return engine


def test_gate_keeps_unrelated_memories_out(seeded):
    result = seeded.build_context("which database does the orders service use?")
    included = [i.line for i in result.included]
    assert any("PostgreSQL" in line for line in included)
    assert not any("Miso" in line for line in included)
    miso = next(i for i in result.skipped if "Miso" in i.line)
    assert miso.reason == "gate" and "0.62" in miso.detail or "gate" in miso.detail


def test_critical_memories_come_first_regardless_of_relevance(seeded):
    result = seeded.build_context("what is my cat called?")
    assert result.included[0].line.startswith("- [critical]")
    assert result.text.splitlines()[0] == "- [critical] Never run database migrations on Friday"


def test_budget_packing_skips_what_does_not_fit(seeded):
    full = seeded.build_context("database orders service migrations", record=False)
    tight = seeded.build_context("database orders service migrations", budget=full.included[0].tokens, record=False)
    assert tight.tokens_used <= tight.budget
    assert len(tight.included) == 1 and any(i.reason == "budget" for i in tight.skipped)


def test_broad_design_requests_admit_project_decisions(seeded):
    result = seeded.build_context("plan the architecture for the new billing module")
    assert any("short answers" in i.line for i in result.included)
    assert not any("Miso" in i.line for i in result.included)


def test_injection_bumps_usage_and_records_events_and_trace(seeded):
    result = seeded.build_context("which database does the orders service use?")
    injected = [e for e in seeded.timeline(kinds="injected").items]
    assert {e.memory_id for e in injected} == {i.memory_id for i in result.included}
    assert all(e.trace_id == result.trace_id for e in injected)
    for item in result.included:
        assert seeded.get(item.memory_id).usage_count == 1
    trace = seeded.trace(result.trace_id)
    assert trace["tokens_used"] == result.tokens_used and trace["budget"] == 2500
    assert trace["context"] == result.text
    decided = {c["memory_id"]: c for c in trace["candidates"]}
    for item in result.skipped:
        assert decided[item.memory_id]["decision"] == "skipped" and decided[item.memory_id]["reason"]
    assert all(c["tokens"] > 0 for c in trace["candidates"] if c["decision"] == "included")
    assert {"sweep", "dense", "sparse", "score", "pack"} <= set(trace["latency_ms"])


def test_record_false_changes_nothing(seeded):
    before = seeded.timeline().total
    result = seeded.build_context("database", record=False)
    assert result.trace_id is None and seeded.timeline().total == before


def test_sweep_runs_before_the_build(seeded, clock):
    note = seeded.add("Working from the train today, answers may be slow", type="temporary")
    clock.advance(days=2)
    result = seeded.build_context("where am I working today?")
    assert result.swept == 1 and note.id not in [i.memory_id for i in result.included]
    assert seeded.get(note.id).state.value == "expired"
    assert seeded.timeline(kinds="expired").items[0].kind is EventKind.EXPIRED
