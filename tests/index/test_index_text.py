"""Text helpers: tokenisation like FTS5 unicode61, keyword overlap, and injection-proof query builders."""

from __future__ import annotations

import sqlite3

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memcore.index.text import (
    STOPWORDS,
    content_term_set,
    content_terms,
    fts5_query,
    keyword_overlap,
    pg_tsquery,
    words,
)


def test_words_split_like_unicode61_and_fold_diacritics():
    assert words("Caroline's café, 18th-birthday!") == ["caroline", "s", "cafe", "18th", "birthday"]


def test_content_terms_drop_stopwords_and_stem():
    assert content_terms("When did Caroline go to the support groups?") == ["carolin", "go", "support", "group"]
    assert "when" in STOPWORDS and "may" not in STOPWORDS


def test_keyword_overlap_is_the_fraction_of_query_terms_present():
    assert keyword_overlap("adoption agencies research", "She researched adoption agencies") == 1.0
    assert keyword_overlap("adoption agencies research", "adoption papers") == pytest.approx(1 / 3)
    assert keyword_overlap("the of and", "anything at all") == 0.0
    assert keyword_overlap(content_term_set("painting"), content_term_set("I paint")) == 1.0


def test_fts5_query_quotes_each_content_word_and_joins_with_or():
    assert fts5_query("What did Caroline research?") == '"caroline" OR "research"'
    assert fts5_query("what is it?") is None
    assert fts5_query("") is None


def test_fts5_query_limits_terms():
    query = fts5_query(" ".join(f"word{i}" for i in range(100)), limit=5)
    assert query is not None and query.count(" OR ") == 4


HOSTILE = ['NEAR(a b)', 'x" OR content:*', 'a AND NOT b', '^start *', "col:term", '"unbalanced', "(((", "-x +y"]


@pytest.mark.parametrize("text", HOSTILE)
def test_fts5_query_never_raises_inside_sqlite(text):
    db = sqlite3.connect(":memory:")
    db.execute("CREATE VIRTUAL TABLE f USING fts5(content, keywords, tokenize='porter unicode61')")
    db.execute("INSERT INTO f(rowid, content, keywords) VALUES (1, 'start near term content', '')")
    match = fts5_query(text)
    if match is not None:
        db.execute("SELECT rowid FROM f WHERE f MATCH ?", (match,)).fetchall()


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=80))
def test_any_text_gives_a_valid_fts5_expression(text):
    db = sqlite3.connect(":memory:")
    db.execute("CREATE VIRTUAL TABLE f USING fts5(content, tokenize='porter unicode61')")
    match = fts5_query(text)
    if match is not None:
        db.execute("SELECT rowid FROM f WHERE f MATCH ?", (match,)).fetchall()


def test_fts5_query_finds_stemmed_variants():
    db = sqlite3.connect(":memory:")
    db.execute("CREATE VIRTUAL TABLE f USING fts5(content, tokenize='porter unicode61')")
    db.executemany("INSERT INTO f(rowid, content) VALUES (?, ?)", [(1, "She was painting sunsets"), (2, "dogs")])
    rows = db.execute("SELECT rowid FROM f WHERE f MATCH ?", (fts5_query("paintings of a sunset"),)).fetchall()
    assert rows == [(1,)]


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=80))
def test_pg_tsquery_contains_only_terms_and_or_operators(text):
    query = pg_tsquery(text)
    if query is not None:
        for part in query.split(" | "):
            assert part and all(ch.isalnum() for ch in part)


def test_pg_tsquery_shape():
    assert pg_tsquery("Caroline & Melanie's !painting") == "caroline | melanie | painting"
    assert pg_tsquery("and or not") is None
