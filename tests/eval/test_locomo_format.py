"""LoCoMo format: loading and validation, turn -> memory text, and the recall metrics."""

from __future__ import annotations

import copy
import json
import sqlite3
from pathlib import Path

import numpy as np
import pytest

from memcore.errors import InvalidInput
from memcore.eval.locomo import (
    LocomoConversation,
    evaluate_locomo,
    load_locomo,
    normalize_dia_id,
    parse_session_date,
    question_query,
    recall_at,
    turn_content,
    turn_context,
    turn_memories,
)
from memcore.index import TermStats, embed_query, make_embedder
from memcore.index.text import fts5_query

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "locomo_tiny.json"


@pytest.fixture(scope="module")
def raw() -> list:
    return json.loads(FIXTURE.read_text())


@pytest.fixture(scope="module")
def conv() -> LocomoConversation:
    return load_locomo(FIXTURE)[0]


def test_loads_turns_sessions_dates_and_images(conv):
    assert conv.sample_id == "tiny-1" and conv.speakers == ("Alma", "Bruno")
    assert len(conv.turns) == 20 and conv.turns[10].dia_id == "D2:1" and conv.turns[10].position == 10
    assert conv.turns[0].date.isoformat() == "2024-03-03T10:15:00+00:00"
    bowl = conv.turn("D1:4")
    assert bowl.caption == "a photo of a blue ceramic bowl on a table" and bowl.image_query == "handmade blue bowl"
    assert conv.turn("D9:9") is None


def test_questions_and_messy_evidence(conv):
    assert len(conv.questions) == 7
    assert conv.questions[4].evidence == ("D2:8", "D1:9")
    adversarial = conv.questions[6]
    assert adversarial.category == 5 and adversarial.answer == "red"


@pytest.mark.parametrize("value,expected", [("D1:3", "D1:3"), (" D10:05 ", "D10:5"), ("D:11:26", "D11:26"),
                                            ("weird", "weird")])
def test_normalize_dia_id(value, expected):
    assert normalize_dia_id(value) == expected


@pytest.mark.parametrize("text", ["1:56 pm on 8 May, 2023", "1:56 pm on 8 May 2023", "8 May, 2023", "2023-05-08"])
def test_session_dates(text):
    assert parse_session_date(text, "f").date().isoformat() == "2023-05-08"


def test_bad_session_date_names_the_field():
    with pytest.raises(InvalidInput) as err:
        parse_session_date("sometime last spring", "conv.session_1_date_time")
    assert err.value.field == "conv.session_1_date_time"


def _broken(raw: list, path: tuple, value: object) -> list:
    data = copy.deepcopy(raw)
    target = data
    for key in path[:-1]:
        target = target[key]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return data


@pytest.mark.parametrize("path,value,field", [
    ((0, "qa", 0, "category"), 9, "tiny-1.qa[0].category"),
    ((0, "qa", 1, "evidence"), "D1:4", "tiny-1.qa[1].evidence"),
    ((0, "conversation", "session_1", 2, "text"), None, "tiny-1.conversation.session_1[2].text"),
    ((0, "conversation", "session_2_date_time"), KeyError, "tiny-1.conversation.session_2_date_time"),
    ((0, "conversation", "session_1_date_time"), "yesterday-ish", "tiny-1.conversation.session_1_date_time"),
    ((0, "conversation", "speaker_b"), "", "tiny-1.conversation.speaker_a"),
    ((0, "conversation"), [], "tiny-1.conversation"),
])
def test_invalid_data_names_the_field(raw, path, value, field):
    with pytest.raises(InvalidInput) as err:
        load_locomo(_broken(raw, path, value))
    assert err.value.field == field


