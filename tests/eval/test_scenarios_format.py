"""Scenario file loading and validation."""

from __future__ import annotations

import copy
import json

import pytest

from memcore.errors import InvalidInput
from memcore.eval.scenarios import DATA_FILE, load_scenarios, parse_scenarios

GOOD = {"description": "d", "scenarios": [{
    "id": "s1", "title": "t", "setup_messages": ["I prefer pnpm."], "test_question": "q?",
    "expected_answer_keywords": ["pnpm"], "must_not_use_keywords": ["npm"],
    "expected_answer_alternatives": {"pnpm": ["pnpm workspaces"]}, "expire_temporary_before_test": True,
}]}


def test_good_file_parses_into_typed_scenarios():
    s = parse_scenarios(GOOD).scenarios[0]
    assert s.id == "s1" and s.setup_messages == ("I prefer pnpm.",)
    assert s.expected_answer_alternatives == {"pnpm": ("pnpm workspaces",)} and s.expire_temporary_before_test


def test_optional_fields_default():
    data = copy.deepcopy(GOOD)
    del data["scenarios"][0]["expected_answer_alternatives"]
    del data["scenarios"][0]["expire_temporary_before_test"]
    s = parse_scenarios(data).scenarios[0]
    assert s.expected_answer_alternatives == {} and s.expire_temporary_before_test is False


@pytest.mark.parametrize("field, value, where", [
    ("setup_messages", [], "setup_messages"),
    ("setup_messages", "one string", "setup_messages"),
    ("setup_messages", ["ok", 3], "setup_messages[1]"),
    ("test_question", "", "test_question"),
    ("expected_answer_keywords", None, "expected_answer_keywords"),
    ("must_not_use_keywords", [""], "must_not_use_keywords[0]"),
    ("expected_answer_alternatives", {"pnpm": "x"}, "expected_answer_alternatives"),
    ("expected_answer_alternatives", {"yarn": ["x"]}, "expected_answer_alternatives"),
    ("expire_temporary_before_test", "yes", "expire_temporary_before_test"),
    ("title", 5, "title"),
])
def test_malformed_scenario_names_the_scenario_and_field(field, value, where):
    data = copy.deepcopy(GOOD)
    data["scenarios"][0][field] = value
    with pytest.raises(InvalidInput) as info:
        parse_scenarios(data)
    assert "(s1)" in info.value.field and where in info.value.field


@pytest.mark.parametrize("data, field", [
    ([], "scenario file"), ({"scenarios": []}, "scenarios"), ({"scenarios": [1]}, "scenarios[0]"),
    ({"scenarios": [{"title": "no id"}]}, "scenarios[0].id"),
])
def test_malformed_file_structure(data, field):
    with pytest.raises(InvalidInput) as info:
        parse_scenarios(data)
    assert info.value.field == field


def test_duplicate_ids_are_rejected():
    data = copy.deepcopy(GOOD)
    data["scenarios"].append(copy.deepcopy(data["scenarios"][0]))
    with pytest.raises(InvalidInput) as info:
        parse_scenarios(data)
    assert "unique" in str(info.value) and "scenarios[1](s1)" in info.value.field


def test_load_reports_missing_and_broken_files(tmp_path):
    with pytest.raises(InvalidInput):
        load_scenarios(tmp_path / "nope.json")
    broken = tmp_path / "b.json"
    broken.write_text("{not json")
    with pytest.raises(InvalidInput) as info:
        load_scenarios(broken)
    assert "not valid JSON" in str(info.value)
    good = tmp_path / "g.json"
    good.write_text(json.dumps(GOOD))
    assert len(load_scenarios(good)) == 1


def test_packaged_suite_is_large_and_covers_every_category():
    suite = load_scenarios()
    assert DATA_FILE.exists() and len(suite) >= 30
    categories = {s.category for s in suite}
    assert {"preference", "project", "supersession", "expiry", "critical", "mistake", "deadline", "learning",
            "composite"} <= categories
    assert any(s.expire_temporary_before_test for s in suite)
    assert sum(1 for s in suite if s.category == "supersession") >= 10
