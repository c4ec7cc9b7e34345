"""Near-duplicates and the 3-way contradiction classification (rules, LLM, fallback)."""

from __future__ import annotations

import pytest

from memcore.llm import FailureKind, LLMFailure, ScriptedLLM
from memcore.model import MemoryType as T
from memcore.write import Claim, MatchMethod, NewRef, Relation, classify, classify_rules, find_duplicate


def claim(ref: str, text: str, kind: T = T.DECISION, **kw) -> Claim:
    return Claim(ref, text, kind, **kw)


NEW = NewRef(0)


def new(text: str, kind: T = T.DECISION, **kw) -> Claim:
    return Claim(NEW, text, kind, **kw)


def test_text_near_duplicate_of_same_type_merges():
    match = find_duplicate(new("I prefer pnpm for JS packages", T.PREFERENCE),
                           [claim("m1", "I prefer pnpm for JS packages.", T.PREFERENCE)])
    assert match is not None and match.target == "m1" and match.method is MatchMethod.TEXT
    assert match.similarity > 0.86


def test_different_type_is_not_a_duplicate():
    assert find_duplicate(new("I prefer pnpm for JS packages", T.PREFERENCE),
                          [claim("m1", "I prefer pnpm for JS packages", T.DECISION)]) is None


def test_alike_text_with_a_different_choice_or_value_is_not_a_duplicate():
    assert find_duplicate(new("Use FastAPI instead of Flask."), [claim("m1", "Use Flask instead of FastAPI.")]) is None
    assert find_duplicate(new("The API runs on port 8081", T.PROJECT),
                          [claim("m1", "The API runs on port 8080", T.PROJECT)]) is None


def test_embedding_near_duplicate():
    match = find_duplicate(new("Answers should be brief", T.PREFERENCE),
                           [claim("m1", "Keep replies short", T.PREFERENCE)],
                           vector=[1.0, 0.0, 0.1], vectors={"m1": [0.9, 0.05, 0.1]})
    assert match is not None and match.method is MatchMethod.EMBEDDING and match.similarity >= 0.85
    assert find_duplicate(new("Answers should be brief", T.PREFERENCE), [claim("m1", "Keep replies short",
                                                                               T.PREFERENCE)],
                          vector=[1.0, 0.0], vectors={"m1": [0.0, 1.0]}) is None


@pytest.mark.parametrize("old, text, group", [
    ("Use React + Vite for the frontend.", "Use Next.js instead of React + Vite.", "frontend"),
    ("Use Flask for the backend.", "Actually, use FastAPI instead of Flask.", "backend"),
    ("Deploy on AWS.", "Use Alibaba Cloud instead of AWS.", "cloud"),
    ("Use a dark UI.", "Use a light UI instead of dark.", "ui-theme"),
    ("Use PostgreSQL for storage.", "We moved to MySQL.", "database"),
    ("Use npm for the frontend.", "We switched from npm to pnpm.", "package-manager-js"),
    ("I use VS Code.", "I switched to Zed.", "editor"),
    ("CI runs on Jenkins.", "We're on GitHub Actions now.", "ci"),
    ("Unit tests run on Jest.", "Move the unit tests to Vitest.", "test-js"),
    ("I'm on Windows at home.", "I switched to macOS.", "os"),
    ("The backend is in Node.", "We ported the backend to Go.", "language"),
    ("My name is Katherine.", "Call me Kate.", "name"),
])
def test_topic_contradictions_in_every_group(old, text, group):
    verdict = classify_rules(new(text, change_of_mind=False), claim("old", old))
    assert verdict.relation is Relation.CONTRADICTORY and verdict.supersedes
    assert verdict.group == group and verdict.decided_by == f"topic:{group}"
    assert verdict.new == NEW and verdict.old == "old" and verdict.reason


def test_non_exclusive_group_needs_a_change_cue():
    verdict = classify_rules(new("I also write TypeScript."), claim("old", "I write Python."))
    assert verdict.relation is not Relation.CONTRADICTORY


