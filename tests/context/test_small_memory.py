"""The small-memory rule: when every live memory of the namespace fits in ``small_memory_tokens``,
all of them are injected without the relevance gate, each with the reason in the trace."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memcore.context.packing import PackCandidate, PackSettings, Reason, pack
from memcore.errors import InvalidInput
from memcore.model import Memory, MemoryState, MemoryType

NOW = datetime(2026, 1, 1, tzinfo=UTC)


def _cand(text: str, memory_type: MemoryType = MemoryType.FACT,
          state: MemoryState = MemoryState.ACTIVE) -> PackCandidate:
    memory = Memory(id=text[:8], user_id="u", project_id="p", content=text, type=memory_type, created_at=NOW,
                    updated_at=NOW, state=state)
    return PackCandidate(memory, similarity=0.0, keyword=0.0)


def test_whole_small_memory_skips_the_gate():
    cands = [_cand("Her cat is called Miso"), _cand("Prefers metric units", MemoryType.PREFERENCE)]
    result = pack(cands, "how long is the hike?", settings=PackSettings(small_memory_tokens=100), whole=True)
    assert [i.reason for i in result.items] == [Reason.SMALL, Reason.SMALL]
    assert "small memory: all 2 live memories" in result.items[0].detail


def test_gate_applies_when_the_memory_is_larger_than_the_allowance():
    cands = [_cand("Her cat is called Miso"), _cand("Prefers metric units", MemoryType.PREFERENCE)]
    result = pack(cands, "how long is the hike?", settings=PackSettings(small_memory_tokens=5), whole=True)
    assert [i.reason for i in result.items] == [Reason.GATE, Reason.GATE]


def test_gate_applies_when_the_candidates_are_not_the_whole_memory():
    result = pack([_cand("Her cat is called Miso")], "how long is the hike?", settings=PackSettings(small_memory_tokens=100))
    assert result.items[0].reason is Reason.GATE


def test_allowance_must_be_a_non_negative_integer():
    with pytest.raises(InvalidInput, match="small_memory_tokens"):
        PackSettings(small_memory_tokens=-1)


def test_engine_injects_a_small_namespace_whole(db_url, open_engine):
    engine = open_engine(db_url, settings={"small_memory_tokens": 200})
    engine.add("The orders service stores data in PostgreSQL", type="project")
    engine.add("Her cat is called Miso", type="fact")
    result = engine.build_context("which database does the orders service use?")
    assert {i.line for i in result.included} == {"- [project] The orders service stores data in PostgreSQL",
                                                  "- [fact] Her cat is called Miso"}
    miso = next(i for i in result.included if "Miso" in i.line)
    assert miso.reason == "small_memory"
    trace = engine.trace(result.trace_id)
    assert any(c["reason"] == "small_memory" for c in trace["candidates"])


def test_engine_gates_once_the_namespace_outgrows_the_allowance(db_url, open_engine):
    engine = open_engine(db_url, settings={"small_memory_tokens": 12})
    engine.add("The orders service stores data in PostgreSQL", type="project")
    engine.add("Her cat is called Miso", type="fact")
    result = engine.build_context("which database does the orders service use?")
    assert not any("Miso" in i.line for i in result.included)


@pytest.mark.parametrize("question", ["updating my staff bio, what qualifications should i list for myself?",
                                      "packing my own lunches, give me ideas that suit me"])
def test_a_question_about_the_user_themself_leaves_out_what_is_about_someone_close(question: str):
    cands = [_cand("Me, ive got an MA in chaplaincy studies from Durham"),
             _cand("My supervisor Ruth has a PhD in theology from Edinburgh"),
             _cand("Our co-driver sophie is gluten free"),
             _cand("My apprentice kuba is allergic to penicillin", MemoryType.CRITICAL)]
    result = pack(cands, question, settings=PackSettings(small_memory_tokens=200), whole=True)
    reasons = {i.memory.content.split()[1]: i.reason for i in result.items}
    assert reasons["supervisor"] is Reason.OTHER_PERSON and reasons["co-driver"] is Reason.OTHER_PERSON
    assert reasons["ive"] is Reason.SMALL
    assert reasons["apprentice"] is Reason.OTHER_PERSON  # the question says it is about the user alone
    skipped = next(i for i in result.items if i.reason is Reason.OTHER_PERSON)
    assert "asks about the user themself" in skipped.detail and not skipped.included


@pytest.mark.parametrize("question", ["what qualifications does my supervisor have?",  # names the person
                                      "what qualifications should we list on the team page?",  # not the user alone
                                      "who should sign my hours off, and what qualifications does she need?"])
def test_someone_close_stays_when_the_question_names_them_or_is_not_about_the_user_alone(question: str):
    cands = [_cand("Me, ive got an MA in chaplaincy studies from Durham"),
             _cand("My supervisor Ruth has a PhD in theology from Edinburgh")]
    result = pack(cands, question, settings=PackSettings(small_memory_tokens=200), whole=True)
    assert all(i.included for i in result.items)


def test_a_question_about_the_users_own_health_leaves_out_a_relatives_health():
    cands = [_cand("I'm hearing, but i have tinnitus in my left ear since covid"),
             _cand("My son davi is 9 and he is deaf, that's how i started learning libras"),
             _cand("My husband and I run the farm together")]
    result = pack(cands, "my ear has been ringing more than usual this week, should i worry?",
                  settings=PackSettings(small_memory_tokens=200), whole=True)
    assert [i.reason for i in result.items] == [Reason.SMALL, Reason.OTHER_PERSON, Reason.SMALL]


@pytest.mark.parametrize(("question", "kept"), [
    ("which bus gets me to class again?", "I take the 44 bus to campus from my place in ballard"),
    ("adding up my miles for this week, what rate do I get back per mile?", "My agency reimburses me 0.58 a mile"),
])
def test_a_question_about_the_user_alone_leaves_out_what_someone_close_does(question: str, kept: str):
    cands = [_cand(kept), _cand("My roommate takes the 70 to her job downtown"),
             _cand("My friend Denise works for Sunrise Home Care and they pay her 0.67 a mile")]
    result = pack(cands, question, settings=PackSettings(small_memory_tokens=200), whole=True)
    assert [i.memory.content for i in result.included] == [kept]
    assert {i.reason for i in result.items if not i.included} == {Reason.OTHER_PERSON}


@pytest.mark.parametrize(("question", "memory"), [
    ("can i make róisín's wedding or will i be stuck on the boat?", "My mate róisín's wedding is in galway on march 22"),
    ("Where do I mail Susan's present?", "My daughter Susan moved to Portland, new address 4410 SE Belmont St"),
    ("how fast do I need to file the incident report?", "Our branch manager Ruth wants incident reports filed within 24 hours"),
    ("audit's stuck again, what do i do?", "Manager's rule going forward: if audit hangs, check the audit log first"),
])
def test_someone_close_stays_when_the_question_names_them_or_the_memory_says_what_they_ask_of_the_user(
        question: str, memory: str):
    result = pack([_cand(memory)], question, settings=PackSettings(small_memory_tokens=200), whole=True)
    assert [i.reason for i in result.items] == [Reason.SMALL]


def test_a_wish_of_someone_close_is_about_them_not_a_demand_on_the_user():
    cands = [_cand("My husband Marc's birthday is 12 may, he wants a new chainsaw"), _cand("Mine is 3 august")]
    result = pack(cands, "when should my birthday party be?", settings=PackSettings(small_memory_tokens=200),
                  whole=True)
    assert [i.reason for i in result.items] == [Reason.OTHER_PERSON, Reason.SMALL]


def test_someone_elses_critical_memory_stays_unless_the_question_says_it_is_about_the_user_alone():
    cands = [_cand("My son is severely allergic to peanuts", MemoryType.CRITICAL), _cand("I love thai curries")]
    settings = PackSettings(small_memory_tokens=200)
    broad = pack(cands, "what should i cook tonight?", settings=settings, whole=True)
    assert [i.reason for i in broad.items] == [Reason.FIRST, Reason.SMALL]
    apart = pack(cands, "packing lunch just for me, ideas?", settings=settings, whole=True)
    assert [i.reason for i in apart.items] == [Reason.OTHER_PERSON, Reason.SMALL]


@pytest.mark.parametrize("memory", [
    "Keiko is allergic to sulfa drugs, found out the hard way years ago",
    "Lucía is allergic to shellfish so no paella de marisco at home ever",
    "Arne (my husband) got diagnosed with type 2 diabetes last month, he's sulking about the cake ban",
    "Mateo (my son, 6) has a peanut allergy, bad one",
])
def test_a_health_condition_of_someone_named_is_theirs(memory: str):
    cands = [_cand(memory, MemoryType.CRITICAL), _cand("I'm allergic to penicillin myself", MemoryType.CRITICAL)]
    settings = PackSettings(small_memory_tokens=200)
    apart = pack(cands, "doctor wants to put me on an antibiotic, anything i should mention?", settings=settings,
                 whole=True)
    assert [i.reason for i in apart.items] == [Reason.OTHER_PERSON, Reason.FIRST]
    mine = pack(cands, "what foods should i personally cut down on given my last bloodwork?", settings=settings,
                whole=True)  # "my" in the question does not point at "Arne (my husband)"
    assert [i.reason for i in mine.items] == [Reason.OTHER_PERSON, Reason.FIRST]
    broad = pack(cands, "what should we cook for the family tonight?", settings=settings, whole=True)
    assert [i.reason for i in broad.items] == [Reason.FIRST, Reason.FIRST]


@pytest.mark.parametrize("memory", ["Everyone is allergic to something around here, I keep antihistamines",
                                    "Heads up im allergic to latex"])
def test_a_condition_without_someone_named_is_not_someone_elses(memory: str):
    result = pack([_cand(memory, MemoryType.CRITICAL)], "packing a first aid kit just for me", whole=True,
                  settings=PackSettings(small_memory_tokens=200))
    assert result.items[0].reason is Reason.FIRST


@pytest.mark.parametrize("other", ["Gina (other hygienist) is going to 4 tens, she'll be off Fridays now",
                                   "Dev (husband) is doing the london marathon in april, full 42k, hes insane"])
def test_someone_named_with_their_role_in_brackets_is_someone_else(other: str):
    cands = [_cand("I'm off Sundays and Mondays, my half marathon is in october"), _cand(other)]
    result = pack(cands, "which weekday am I free, and how long is my race?",
                  settings=PackSettings(small_memory_tokens=200), whole=True)
    assert [i.reason for i in result.items] == [Reason.SMALL, Reason.OTHER_PERSON]


def test_the_users_own_time_with_someone_close_is_the_users():
    cands = [_cand("My daughter mia is 8, i got her every other weekend plus wednesday nights"),
             _cand("My daughter mia is 8, she loves the big yellow truck")]
    result = pack(cands, "boss wants me on the overnight on-call this wed, should i take it?",
                  settings=PackSettings(small_memory_tokens=200), whole=True)
    assert [i.reason for i in result.items] == [Reason.SMALL, Reason.OTHER_PERSON]


def test_a_pinned_memory_about_someone_else_always_goes_in():
    pinned = _cand("My son is severely allergic to peanuts", state=MemoryState.PINNED)
    result = pack([pinned, _cand("I love thai curries")],
                  "packing lunch just for me, ideas?", settings=PackSettings(small_memory_tokens=200), whole=True)
    assert result.items[0].reason is Reason.FIRST


def test_someone_close_named_by_another_word_for_their_role_stays():
    cands = [_cand("My new manager is Aisha Rahman, she likes requests in writing"),
             _cand("My wife Samira just accepted a job at Henry Ford Wyandotte")]
    result = pack(cands, "help me draft a message to my boss asking for the 12th off",
                  settings=PackSettings(small_memory_tokens=200), whole=True)
    assert [i.reason for i in result.items] == [Reason.SMALL, Reason.OTHER_PERSON]


@pytest.mark.parametrize(("question", "other"), [
    ("I want to buy a snack for myself at the konbini, what is a good choice?",
     "Keiko has diabetes type 2 so she must be careful with sugar"),  # someone named, then "she"
    ("fill in my contact number on this catering inquiry reply",
     "Ama handles the books, her phone is 416-555-0192"),
    ("filling in the dietary requirements for the conference dinner, what do i put for me?",
     "My roommate camila is full vegan so when we cook together its all plants"),  # "we" only after "so when"
])
def test_a_question_about_the_user_alone_leaves_out_someone_named_or_close(question: str, other: str):
    cands = [_cand("My cell is 647-555-0148, im pescatarian and my cholesterol is high"), _cand(other)]
    result = pack(cands, question, settings=PackSettings(small_memory_tokens=200), whole=True)
    assert result.items[0].included and result.items[1].reason is Reason.OTHER_PERSON


def test_a_named_subject_not_spoken_of_as_a_person_stays():
    cands = [_cand("Kafka has three brokers and needs a restart weekly"), _cand("Postgres has my data, I run it")]
    result = pack(cands, "what snack is good for me?", settings=PackSettings(small_memory_tokens=200), whole=True)
    assert all(i.included for i in result.items)


def test_someone_close_stays_when_the_user_is_in_the_first_clause_typed_without_an_apostrophe():
    cands = [_cand("My apprentice kwabena is sick with malaria this week so im alone at the stall, cant take big jobs")]
    result = pack(cands, "a guy wants me to repair 15 phones by wednesday, should i take the job?",
                  settings=PackSettings(small_memory_tokens=200), whole=True)
    assert [i.reason for i in result.items] == [Reason.SMALL]
