"""Episodes through the engine: segmentation, consolidation into notes, the retrieval fallback; compaction."""

from __future__ import annotations

import pytest

from memcore import NotFound


def _conversation(engine, session="s1"):
    turns = ["We're planning the Lisbon offsite for the platform team.", "It should be in the second week of May.",
             "Book the hotel near the river, the team prefers walking.", "Budget is 40k euros for everything.",
             "Switching topics: the CI pipeline is flaky on arm64 runners.", "The flaky test is test_upload_resume.",
             "It started after we bumped the boto3 version.", "Let's pin boto3 until the fix lands."]
    engine.extract([{"role": "user", "text": t} for t in turns], session_id=session)


def test_sessions_segment_into_episodes_and_consolidate(lite):
    _conversation(lite)
    report = lite.consolidate_session("s1")
    assert len(report.episodes) >= 2 and sum(e["turns"] for e in report.episodes) == 8
    episodes = lite.episodes("s1")
    assert episodes and all(e["consolidated"] for e in episodes)
    assert lite.consolidate_session("s1").episodes == []  # nothing new to segment
    with pytest.raises(NotFound):
        lite.consolidate_session("nope")


def test_context_falls_back_to_episodes_when_no_note_answers(lite):
    lite.extract(["hmm", "the offsite venue shortlist: Palacio Chiado, LX Factory, Hub Criativo"], session_id="s2")
    result = lite.build_context("which venues are on the offsite shortlist?")
    notes = [i for i in result.included if i.memory_type != "episode"]
    if not notes:
        episodes = [i for i in result.included if i.memory_type == "episode"]
        assert episodes and "Chiado" in result.text and episodes[0].reason == "episode_fallback"
        assert lite.trace(result.trace_id)["episodes"]


def test_compaction_reports_stages_and_stays_within_budget(lite):
    messages = [{"role": "user", "content": "question " * 50}, {"role": "tool", "content": "output " * 400},
                {"role": "assistant", "content": "answer " * 60}] * 4
    report = lite.compact(messages, budget_tokens=300, keep_recent=2)
    assert report.to_dict()["stages"] if hasattr(report, "to_dict") else report.stages
