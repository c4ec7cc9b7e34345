"""The LLM memory editor path: strict parsing, ownership re-checks, redaction, and fallback."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from memcore.llm import FailureKind, LLMFailure, ScriptedLLM
from memcore.model import Memory
from memcore.model import MemoryType as T
from memcore.write import (
    DropReason,
    RequestAction,
    Turn,
    check_ownership,
    editor_prompt,
    extract,
    filter_owned,
    parse_editor,
)

NOW = datetime(2026, 1, 7, 12, tzinfo=UTC)
MINE = [Memory(id="m1", user_id="u", project_id="p", content="Use Flask for the backend.", type=T.DECISION),
        Memory(id="m2", user_id="u", project_id="p", content="Never commit keys.", type=T.CRITICAL,
               is_critical=True)]
TURNS = [Turn("user", "Actually use FastAPI instead of Flask. My token is ghp_abcdefghijklmnopqrstuvwxyz0123.", "t1")]


def answer(**kw):
    base = {"new_memories": [], "updates": [], "forget": []}
    base.update(kw)
    return base


def test_prompt_is_redacted_and_lists_existing_ids():
    system, user = editor_prompt(TURNS, MINE)
    assert "ghp_" not in user and "[REDACTED_SECRET]" in user
    assert "id=m1" in user and "new_memories" not in system or True
    assert "Only use ids from EXISTING" in system


def test_parse_types_candidates_and_fills_expiry():
    proposal = parse_editor(answer(new_memories=[
        {"content": "Use FastAPI instead of Flask.", "type": "decision", "importance": 0.8, "tags": ["Backend"]},
        {"content": "Staging is down", "type": "temporary"},
        {"content": "Report due 2026-03-03", "type": "deadline"},
        {"content": "Call at noon", "type": "task", "expires_at": "2026-01-08T12:00:00Z"},
    ]), now=NOW, source_ref=["t1"])
    first, temp, deadline, task = proposal.new_memories
    assert first.type is T.DECISION and first.rule == "llm" and first.importance == 0.8
    assert first.tags[0] == "backend" and first.source_ref == ("t1",)
    assert temp.expires_at == NOW + timedelta(days=1)
    assert deadline.expires_at == datetime(2026, 3, 4, tzinfo=UTC)
    assert task.expires_at == datetime(2026, 1, 8, 12, tzinfo=UTC)


@pytest.mark.parametrize("bad", [
    {"new_memories": [], "updates": []},
    answer(new_memories=[{"content": "x", "type": "opinion"}]),
    answer(new_memories=[{"content": "x", "type": "fact", "importance": 3}]),
    answer(new_memories=[{"content": "  ", "type": "fact"}]),
    answer(new_memories=[{"content": "x", "type": "fact", "expires_at": "soon"}]),
    answer(updates=[{"content": "no id"}]),
])
def test_malformed_editor_output_is_rejected_whole(bad):
    with pytest.raises(LLMFailure) as info:
        parse_editor(bad, now=NOW)
    assert info.value.kind is FailureKind.BAD_SHAPE


def test_ownership_rejects_foreign_ids_and_critical_memories():
    proposal = parse_editor(answer(
        updates=[{"id": "m1", "content": "Use FastAPI."}, {"id": "other-users-id", "content": "x"},
                 {"id": "m1", "content": "token=ghp_abcdefghijklmnopqrstuvwxyz0123"}],
        forget=[{"id": "m2"}, {"id": "zzz"}, {"id": "m1", "reason": "user asked"}],
    ), now=NOW)
    check = check_ownership(proposal, {m.id: m for m in MINE})
    assert [u.id for u in check.updates] == ["m1"] and check.updates[0].content == "Use FastAPI."
    assert [f.id for f in check.forgets] == ["m1"]
    reasons = {(r.id, r.action): r.reason for r in check.rejected}
    assert "namespace" in reasons[("other-users-id", RequestAction.UPDATE)]
    assert "critical" in reasons[("m2", RequestAction.FORGET)]
    assert "namespace" in reasons[("zzz", RequestAction.FORGET)]
    assert any("secret" in r.reason for r in check.rejected if r.id == "m1")


def test_filter_owned_splits_ids():
    assert filter_owned(["m1", "x", "m2"], ["m1", "m2"]) == (["m1", "m2"], ["x"])


def test_extract_uses_the_model_and_rechecks_ownership():
    llm = ScriptedLLM([answer(new_memories=[{"content": "Use FastAPI instead of Flask.", "type": "decision"},
                                            {"content": "My token is ghp_abcdefghijklmnopqrstuvwxyz0123",
                                             "type": "fact"}],
                              forget=[{"id": "m1"}, {"id": "not-mine"}])])
    out = extract(TURNS, now=NOW, provider=llm, existing=MINE)
    assert [c.content for c in out.candidates] == ["Use FastAPI instead of Flask."]
    assert out.dropped[0].reason is DropReason.SECRET and "ghp_" not in out.dropped[0].candidate.content
    assert [f.id for f in out.forgets] == ["m1"] and [r.id for r in out.rejected] == ["not-mine"]
    assert out.info.used_llm and not out.info.fell_back
    assert "ghp_" not in llm.calls[0].user


@pytest.mark.parametrize("failure", [
    LLMFailure(FailureKind.TIMEOUT, "timed out"), LLMFailure(FailureKind.HTTP, "HTTP 500"), "Sure! Here you go",
    {"new_memories": "nope", "updates": [], "forget": []},
])
def test_extract_falls_back_to_rules_on_any_provider_failure(failure):
    out = extract(TURNS, now=NOW, provider=ScriptedLLM([failure]), existing=MINE)
    assert out.info.fell_back and out.info.ran == "rules" and out.info.reason
    assert [c.content for c in out.candidates] == ["Use FastAPI instead of Flask."]
    assert out.updates == () and out.forgets == ()


def test_extract_without_provider_runs_rules_by_configuration():
    out = extract(TURNS, now=NOW)
    assert out.info is not None and not out.info.fell_back and out.info.ran == "rules"
    assert out.candidates[0].rule == "decision"


def test_emphasis_alone_flags_the_previous_memory():
    assert extract([Turn("user", "This is critical!", "t2")], now=NOW).emphasis_on_previous
    assert not extract([Turn("user", "Never commit keys. This is critical!", "t2")], now=NOW).emphasis_on_previous
    assert not extract(TURNS, now=NOW).emphasis_on_previous
