from difflib import SequenceMatcher

from hypothesis import given
from hypothesis import strategies as st

from memcore.bench.textgen import texts, texts_with_sources
from memcore.lifecycle.neardup import exhaustive_clusters, greedy_clusters, lcs_lengths, normalise, similarity


def lcs_table(a: str, b: str) -> int:
    prev = [0] * (len(b) + 1)
    for x in a:
        cur = [0]
        for j, y in enumerate(b):
            cur.append(prev[j] + 1 if x == y else max(prev[j + 1], cur[j]))
        prev = cur
    return prev[-1]


@given(st.text("abc d", max_size=30), st.lists(st.text("abcde", max_size=40), max_size=6))
def test_bit_parallel_lcs_equals_dynamic_programming(a, others):
    assert lcs_lengths(a, others) == [lcs_table(a, b) for b in others]


@given(st.text(max_size=40), st.text(max_size=40))
def test_similarity_is_symmetric_and_bounded_by_lcs(a, b):
    assert similarity(a, b) == similarity(b, a)
    x, y = normalise(a), normalise(b)
    if x or y:
        assert SequenceMatcher(None, x, y).ratio() <= 2 * lcs_table(x, y) / (len(x) + len(y)) + 1e-12


def test_small_set_matches_exhaustive_exactly():
    items = ["Use pnpm for the frontend", "use pnpm for the frontend.", "Use npm for the frontend",
             "The backend runs on FastAPI", "The backend runs on FastAPI now", "Deploy on Fridays"]
    mergeable = [True] * len(items)
    assert greedy_clusters(items, mergeable, 0.82) == exhaustive_clusters(items, mergeable, 0.82)
    assert {m.item for m in greedy_clusters(items, mergeable, 0.82)} == {1, 2, 4}


def test_unmergeable_items_always_survive():
    items = ["Always run the tests before release", "Always run the tests before release!"]
    assert greedy_clusters(items, [True, False], 0.82) == []
    assert [m.item for m in greedy_clusters(items, [True, True], 0.82)] == [1]


def test_every_match_reaches_the_threshold():
    corpus = texts(600, seed=3)
    for m in greedy_clusters(corpus, [True] * len(corpus), 0.82):
        assert m.survivor < m.item
        assert similarity(corpus[m.survivor], corpus[m.item]) >= 0.82


def test_blocking_finds_every_injected_near_copy():
    rows = texts_with_sources(1500, seed=7)
    corpus = [t for t, _ in rows]
    absorbed = {m.item for m in greedy_clusters(corpus, [True] * len(corpus), 0.82)}
    copies = [(i, src) for i, (t, src) in enumerate(rows) if src is not None and similarity(t, corpus[src]) >= 0.82]
    assert len(copies) > 100
    assert all(i in absorbed or src in absorbed for i, src in copies)


def test_blocking_agrees_with_exhaustive_on_most_merges():
    corpus = texts(400, seed=11)
    mergeable = [True] * len(corpus)
    blocked = {m.item for m in greedy_clusters(corpus, mergeable, 0.82)}
    full = {m.item for m in exhaustive_clusters(corpus, mergeable, 0.82)}
    assert len(blocked & full) >= 0.8 * len(full)
    assert len(blocked - full) <= 0.1 * len(full)


def test_rerun_over_survivors_with_same_population_absorbs_nothing():
    corpus = texts(800, seed=5)
    first = greedy_clusters(corpus, [True] * len(corpus), 0.82)
    gone = {m.item for m in first}
    survivors = [t for i, t in enumerate(corpus) if i not in gone]
    context = [corpus[i] for i in sorted(gone)]
    assert greedy_clusters(survivors[::-1], [True] * len(survivors), 0.82, context=context) == []
