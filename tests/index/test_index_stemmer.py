"""The Porter stemmer matches the published algorithm and SQLite FTS5's porter tokenizer."""

from __future__ import annotations

import sqlite3

import pytest

from memcore.index.stemmer import porter_stem

KNOWN = {
    "caresses": "caress", "ponies": "poni", "cats": "cat", "agreed": "agre", "plastered": "plaster",
    "motoring": "motor", "sing": "sing", "conflated": "conflat", "hopping": "hop", "filing": "file",
    "happy": "happi", "relational": "relat", "conditional": "condit", "generalization": "gener",
    "adjustment": "adjust", "effective": "effect", "controll": "control", "roll": "roll", "cease": "ceas",
}


@pytest.mark.parametrize("word,expected", sorted(KNOWN.items()))
def test_published_examples(word, expected):
    assert porter_stem(word) == expected


def test_short_words_and_numbers_are_kept():
    assert porter_stem("is") == "is"
    assert porter_stem("2023") == "2023"


WORDS = ("running runs ran painting paintings painted adoption adopted adopting counseling counselor "
         "universities university happiness hopeful relational generously marathon greyhound camping "
         "campfire photographs photography emotional emotionally conditional agreement agreed ceramics "
         "studio studios dancing dancer dances transgender supportive supporting museum museums").split()


def test_agrees_with_sqlite_fts5_porter_tokenizer():
    db = sqlite3.connect(":memory:")
    db.execute("CREATE VIRTUAL TABLE f USING fts5(content, tokenize='porter unicode61')")
    db.execute("CREATE VIRTUAL TABLE v USING fts5vocab(f, 'row')")
    db.executemany("INSERT INTO f(content) VALUES (?)", [(w,) for w in WORDS])
    sqlite_stems = {row[0] for row in db.execute("SELECT term FROM v")}
    assert {porter_stem(w) for w in WORDS} == sqlite_stems