def test_file_errors_and_duplicate_ids(raw, tmp_path):
    with pytest.raises(InvalidInput):
        load_locomo(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(InvalidInput):
        load_locomo(bad)
    with pytest.raises(InvalidInput) as err:
        load_locomo(raw + raw)
    assert err.value.field == "sample_id"
    with pytest.raises(InvalidInput):
        load_locomo([])


def test_turn_content_has_date_speaker_and_photo(conv):
    assert turn_content(conv.turn("D1:2")) == \
        "[3 March 2024] Bruno: Busy but good. I started pottery classes on Tuesday evenings."
    assert turn_content(conv.turn("D1:4")).endswith(
        "[shared a photo: a photo of a blue ceramic bowl on a table; handmade blue bowl]")


def test_context_is_the_previous_turns_of_the_same_session(conv):
    ctx = turn_context(conv, conv.turn("D1:4"))
    assert ctx == "Bruno: Busy but good. I started pottery classes on Tuesday evenings. " \
                  "Alma: Pottery sounds relaxing! What have you made so far?"
    assert turn_context(conv, conv.turn("D2:1")) == ""
    assert "D2:1" not in turn_context(conv, conv.turn("D1:10"), before=0, after=3)
    assert turn_context(conv, conv.turn("D1:9"), before=0, after=1) == "Bruno: Good luck! Talk soon."
    memories = turn_memories(conv)
    assert len(memories) == 20 and memories[3].embedding_text.startswith(memories[3].content + "\n")
    with pytest.raises(InvalidInput):
        turn_context(conv, conv.turns[0], before=-1)


def test_question_query_keeps_the_question():
    assert question_query("  What did   Pixel chew? ") == "What did Pixel chew?"


def test_recall_at():
    assert recall_at({"a", "b"}, ["x", "a", "y", "b"], 2) == 0.5
    assert recall_at({"a", "b"}, ["x", "a", "y", "b"], 4) == 1.0
    with pytest.raises(InvalidInput):
        recall_at(set(), ["a"], 1)


class OracleIndex:
    """Returns each question's evidence at fixed ranks, to check the metric arithmetic."""

    def __init__(self, conv: LocomoConversation) -> None:
        self.by_question = {q.question: list(q.evidence) for q in conv.questions}
        self.filler = [t.dia_id for t in conv.turns]

    def search(self, query: str, k: int) -> list[str]:
        evidence = self.by_question[query]
        ranked = [d for d in self.filler if d not in evidence]
        ranked.insert(1, evidence[0])
        for extra in evidence[1:]:
            ranked.insert(7, extra)
        return ranked[:k]

    def context(self, query: str) -> list[str]:
        return self.by_question[query][:1]


def test_evaluate_with_an_oracle_index(conv):
    report = evaluate_locomo([conv], OracleIndex, ks=(1, 5, 10))
    assert report.questions == 5 and report.skipped_no_evidence == 1
    overall = report.overall
    # single-evidence questions: found at rank 2; the two two-evidence ones: second item at rank 8
    assert overall.recall[1] == 0.0
    assert overall.recall[5] == pytest.approx((3 * 1.0 + 2 * 0.5) / 5)
    assert overall.recall[10] == 1.0
    assert overall.context_recall == pytest.approx((3 * 1.0 + 2 * 0.5) / 5)
    assert report.row("multi-hop").questions == 1 and report.row("single-hop").questions == 3
    table = report.markdown()
    assert "| overall | 5 | 0.000 | 0.800 | 1.000 | 0.800 |" in table
    assert report.to_dict()["rows"][0]["recall"]["5"] == pytest.approx(0.8)
    with pytest.raises(InvalidInput):
        report.row("nonsense")


def test_evaluate_validates_arguments(conv):
    with pytest.raises(InvalidInput):
        evaluate_locomo([conv], OracleIndex, ks=(0,))
    with pytest.raises(InvalidInput):
        evaluate_locomo([conv], OracleIndex, categories=(7,))


class LexicalIndex:
    """A small hybrid index built from the library parts (FTS5 bm25 + hashing embedder)."""

    def __init__(self, conv: LocomoConversation) -> None:
        self.memories = turn_memories(conv)
        self.db = sqlite3.connect(":memory:")
        self.db.execute("CREATE VIRTUAL TABLE f USING fts5(content, keywords, tokenize='porter unicode61')")
        self.db.executemany("INSERT INTO f(rowid, content, keywords) VALUES (?, ?, ?)",
                            [(i, m.content, m.context) for i, m in enumerate(self.memories)])
        self.embedder = make_embedder("default")
        self.vectors = self.embedder.embed([m.embedding_text for m in self.memories])
        self.stats = TermStats()
        self.stats.add_many("ns", [m.content + " " + m.context for m in self.memories])

    def search(self, query: str, k: int) -> list[str]:
        dense = self.vectors @ embed_query(self.embedder, query, self.stats.query_weights("ns", query))
        sparse = dict(self.db.execute("SELECT rowid, -bm25(f, 1.0, 0.5) FROM f WHERE f MATCH ?",
                                      (fts5_query(query),)).fetchall())
        top = max(sparse.values(), default=1.0)
        fused = dense + np.array([sparse.get(i, 0.0) / top for i in range(len(self.memories))])
        return [self.memories[i].dia_id for i in np.argsort(-fused, kind="stable")[:k]]

    def context(self, query: str) -> list[str]:
        return self.search(query, 3)


def test_evaluate_end_to_end_on_the_tiny_fixture(conv):
    report = evaluate_locomo(FIXTURE.as_posix(), LexicalIndex, ks=(1, 3, 10))
    assert report.overall.recall[10] == 1.0
    assert report.overall.recall[3] >= 0.8
    assert report.latency_p95_ms >= report.latency_p50_ms > 0
