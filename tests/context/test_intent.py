"""The intent rule of the relevance gate: questions admit memories of the type or topic they ask about."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memcore.context.intent import query_intent
from memcore.context.packing import PackCandidate, PackSettings, Reason, pack
from memcore.model import Memory, MemoryType

NOW = datetime(2026, 1, 1, tzinfo=UTC)


def _memory(content: str, mtype: MemoryType, project: str = "p") -> Memory:
    return Memory(id=content[:8], user_id="u", project_id=project, content=content, type=mtype, created_at=NOW,
                  updated_at=NOW)


@pytest.mark.parametrize(("question", "expected"), [
    ("What certification am I preparing for?", MemoryType.LEARNING_GOAL),
    ("How should you phrase your replies to me?", MemoryType.PREFERENCE),
    ("Any mistakes I should avoid with migrations?", MemoryType.MISTAKE),
    ("When is the grant report due?", MemoryType.DEADLINE),
])
def test_question_types(question, expected):
    assert expected in query_intent(question).types


def test_look_like_is_not_a_preference_question():
    assert MemoryType.PREFERENCE not in query_intent("What should the empty state look like?").types


def test_topic_group_admits_a_memory_without_shared_words():
    cloud = _memory("We migrated off Heroku to Google Cloud last sprint.", MemoryType.DECISION)
    other = _memory("Her cat is called Miso.", MemoryType.FACT)
    result = pack([PackCandidate(cloud), PackCandidate(other)], "Where is the app hosted?", project_id="p")
    reasons = {i.memory.content: i.reason for i in result.items}
    assert reasons[cloud.content] is Reason.INTENT and reasons[other.content] is Reason.GATE
    assert "cloud" in next(i.detail for i in result.items if i.memory is cloud)


def test_intent_respects_the_project_and_can_be_turned_off():
    goal = _memory("Studying for the CKA exam in the evenings.", MemoryType.LEARNING_GOAL, project="other")
    assert pack([PackCandidate(goal)], "What am I studying?", project_id="p").items[0].reason is Reason.GATE
    same = _memory("Studying for the CKA exam in the evenings.", MemoryType.LEARNING_GOAL)
    off = pack([PackCandidate(same)], "What certification am I preparing for?", project_id="p",
               settings=PackSettings(intent=False))
    assert off.items[0].reason is Reason.GATE


@pytest.mark.parametrize(("question", "alone", "apart"), [
    ("which bus gets me to class again?", True, False),
    ("packing lunch just for me for a 10h shift, ideas?", True, True),
    ("what should i change in my diet based on my blood test results", True, True),
    ("who's working the Baldwin grand job with me on Friday?", False, False),
    ("help me draft a message to my boss asking for the 12th off", True, False),  # the boss is named per memory
    ("can i take lani to martinborough on her actual birthday?", False, False),
    ("what should we cook tonight?", False, False),
    ("what's the capital of peru?", False, False),
    # the outsider the question brings in is who "him" and "her" are
    ("a wine buyer from auckland wants to ring me, when should i tell him to call?", True, False),
    ("the coordinator asked what vendor meal i want, what do i tell her?", True, False),
    ("should i tell her about my raise?", False, False),
    ("new coach wants everyone's position for the team sheet, what do i tell him for me?", True, False),
    ("it's my birthday next week, want the team to make my favourite, what should i tell them?", True, False),
    ("can my mom come to my party, what should i tell her", False, False),
    ("filling in the health form for the first aid course, what regular meds do i take?", True, True),
    ("the caterer asks if i have allergies or intolerances for my vendor meal, what do i say?", True, True),
    ("doctor wants to put me on an antibiotic for this chest infection, anything i should mention?", True, True),
    ("the vet wants to put him on steroids, is that ok?", False, False),
])
def test_a_question_about_the_user_alone_and_one_that_says_so(question, alone, apart):
    from memcore.context.intent import self_focused, sets_user_apart

    assert self_focused(question) is alone and sets_user_apart(question) is apart
