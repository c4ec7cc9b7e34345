"""The write path through the engine: extraction, merge, supersession, undo, secrets, LLM fallbacks."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import inspect, text

import memcore
from memcore import MemoryState, MemoryType, SecretDetected
from memcore.llm import ScriptedLLM
from memcore.write.redact import find_secrets


def _all_text(engine) -> str:
    engine.runtime.flush()
    chunks = []
    with engine.db.read() as conn:
        for table in inspect(conn).get_table_names():
            for row in conn.execute(text(f'SELECT * FROM "{table}"')):
                chunks.append(" ".join(str(v) for v in row))
    return "\n".join(chunks)


def test_extraction_types_and_drops_chit_chat(lite):
    report = lite.extract(["hey there!", "I prefer dark mode in every editor.", "What's the weather like?",
                           "Never force-push to main.", "Our API runs on port 8443."])
    types = {m.content: m.type for m in report.created}
    assert types["I prefer dark mode in every editor."] is MemoryType.PREFERENCE
    assert any(t in (MemoryType.CONSTRAINT, MemoryType.CRITICAL) for c, t in types.items() if "force-push" in c)
    assert not any("weather" in c or "hey" in c for c in types)
    trace = lite.trace(report.trace_id)
    assert trace["kind"] == "write" and trace["created"] and all(c["source_turns"] for c in trace["created"])


def test_repeats_merge_and_contradictions_supersede_with_undo(lite, clock):
    first = lite.extract("We host everything on Heroku.").created[0]
    repeat = lite.extract("We host everything on Heroku.")
    assert repeat.created == [] and repeat.merged[0]["into"] == first.id
    assert lite.get(first.id).usage_count == 1
    clock.advance(days=1)
    switch = lite.extract("We migrated off Heroku to Google Cloud last sprint.")
    new = switch.created[0]
    old = lite.get(first.id)
    assert old.state is MemoryState.SUPERSEDED and old.valid_until == new.valid_from
    event = lite.timeline(kinds="superseded").items[0]
    assert "cloud" in event.reason
    context = lite.build_context("Where is the app hosted?").text
    assert "Google Cloud" in context and "Heroku." not in context.replace("off Heroku", "")
    lite.undo(event.id)
    assert lite.get(first.id).state is MemoryState.ACTIVE


def test_critical_memories_are_never_superseded_automatically(lite, clock):
    critical = lite.add("Customer data must never leave the EU region; we host in Frankfurt on AWS.", type="critical")
    clock.advance(days=1)
    report = lite.extract("We moved hosting from AWS to Google Cloud.")
    assert lite.get(critical.id).state is MemoryState.ACTIVE
    assert report.superseded == [] or all(s["old"] != critical.id for s in report.superseded)


def test_manual_add_with_a_secret_is_refused_without_echoing_it(lite):
    secret = "sk-" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4"
    with pytest.raises(SecretDetected) as info:
        lite.add(f"the openai key is {secret}")
    assert secret not in str(info.value) and info.value.field == "content"
    assert lite.list().total == 0


SECRETS = st.one_of(
    st.from_regex(r"sk-[A-Za-z0-9]{24,40}", fullmatch=True),
    st.from_regex(r"AKIA[0-9A-Z]{16}", fullmatch=True),
    st.from_regex(r"ghp_[A-Za-z0-9]{36}", fullmatch=True),
    st.builds(lambda v: f"password={v}", st.from_regex(r"[A-Za-z0-9!@#]{8,20}", fullmatch=True)),
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(secret=SECRETS, prefix=st.sampled_from(["I prefer to keep", "Our deploy uses", "Remember that",
                                               "Never share"]))
def test_no_secret_ever_reaches_the_database(tmp_path_factory, clock, secret, prefix):
    engine = memcore.open(str(tmp_path_factory.mktemp("sec") / "s.db"), clock=clock)
    try:
        engine.extract([f"{prefix} {secret} in the vault.", f"My token: {secret}"])
        stored = _all_text(engine)
        assert secret not in stored
        assert not find_secrets(stored)
    finally:
        engine.close()


def test_llm_editor_answer_is_applied(tmp_path, clock):
    llm = ScriptedLLM([{"new_memories": [{"content": "Prefers Rust for CLI tools", "type": "preference",
                                          "importance": 0.7}], "updates": [], "forget": []}])
    engine = memcore.open(str(tmp_path / "l.db"), clock=clock, llm=llm)
    report = engine.extract("For command line tools I'd go with Rust.")
    assert [m.content for m in report.created] == ["Prefers Rust for CLI tools"]
    assert report.provider["ran"].startswith("scripted") and not report.provider["fell_back"]
    engine.close()


@pytest.mark.parametrize("answer", ["not json at all", {"new_memories": "nope"},
                                    memcore.ProviderError("timed out")])
def test_bad_llm_answers_fall_back_to_rules_and_are_recorded(tmp_path, clock, answer):
    engine = memcore.open(str(tmp_path / "l.db"), clock=clock, llm=ScriptedLLM([answer]))
    report = engine.extract("I prefer dark mode in every editor.")
    assert report.provider["fell_back"] and report.provider["reason"]
    assert [m.type for m in report.created] == [MemoryType.PREFERENCE]
    assert engine.trace(report.trace_id)["provider"]["fell_back"] is True
    engine.close()


def test_model_requested_updates_are_checked_for_ownership(tmp_path, clock):
    engine = memcore.open(str(tmp_path / "o.db"), clock=clock, user="alice")
    foreign = engine.scoped(user="mallory").add("Mallory's note", type="note")
    mine = engine.add("We deploy on Fridays", type="decision")
    llm = ScriptedLLM([{"new_memories": [], "updates": [
        {"id": foreign.id, "content": "hijacked", "reason": "x"},
        {"id": mine.id, "content": "We deploy on Tuesdays", "reason": "user corrected it"}], "forget": []}])
    engine.runtime.llm = llm
    report = engine.extract("Actually we deploy on Tuesdays now.")
    assert engine.scoped(user="mallory").get(foreign.id).content == "Mallory's note"
    assert any(r["id"] == foreign.id for r in report.rejected)
    assert engine.get(mine.id).content == "We deploy on Tuesdays"
    engine.close()


def test_evolution_links_related_memories(lite):
    lite.add("The payments service uses PostgreSQL 15 with logical replication to the analytics cluster")
    report = lite.extract("The payments service uses PostgreSQL 15 with logical replication to a read replica")
    assert isinstance(report.evolved, list)
    for item in report.evolved:
        assert 0.80 <= item["similarity"] < 0.85
        assert lite.timeline(kinds="evolved").total >= 1


def test_write_events_name_the_actor(lite):
    report = lite.extract("I prefer tabs over spaces.")
    created = lite.timeline(kinds="created").items[0]
    assert created.memory_id == report.created[0].id and created.actor.value == "engine"
    assert re.search("extracted", created.reason)
