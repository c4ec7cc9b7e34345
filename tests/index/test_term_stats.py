"""Per-namespace document frequencies and the IDF weights they give query terms."""

from __future__ import annotations

import math

from memcore.index.termstats import TermStats, bm25_idf

NS = ("u", "p")


def test_counts_documents_not_occurrences():
    stats = TermStats()
    stats.add_many(NS, ["Caroline paints paintings", "Caroline runs", "Melanie swims"])
    assert stats.doc_count(NS) == 3
    assert stats.doc_freq(NS, "carolin") == 2 and stats.doc_freq(NS, "paint") == 1
    assert stats.doc_count(("other", "p")) == 0


def test_rare_terms_weigh_more_than_common_ones():
    stats = TermStats()
    stats.add_many(NS, ["Caroline went hiking", "Caroline adopted a dog", "Caroline read a book"])
    weights = stats.query_weights(NS, "Did Caroline adopt?")
    assert set(weights) == {"carolin", "adopt"}
    assert weights["adopt"] > weights["carolin"] > 0
    assert weights["adopt"] == bm25_idf(3, 1) == math.log(1 + 2.5 / 1.5)


def test_remove_undoes_add_and_rebuild_replaces():
    stats = TermStats()
    stats.add(NS, "alpha beta")
    stats.add(NS, "beta gamma")
    stats.remove(NS, "alpha beta")
    assert stats.doc_count(NS) == 1 and stats.doc_freq(NS, "alpha") == 0 and stats.doc_freq(NS, "beta") == 1
    assert stats.rebuild([(NS, "delta"), (("x", "y"), "delta epsilon")]) == 2
    assert stats.doc_freq(NS, "beta") == 0 and stats.doc_freq(("x", "y"), "epsilon") == 1
