"""plan_write: creates, merges, supersessions, extensions, protection and drops, as typed actions."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from memcore.errors import InvalidInput
from memcore.llm import FailureKind, LLMFailure, ScriptedLLM
from memcore.model import Memory, MemoryState
from memcore.model import MemoryType as T
from memcore.write import Candidate, NewRef, Relation, Turn, extract_rules, plan_write

NOW = datetime(2026, 1, 7, 12, tzinfo=UTC)


def mem(mid: str, text: str, kind: T = T.DECISION, **kw) -> Memory:
    return Memory(id=mid, user_id="u", project_id="p", content=text, type=kind, **kw)


def cands(*texts: str) -> list[Candidate]:
    return extract_rules([Turn("user", t, f"t{i}") for i, t in enumerate(texts)], now=NOW)


def replaced_by(old: str, new: str, kind: T = T.NOTE):
    """The supersessions planned when ``new`` follows ``old`` (memory m1, stored ten minutes before)."""
    existing = [mem("m1", old, kind, created_at=NOW - timedelta(minutes=10))]
    return plan_write(cands(new), existing, now=NOW).supersessions


def test_new_memory_supersedes_the_old_choice():
    plan = plan_write(cands("Actually, use pnpm instead of npm."), [mem("m1", "Use npm for the frontend.")], now=NOW)
    assert [c.ref for c in plan.creates] == [NewRef(0)]
    (s,) = plan.supersessions
    assert s.old == "m1" and s.new == NewRef(0) and s.verdict.relation is Relation.CONTRADICTORY
    assert "npm" in s.verdict.reason and plan.summary()["superseded"] == 1


def test_repeat_merges_instead_of_creating():
    plan = plan_write(cands("I prefer pnpm for JS packages."),
                      [mem("m1", "I prefer pnpm for JS packages", T.PREFERENCE, confidence=0.8)], now=NOW)
    assert plan.creates == () and len(plan.merges) == 1
    merge = plan.merges[0]
    assert merge.target == "m1" and merge.usage_delta == 1
    assert merge.new_confidence(0.8) == pytest.approx(0.85) and merge.new_confidence(0.98) == 1.0


def test_supersession_within_one_batch_targets_the_pending_memory():
    plan = plan_write(cands("Use Flask for the backend.", "Actually, use FastAPI instead of Flask."), [], now=NOW)
    assert len(plan.creates) == 2
    assert [(s.old, s.new) for s in plan.supersessions] == [(NewRef(0), NewRef(1))]


def test_critical_memory_is_protected_not_superseded():
    existing = [mem("c1", "Hard constraint: do not use Azure, ever.", T.CRITICAL, is_critical=True)]
    plan = plan_write(cands("Let's host on Azure now."), existing, now=NOW)
    assert plan.supersessions == () and len(plan.protected) == 1
    assert plan.protected[0].old == "c1" and "critical" in plan.protected[0].reason


def test_extension_adds_new_tags_and_entities():
    existing = [mem("m1", "Use FastAPI for the backend.", tags=["backend"], entities=["FastAPI"])]
    plan = plan_write(cands("The FastAPI backend should use async endpoints with Pydantic models."), existing, now=NOW)
    (ext,) = plan.extensions
    assert ext.target == "m1" and ext.new == NewRef(0) and "Pydantic" in ext.add_entities
    assert "FastAPI" not in ext.add_entities


def test_inactive_and_expired_memories_take_no_part():
    existing = [mem("old", "Use npm.", state=MemoryState.SUPERSEDED),
                mem("gone", "Use yarn.", T.TEMPORARY, expires_at=NOW - timedelta(hours=1))]
    plan = plan_write(cands("Use pnpm."), existing, now=NOW)
    assert plan.supersessions == () and plan.verdicts == ()


def test_secret_candidates_are_dropped():
    bad = Candidate("token ghp_abcdefghijklmnopqrstuvwxyz0123", T.FACT)
    plan = plan_write([bad], [], now=NOW)
    assert plan.creates == () and plan.dropped[0].candidate is bad


def test_embedding_duplicates_need_vectors_for_each_candidate():
    cs = [Candidate("Answers should be brief", T.PREFERENCE)]
    existing = [mem("m1", "Keep replies short", T.PREFERENCE)]
    plan = plan_write(cs, existing, now=NOW, candidate_vectors=[[1.0, 0.0]], existing_vectors={"m1": [0.99, 0.05]})
    assert plan.merges and plan.merges[0].method == "embedding"
    with pytest.raises(InvalidInput):
        plan_write(cs, existing, now=NOW, candidate_vectors=[])


def test_model_is_asked_only_for_related_pairs_and_failures_are_recorded():
    existing = [mem("m1", "The newsletter audience is customers.", T.FACT), mem("m2", "I like hiking.", T.PREFERENCE)]
    llm = ScriptedLLM([LLMFailure(FailureKind.TIMEOUT, "slow")])
    plan = plan_write([Candidate("The newsletter audience is investors.", T.FACT)], existing, now=NOW, provider=llm)
    assert len(llm.calls) == 1 and "newsletter" in llm.calls[0].user
    assert plan.fallbacks[0].fell_back and plan.summary()["llm_fallbacks"] == 1


def test_model_contradiction_supersedes():
    existing = [mem("m1", "The newsletter audience is customers.", T.FACT)]
    llm = ScriptedLLM([{"relation": "contradictory", "reason": "audience changed"}])
    plan = plan_write([Candidate("The newsletter audience is investors.", T.FACT)], existing, now=NOW, provider=llm)
    assert [(s.old, s.verdict.reason) for s in plan.supersessions] == [("m1", "audience changed")]


def test_a_note_about_what_a_temporary_memory_names_ends_with_it():
    until = NOW + timedelta(days=3)
    borrowed = mem("t1", "I'm borrowing my sister's Fiat 500 until Friday.", T.TEMPORARY, expires_at=until,
                   created_at=NOW - timedelta(minutes=5))
    plan = plan_write(cands("The Fiat is tiny; I can barely fit my bag in the boot!"), [borrowed], now=NOW)
    (create,) = plan.creates
    c = create.candidate
    assert c.type is T.TEMPORARY and c.expires_at == until
    assert c.metadata["follows_temporary"] == "t1" and c.rule.endswith("+follows-temporary")


@pytest.mark.parametrize("text, age", [
    ("The garden shed is full of old tools.", timedelta(minutes=5)),  # another thing than the one borrowed
    ("My sister is a nurse.", timedelta(minutes=5)),  # no pointing back at it
    ("The Fiat is tiny.", timedelta(days=2)),  # said long after
])
def test_a_note_that_does_not_follow_the_temporary_memory_stays_lasting(text, age):
    borrowed = mem("t1", "I'm borrowing my sister's Fiat 500 until Friday.", T.TEMPORARY,
                   expires_at=NOW + timedelta(days=3), created_at=NOW - age)
    (create,) = plan_write(cands(text), [borrowed], now=NOW).creates
    assert create.candidate.type is T.NOTE and create.candidate.expires_at is None


def test_a_note_follows_a_temporary_memory_of_the_same_message():
    plan = plan_write(cands("Borrowing my sister's Fiat 500 until Friday while my car is in the shop. "
                            "It's tiny, my knees hit the dash"), [], now=NOW)
    first, second = (a.candidate for a in plan.creates)
    assert first.type is second.type is T.TEMPORARY and second.expires_at == first.expires_at


@pytest.mark.parametrize("text", [
    "I must correct myself. I said eleven hives, but I counted properly this morning and it is fourteen.",
    "Sorry, I wrote wrong before. We have fourteen hives.",
])
def test_a_message_that_says_it_corrects_itself_replaces_the_latest_memory(text):
    existing = [mem("m1", "At present I have eleven hives.", T.NOTE, created_at=NOW - timedelta(minutes=10))]
    plan = plan_write(cands(text), existing, now=NOW)
    assert [s.old for s in plan.supersessions] == ["m1"]
    assert all("correct myself" not in a.candidate.content and "wrote wrong" not in a.candidate.content
               for a in plan.creates)


def test_a_correction_naming_an_ordinal_day_replaces_the_date_it_takes_back():
    supersessions = replaced_by("My sister's wedding is june 14 in san antonio",
                                "wait i typed that wrong its june 21 not the 14th lol")
    assert [s.old for s in supersessions] == ["m1"]


@pytest.mark.parametrize("old, new", [
    ("FIRST REAL CLIENT BOOKED saturday nov 9, 2pm, tiny lavender on the ankle",
     "ok she texted, asked to push to 4:30 bc of her work. still saturday tho"),
    ("i work 10p-8a sun-wed at the pharmacy", "they flipped my schedule lol. now its wed-sat, same hrs"),
])
def test_a_new_time_or_day_range_for_what_was_just_said_replaces_it(old, new):
    (s,) = replaced_by(old, new)
    assert s.old == "m1" and s.verdict.decided_by == "value-change"


def test_a_date_it_was_moved_to_replaces_the_date_said_just_before():
    (s,) = replaced_by("Driving test booked: 3rd march 9:40 at cheetham hill",
                       "examiners are on strike so its moved to 17th march, same time")
    assert s.old == "m1" and "17th" in s.verdict.reason


def test_a_stand_in_named_after_a_temporary_memory_ends_with_it():
    plan = plan_write(cands("My van is in repair this week, transmission. I drive a rental Kia, very small trunk."), [],
                      now=NOW)
    first, second = (a.candidate for a in plan.creates)
    assert first.type is second.type is T.TEMPORARY and second.expires_at == first.expires_at


def test_a_cancelled_trip_drops_the_trip_planned_just_before():
    (s,) = replaced_by("In October I intend to take the Rovos Rail up to Pretoria.",
                       "I have cancelled the train journey, I'm afraid; the fare had become quite absurd.")
    assert s.old == "m1" and s.verdict.decided_by == "plan-dropped" and "trip" in s.verdict.reason
    kept = [mem("m1", "I intend to repaint the kitchen in October.", T.NOTE, created_at=NOW - timedelta(minutes=10))]
    assert plan_write(cands("I have cancelled the train journey."), kept, now=NOW).supersessions == ()


@pytest.mark.parametrize("new", ["finally moved!! new place in armley, near the park",
                                 "Finally we moved!! New flat in Benimaclet, more quiet"])
def test_a_move_naming_no_word_of_the_old_home_still_replaces_it(new):
    (s,) = replaced_by("We live in harehills, 2 bed terrace, kids share a room", new, T.FACT)
    assert s.old == "m1" and s.verdict.decided_by == "moved-house"


def test_a_new_route_code_they_moved_me_to_replaces_mine():
    (s,) = replaced_by("my route is the N42, city centre out to seacroft and back",
                       "they moved me to the N19 out to headingley, start next monday.")
    assert s.old == "m1" and "n42 -> n19" in s.verdict.reason


@pytest.mark.parametrize("new", [
    "Sorry, I counted wrong before, the chapel only has 24 chairs.",
    "Oh, I made a mistake yesterday. It is not 40, it is 24 chairs.",
])
def test_a_count_corrected_replaces_the_count(new):
    assert [s.old for s in replaced_by("Our chapel has 40 chairs, plus space for two wheelchairs.", new)] == ["m1"]


@pytest.mark.parametrize("text", ["nah ignore that, just checked the actual cert, its 30/06. misread it",
                                  "Oh dear, I have given you the wrong number. It is 30/06."])
def test_a_message_that_takes_back_the_latest_memory_in_other_words_replaces_it(text):
    assert [s.old for s in replaced_by("my hse dive medical expires 30/04, need to get it booked",
                                       text, T.TASK)] == ["m1"]


def test_a_note_naming_who_the_temporary_memory_is_about_ends_with_it():
    helper = mem("t1", "This summer my nephew Bruno helps me in the taller, only until March.", T.TEMPORARY,
                 expires_at=NOW + timedelta(days=60), created_at=NOW - timedelta(minutes=5))
    (create,) = plan_write(cands("Bruno is good with the airbrush, better than me honestly."), [helper],
                           now=NOW).creates
    assert create.candidate.type is T.TEMPORARY
    (other,) = plan_write(cands("My wife Carla does all the invoices for the business."), [helper], now=NOW).creates
    assert other.candidate.type is not T.TEMPORARY


def test_a_rescheduled_day_and_date_replace_the_old_ones():
    (s,) = replaced_by("tasting w the Okonkwo-Park couple is sat june 8 at 11am at the studio",
                       "they pushed it to sunday june 9, 2pm, the bride's flight got changed")
    assert s.old == "m1"