def test_disjoint_scopes_do_not_contradict():
    verdict = classify_rules(new("Use SQLite in tests."), claim("old", "Use Postgres in production."))
    assert verdict.relation is Relation.INDEPENDENT


def test_same_choice_with_detail_extends():
    verdict = classify_rules(new("The FastAPI backend should use async endpoints."),
                             claim("old", "Use FastAPI for the backend."))
    assert verdict.relation is Relation.EXTENDABLE and not verdict.supersedes


def test_value_change_contradicts():
    verdict = classify_rules(new("The API now runs on port 9000.", T.PROJECT),
                             claim("old", "The API runs on port 8080.", T.PROJECT))
    assert verdict.relation is Relation.CONTRADICTORY and verdict.decided_by == "value-change"
    assert "8080 -> 9000" in verdict.reason


def test_moved_deadline_contradicts():
    verdict = classify_rules(new("Good news, the grant report deadline got pushed to March 17.", T.DEADLINE),
                             claim("old", "The grant report is due on March 3.", T.DEADLINE))
    assert verdict.relation is Relation.CONTRADICTORY


def test_different_subjects_with_values_stay_independent():
    verdict = classify_rules(new("The admin UI runs on port 3000.", T.PROJECT),
                             claim("old", "The API runs on port 8080.", T.PROJECT))
    assert verdict.relation is Relation.INDEPENDENT


def test_critical_memory_is_never_superseded():
    verdict = classify_rules(new("Actually we can host on Azure now."),
                             claim("old", "Hard constraint: do not use Azure, ever.", T.CRITICAL, critical=True))
    assert verdict.relation is Relation.CONTRADICTORY
    assert verdict.protected and not verdict.supersedes and "critical" in verdict.reason


def test_temporary_note_does_not_replace_a_lasting_choice():
    verdict = classify_rules(new("Temporarily use MySQL today.", T.TEMPORARY), claim("old", "Use Postgres."))
    assert verdict.relation is Relation.INDEPENDENT and "temporar" in verdict.reason


def test_unrelated_is_independent():
    verdict = classify_rules(new("I like hiking.", T.PREFERENCE), claim("old", "Use Postgres."))
    assert verdict.relation is Relation.INDEPENDENT and verdict.decided_by == "rules"


def test_rules_decide_before_the_model_is_asked():
    llm = ScriptedLLM([])
    out = classify(new("Use MySQL instead of Postgres."), claim("old", "Use Postgres."), llm)
    assert out.value.relation is Relation.CONTRADICTORY and llm.calls == [] and not out.info.used_llm


def test_model_classifies_what_rules_cannot():
    llm = ScriptedLLM([{"relation": "contradictory", "reason": "the audience changed"}])
    out = classify(new("The newsletter is for investors."), claim("old", "The newsletter is for customers."), llm)
    assert out.value.relation is Relation.CONTRADICTORY
    assert out.value.decided_by == f"llm:{llm.name}" and out.value.reason == "the audience changed"
    assert out.info.used_llm and "OLD" in llm.calls[0].user


def test_model_verdict_still_protects_critical():
    llm = ScriptedLLM([{"relation": "contradictory", "reason": "r"}])
    out = classify(new("Budget reviews happen monthly."),
                   claim("old", "Budget reviews happen weekly, no exceptions.", T.CRITICAL, critical=True), llm)
    assert out.value.protected and not out.value.supersedes


@pytest.mark.parametrize("answer", [
    LLMFailure(FailureKind.TIMEOUT, "slow"), "not json", {"relation": "maybe", "reason": "x"},
])
def test_model_failure_falls_back_to_rules_visibly(answer):
    llm = ScriptedLLM([answer])
    out = classify(new("The newsletter is for investors.", T.FACT),
                   claim("old", "The newsletter is for customers.", T.FACT), llm)
    assert out.info.fell_back and out.info.ran == "rules" and out.info.attempted == llm.name
    assert out.value.decided_by == "rules"
