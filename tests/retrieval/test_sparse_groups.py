"""The SQLite keyword channel ranked by term groups gives the plain OR query's rows and bm25 scores."""

from __future__ import annotations

import random

import pytest

from memcore.retrieval.pipeline import _fts_idf
from memcore.store import sparse

WORDS = ["payments", "billing", "invoice", "kafka", "redis", "deploy", "rollback", "monitoring", "alerts", "owner",
         "frontend", "react", "database", "replication", "backup", "nightly", "report", "bucket", "token", "cache"]
QUERIES = ["payments invoice kafka", "deploy rollback", "nightly report bucket cache", "redis cache owner",
           "react frontend monitoring alerts backup", "billing", "database replication backup token"]


@pytest.fixture
def corpus(lite):
    rng = random.Random(5)
    texts = [" ".join(rng.choices(WORDS, k=rng.randint(2, 12))) + f" note {i}" for i in range(600)]
    lite.add_many(texts)
    return lite


@pytest.mark.parametrize("query", QUERIES)
def test_grouped_ranking_matches_the_or_query(corpus, query):
    rt, ns = corpus.runtime, corpus.namespace
    idf = _fts_idf(rt, query)
    with rt.db.read() as conn:
        plain = sparse.search(conn, ns, query, 40, filter_namespace=False)
        grouped = sparse.search(conn, ns, query, 40, filter_namespace=False, idf=idf)
    assert [round(s, 9) for _, s in grouped] == [round(s, 9) for _, s in plain]
    assert {pk for pk, s in grouped if s > plain[-1][1]} == {pk for pk, s in plain if s > plain[-1][1]}


def test_skipping_groups_never_changes_a_rows_score(corpus):
    rt, ns = corpus.runtime, corpus.namespace
    query = "nightly report bucket cache"
    with rt.db.read() as conn:
        every = dict(sparse.search(conn, ns, query, 1000, filter_namespace=False))
        # ceilings far too low: groups stop as soon as 10 rows are known, which may miss better rows
        hasty = sparse.search(conn, ns, query, 10, filter_namespace=False, idf={w: 1e-6 for w in query.split()})
        long_query = sparse.search(conn, ns, " ".join(WORDS[:8]), 10, filter_namespace=False, idf={})
    assert len(hasty) == 10 and all(score == pytest.approx(every[pk], abs=1e-9) for pk, score in hasty)
    assert len(long_query) == 10  # more than GROUPED_MAX_TERMS words: one OR query


def test_large_namespaces_send_only_words_their_memories_contain():
    from types import SimpleNamespace

    from memcore.index.termstats import TermStats
    from memcore.retrieval.pipeline import PRUNE_FROM, selective_terms

    terms = TermStats()
    ns = ("u", "p")
    terms.add_many(ns, [f"invoice {i} kafka" if i % 20 else f"invoice {i} redis" for i in range(PRUNE_FROM)])
    rt = SimpleNamespace(terms=terms)
    # "invoice" is in every memory (too common), "unicorn" in none
    assert selective_terms(rt, ns, "redis kafka invoice unicorn", live_only=True).split() == ["redis", "kafka"]
    assert "unicorn" in selective_terms(rt, ns, "redis kafka invoice unicorn").split()
