"""Episode segmentation/consolidation and context compaction with its LLM stage."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memcore.errors import InvalidInput
from memcore.llm import FailureKind, LLMFailure, ScriptedLLM
from memcore.write import Boundary, CompactionSettings, Message, NoteKind, Stage, Turn, compact, consolidate, segment

NOW = datetime(2026, 1, 7, 12, tzinfo=UTC)
DB = ["We use Postgres for the billing database.", "The billing database has a replica in eu-west-1.",
      "Postgres backups run nightly for billing.", "Billing database migrations use Alembic."]
TRIP = ["I'm planning a trip to Japan in April.", "Tokyo hotels in April are expensive.",
        "I want to visit Kyoto temples during the Japan trip.", "My name is Dana and I prefer concise answers."]


def turns(texts):
    return [Turn("user", t, f"t{i}") for i, t in enumerate(texts)]


def test_topic_shift_starts_a_new_episode():
    episodes = segment(turns(DB + TRIP))
    assert [(e.start, e.end, e.reason) for e in episodes] == [(0, 4, Boundary.START), (4, 8, Boundary.TOPIC_SHIFT)]
    assert episodes[1].turn_ids[0] == "t4" and "database" in episodes[0].topics


def test_surprise_above_threshold_forces_a_boundary():
    same = ["We use Postgres for billing."] * 6
    flat = segment(turns(same))
    assert len(flat) == 1
    surprised = segment(turns(same), surprise=[0, 0, 0, 0.9, 0, 0])
    assert [(e.start, e.reason) for e in surprised] == [(0, Boundary.START), (3, Boundary.SURPRISE)]
    assert len(segment(turns(same), surprise=[0, 0, 0, 0.7, 0, 0])) == 1


def test_short_segments_merge_into_the_previous_one():
    episodes = segment(turns(same := ["We use Postgres for billing."] * 4), surprise=[0, 0, 0, 0.95])
    assert len(episodes) == 1 and episodes[0].end == len(same)


def test_segment_validates_input():
    with pytest.raises(InvalidInput):
        segment(turns(DB), surprise=[0.1])
    assert segment([]) == []


def test_rule_consolidation_makes_fact_preference_and_profile_notes():
    ts = turns(DB + TRIP)
    second = segment(ts)[1]
    result = consolidate(ts, second, now=NOW)
    kinds = {(n.kind, n.candidate.content) for n in result.notes}
    assert (NoteKind.PROFILE, "My name is Dana.") in kinds
    assert (NoteKind.PREFERENCE, "I prefer concise answers.") in kinds
    assert all(n.episode == 1 and n.candidate.source.value == "consolidated" for n in result.notes)
    assert result.info.ran == "rules"


def test_llm_consolidation_and_its_fallback():
    ts = turns(TRIP)
    episode = segment(ts)[0]
    llm = ScriptedLLM([{"facts": ["Trip to Japan in April"], "preferences": ["Concise answers"],
                        "profile": ["Name: Dana"]}])
    result = consolidate(ts, episode, now=NOW, provider=llm)
    assert {n.kind for n in result.notes} == {NoteKind.FACT, NoteKind.PREFERENCE, NoteKind.PROFILE}
    assert result.info.used_llm
    failed = consolidate(ts, episode, now=NOW, provider=ScriptedLLM([LLMFailure(FailureKind.HTTP, "500")]))
    assert failed.info.fell_back and failed.notes


def convo(n: int, tool_chars: int = 4000) -> list[Message]:
    out = []
    for i in range(n):
        out.append(Message("user", f"question {i}   \n\n\n\nmore"))
        out.append(Message("tool", "x" * tool_chars))
        out.append(Message("assistant", "answer " + "y" * 3000))
    return out


def test_mechanical_stages_apply_in_order_and_keep_recent_messages():
    msgs = convo(4)
    report = compact(msgs, settings=CompactionSettings(budget_tokens=100_000, keep_recent=3))
    assert report.applied == (Stage.TRIM, Stage.CLEAR_TOOL_OUTPUT, Stage.TRUNCATE)
    assert report.messages[-2].content == "x" * 4000  # recent tool output kept
    assert report.messages[1].content.startswith("[tool output cleared")
    assert report.messages[0].content == "question 0\n\nmore"
    assert report.tokens_after < report.tokens_before and report.within_budget
    assert report.summary is None


def test_llm_summary_replaces_old_turns_when_still_over_budget():
    llm = ScriptedLLM(["The user asked four questions about billing."])
    report = compact(convo(4), settings=CompactionSettings(budget_tokens=1500, keep_recent=2), provider=llm)
    assert Stage.LLM_SUMMARY in report.applied
    assert report.messages[0].content.startswith("[summary of earlier conversation] The user asked")
    assert len(report.messages) == 3 and report.summary.used_llm


def test_llm_failure_keeps_the_mechanical_result():
    settings = CompactionSettings(budget_tokens=1500, keep_recent=2)
    mechanical = compact(convo(4), settings=settings)
    failed = compact(convo(4), settings=settings, provider=ScriptedLLM([LLMFailure(FailureKind.TIMEOUT, "slow")]))
    assert failed.messages == mechanical.messages
    assert failed.summary.fell_back and failed.stages[-1].stage is Stage.LLM_SUMMARY
    assert not failed.stages[-1].applied and "slow" in failed.stages[-1].detail


def test_too_few_turns_skips_the_summary_with_a_reason():
    report = compact(convo(1), settings=CompactionSettings(budget_tokens=10), provider=ScriptedLLM(["s"]))
    assert Stage.LLM_SUMMARY not in report.applied and "turns" in report.summary.reason


def test_settings_are_validated():
    with pytest.raises(InvalidInput) as info:
        CompactionSettings(budget_tokens=0)
    assert info.value.field == "budget_tokens"
