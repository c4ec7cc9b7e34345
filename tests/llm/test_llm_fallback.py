"""ScriptedLLM, schemas and the explicit fallback record."""

from __future__ import annotations

import pytest

from memcore.errors import ProviderError
from memcore.llm import (
    RULES,
    FailureKind,
    Field,
    Kind,
    LLMFailure,
    LLMProvider,
    OpenAICompatibleClient,
    Schema,
    ScriptedLLM,
    with_fallback,
)

NOTE = Schema("note", (
    Field("text", Kind.STR),
    Field("score", Kind.FLOAT, minimum=0, maximum=1),
    Field("tags", Kind.LIST, items=Kind.STR, required=False),
    Field("when", Kind.STR, required=False, nullable=True),
))
WRAPPER = Schema("wrapper", (Field("notes", Kind.LIST, schema=NOTE, max_items=3),))


def test_both_providers_satisfy_the_protocol():
    assert isinstance(ScriptedLLM(), LLMProvider)
    assert isinstance(OpenAICompatibleClient("http://127.0.0.1:1", "m"), LLMProvider)


def test_scripted_answers_play_in_order_and_are_recorded():
    llm = ScriptedLLM([{"text": "a", "score": 1}, '{"text": "b", "score": 0.5}'])
    assert llm.complete_json("s1", "u1", NOTE) == {"text": "a", "score": 1.0}
    assert llm.complete_json("s2", "u2", NOTE)["text"] == "b"
    assert [c.user for c in llm.calls] == ["u1", "u2"]
    with pytest.raises(LLMFailure) as info:
        llm.complete_json("s", "u", NOTE)
    assert info.value.kind is FailureKind.EXHAUSTED


def test_scripted_answers_keyed_by_schema_take_precedence():
    llm = ScriptedLLM(["plain text"], by_schema={"note": [{"text": "n", "score": 0}]})
    assert llm.complete_json("s", "u", NOTE)["text"] == "n"
    assert llm.complete_text("s", "u") == "plain text"
    assert llm.remaining == 0


def test_scripted_errors_and_callables():
    boom = LLMFailure(FailureKind.TIMEOUT, "slow")
    llm = ScriptedLLM([boom, lambda call: {"text": call.user.upper(), "score": 0.2}])
    with pytest.raises(ProviderError):
        llm.complete_json("s", "u", NOTE)
    assert llm.complete_json("s", "hey", NOTE)["text"] == "HEY"


def test_scripted_malformed_answers_fail_like_real_ones():
    llm = ScriptedLLM(["not json", {"text": "x", "score": 2}])
    with pytest.raises(LLMFailure) as first:
        llm.complete_json("s", "u", NOTE)
    assert first.value.kind is FailureKind.NOT_JSON
    with pytest.raises(LLMFailure) as second:
        llm.complete_json("s", "u", NOTE)
    assert second.value.kind is FailureKind.BAD_SHAPE and "note.score" in str(second.value)


@pytest.mark.parametrize("data, path", [
    ({"notes": [{"text": "a", "score": 0.1}, {"text": 3, "score": 0.1}]}, "wrapper.notes[1].text"),
    ({"notes": [{"text": "a", "score": True}]}, "wrapper.notes[0].score"),
    ({"notes": [{"text": "a", "score": 0.1, "tags": ["x", 1]}]}, "wrapper.notes[0].tags[1]"),
    ({"notes": [{"text": "a", "score": 0.1}] * 4}, "wrapper.notes"),
    ({"notes": "a"}, "wrapper.notes"),
    ({}, "wrapper.notes"),
])
def test_schema_names_the_first_bad_path(data, path):
    with pytest.raises(LLMFailure) as info:
        WRAPPER.validate(data)
    assert path in str(info.value)


def test_schema_keeps_only_declared_fields_and_allows_null_when_declared():
    out = NOTE.validate({"text": "t", "score": 0, "when": None, "junk": 1})
    assert out == {"text": "t", "score": 0.0, "when": None}


def test_schema_example_lists_fields():
    assert '"notes"' in WRAPPER.example() and '"score"' in WRAPPER.example()


def test_with_fallback_without_provider_runs_rules_by_configuration():
    out = with_fallback("extract", None, lambda p: "llm", lambda: "rules")
    assert out.value == "rules"
    assert out.info.ran == RULES and not out.info.fell_back and "no LLM provider" in out.info.reason


def test_with_fallback_uses_the_model_when_it_answers():
    llm = ScriptedLLM([{"text": "t", "score": 0.3}])
    out = with_fallback("note", llm, lambda p: p.complete_json("s", "u", NOTE)["text"], lambda: "rules")
    assert out.value == "t"
    assert out.info.ran == llm.name and out.info.used_llm and not out.info.fell_back


def test_with_fallback_records_why_it_fell_back():
    llm = ScriptedLLM(["oops"])
    out = with_fallback("note", llm, lambda p: p.complete_json("s", "u", NOTE), lambda: {"rules": True})
    assert out.value == {"rules": True}
    assert out.info.fell_back and out.info.attempted == llm.name and out.info.ran == RULES
    assert out.info.error_kind == "not_json" and "not JSON" in out.info.reason
    assert out.info.to_dict()["fell_back"] is True


def test_with_fallback_does_not_swallow_bugs():
    def buggy(provider):
        raise KeyError("bug")

    with pytest.raises(KeyError):
        with_fallback("x", ScriptedLLM([]), buggy, lambda: None)
