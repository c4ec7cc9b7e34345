"""The labelled extraction grader: anchors, types, expiry, junk, and the file checks."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest

from memcore.errors import InvalidInput
from memcore.eval.labels import (
    Extracted,
    Statement,
    evaluate_labels,
    expiry_right,
    find,
    load_labelled,
    parse_labelled,
    render_markdown,
    rule_extractor,
)

REF = datetime(2026, 1, 5, 9, tzinfo=UTC)


def _set(items: list[dict]) -> dict:
    return {"description": "t", "reference_time": "2026-01-05T09:00:00Z", "items": items}


ITEMS = [
    {"id": "allergy", "message": "hey! my son has a severe peanut allergy, nothing with nuts ever. can u suggest a snack?",
     "statements": [{"anchor": "son has a severe peanut allergy", "type": "critical", "also_ok": ["constraint"]}],
     "not_memories": ["can u suggest a snack"]},
    {"id": "permit", "message": "permit renewal is due friday, and the crane is down today",
     "statements": [{"anchor": "permit renewal is due friday", "type": "deadline", "expires": "2026-01-09"},
                    {"anchor": "the crane is down today", "type": "temporary", "expires": "temporary"}]},
]


def _fake(outputs: dict[str, list[Extracted]]):
    return lambda message, now: outputs[message]


def test_grades_kept_type_expiry_and_junk() -> None:
    labelled = parse_labelled(_set(ITEMS))
    outputs = {
        ITEMS[0]["message"]: [Extracted("My son has a severe peanut allergy, nothing with nuts ever.", "constraint"),
                              Extracted("Can u suggest a snack", "note")],
        ITEMS[1]["message"]: [Extracted("Permit renewal is due friday", "deadline", REF + timedelta(days=4, hours=14)),
                              Extracted("Crane is broken", "note")],
    }
    report = evaluate_labels(labelled, _fake(outputs))
    assert [r.kept for r in report.statements] == [True, True, False]
    assert [r.type_right for r in report.statements] == [True, True, False]
    assert report.kept_rate == pytest.approx(2 / 3)
    assert report.type_accuracy == 1.0
    assert report.expiry == (True, True)
    assert report.junk_stored_rate == 1.0
    assert [m.content for _, m in report.unlabelled] == ["Crane is broken"]
    assert report.by_type()["temporary"] == {"statements": 1, "kept": 0, "type_right": 0, "as": {}}
    assert "| 3 | 66.7% | 100.0% | 100.0% | 1/1 | 4 | 1 |" in render_markdown(report)


def test_wrong_type_and_wrong_expiry_are_counted() -> None:
    labelled = parse_labelled(_set(ITEMS[1:]))
    late = REF + timedelta(days=40)
    outputs = {ITEMS[1]["message"]: [Extracted("permit renewal is due friday", "note", None),
                                     Extracted("the crane is down today", "temporary", late)]}
    report = evaluate_labels(labelled, _fake(outputs))
    assert [r.type_right for r in report.statements] == [False, True]
    assert report.expiry == (False, False)  # the deadline never expires; the temporary outlives a month
    assert report.by_type()["deadline"]["as"] == {"note": 1}


def test_anchor_match_tolerates_trimmed_filler_but_not_another_sentence() -> None:
    memories = [Extracted("Running the Oak St job all week", "note"), Extracted("Client wants cedar", "decision")]
    assert find("so running the oak st job all week", memories) is memories[0]  # 7 of 8 words
    assert find("client wants cedar shingles not vinyl", memories) is None


@pytest.mark.parametrize(("patch", "field"), [
    ({"reference_time": "monday"}, "reference_time"),
    ({"reference_time": "2026-01-05T09:00:00"}, "reference_time"),
    ({"items": []}, "items"),
    ({"items": [{**ITEMS[0], "statements": [{"anchor": "not in there", "type": "note"}]}]}, "items[0](allergy).statements[0].anchor"),
    ({"items": [{**ITEMS[0], "statements": [{"anchor": "peanut allergy", "type": "allergy"}]}]}, "items[0](allergy).statements[0].type"),
    ({"items": [{**ITEMS[1], "statements": [{"anchor": "due friday", "type": "deadline", "expires": "fri"}]}]},
     "items[0](permit).statements[0].expires"),
    ({"items": [ITEMS[0], ITEMS[0]]}, "items"),
])
def test_bad_files_name_the_field(patch: dict, field: str) -> None:
    with pytest.raises(InvalidInput) as err:
        parse_labelled({**_set(ITEMS), **patch})
    assert err.value.field == field


def test_load_reports_missing_and_broken_files(tmp_path) -> None:
    with pytest.raises(InvalidInput, match="does not exist"):
        load_labelled(tmp_path / "none.json")
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    with pytest.raises(InvalidInput, match="not valid JSON"):
        load_labelled(broken)
    good = tmp_path / "good.json"
    good.write_text(json.dumps(_set(ITEMS)))
    assert [i.id for i in load_labelled(good).items] == ["allergy", "permit"]


def test_rule_extractor_through_the_grader() -> None:
    labelled = parse_labelled(_set([
        {"id": "rule", "message": "never schedule me before 10am. what's a good podcast for the drive?",
         "statements": [{"anchor": "never schedule me before 10am", "type": "constraint"}],
         "not_memories": ["a good podcast for the drive"]}]))
    report = evaluate_labels(labelled, rule_extractor)
    assert report.kept_rate == 1.0 and report.type_accuracy == 1.0 and report.expiry == (True,)
    assert report.junk_stored_rate == 0.0


def test_a_deadline_expires_at_the_end_of_its_date() -> None:
    due = Statement("due friday", "deadline", expires="2026-01-09")
    at = lambda **kw: Extracted("x", "deadline", datetime(2026, 1, 9, tzinfo=UTC) + timedelta(**kw))  # noqa: E731
    assert expiry_right(due, at(days=1), REF)  # the first instant after friday
    assert expiry_right(due, at(hours=17), REF)
    assert not expiry_right(due, at(days=1, hours=12), REF)
    assert not expiry_right(due, at(), REF)  # friday has not started to pass yet at 00:00


def test_note_and_fact_are_one_label() -> None:
    note = Statement("x", "note")
    assert note.accepted_types == {"note", "fact"}
    assert Statement("x", "project", ("fact",)).accepted_types == {"project", "note", "fact"}
    assert Statement("x", "decision").accepted_types == {"decision"}


def test_evaluate_labels_file_reports_progress(tmp_path) -> None:
    from memcore.eval.labels import evaluate_labels_file

    path = tmp_path / "types.json"
    path.write_text(json.dumps(_set(ITEMS)))
    seen: list[tuple[int, int, str]] = []
    report = evaluate_labels_file(path, progress=lambda done, total, label: seen.append((done, total, label)))
    assert seen == [(1, 2, "allergy"), (2, 2, "permit")]
    assert len(report.statements) == 3
