"""The approximate inverted-file layer of the dense index: recall against exact search, staying in
step with upserts and removals, determinism, and when it is (not) used."""

from __future__ import annotations

import numpy as np
import pytest

from memcore.errors import InvalidInput
from memcore.index.dense import DenseIndex
from memcore.index.ivf import list_count

NS = ("alice", "default")


def clustered(n: int, dim: int = 32, clusters: int = 60, seed: int = 0) -> np.ndarray:
    """Unit vectors scattered around ``clusters`` random centres (as real embeddings are)."""
    rng = np.random.default_rng(seed)
    centres = rng.normal(size=(clusters, dim))
    rows = centres[rng.integers(0, clusters, n)] + 0.6 * rng.normal(size=(n, dim))
    return (rows / np.linalg.norm(rows, axis=1, keepdims=True)).astype(np.float32)


def pair(n: int, *, scan: float = 0.12, seed: int = 0) -> tuple[DenseIndex, DenseIndex, np.ndarray]:
    vectors = clustered(n, seed=seed)
    exact, approx = DenseIndex(32), DenseIndex(32, ivf_from=1000, ivf_scan=scan)
    for index in (exact, approx):
        index.upsert(np.arange(n), NS, vectors)
    return exact, approx, vectors


def recall(exact: DenseIndex, approx: DenseIndex, queries: np.ndarray, k: int) -> float:
    found = [len(set(exact.search(q, k, NS)[0].tolist()) & set(approx.search(q, k, NS)[0].tolist())) / k
             for q in queries]
    return float(np.mean(found))


def test_recall_of_the_exact_top_50_on_clustered_vectors():
    exact, approx, _ = pair(6000)
    queries = clustered(100, seed=1)
    assert recall(exact, approx, queries, 50) >= 0.9
    hits = approx.hits(queries[0], 50, NS)
    assert not hits.exact and hits.size == 6000 and 0 < hits.scanned < 6000


def test_scores_are_exact_dot_products_best_first():
    _, approx, vectors = pair(3000)
    query = clustered(1, seed=2)[0]
    pks, scores = approx.search(query, 20, NS)
    assert np.allclose(scores, vectors[pks] @ query, atol=1e-6)
    assert np.all(np.diff(scores) <= 0)


def test_scanning_everything_is_exact():
    exact, approx, _ = pair(3000, scan=1.0)
    queries = clustered(20, seed=3)
    assert recall(exact, approx, queries, 30) == 1.0


def test_upserts_and_removals_stay_searchable():
    _, approx, vectors = pair(4000)
    approx.search(vectors[0], 5, NS)  # trains the lists
    few = clustered(20, seed=9)  # too few to regroup: searched as misplaced rows
    approx.upsert(np.arange(20_000, 20_020), NS, few)
    approx.remove([1, 2, 3])
    for pk, vector in zip(range(20_000, 20_020), few, strict=True):
        assert approx.search(vector, 1, NS)[0].tolist() == [pk]
    approx.remove(range(20_000, 20_020))
    fresh = clustered(300, seed=4)
    approx.upsert(np.arange(10_000, 10_300), NS, fresh)
    removed = list(range(0, 4000, 7))
    assert approx.remove(removed) == len(removed)
    removed += [1, 2, 3]
    moved = clustered(50, seed=5)
    approx.upsert(np.arange(100, 150), NS, moved)  # new vectors for existing pks (some removed earlier)
    expected = {pk: vectors[pk] for pk in range(4000) if pk % 7 and pk not in (1, 2, 3)}
    expected.update(zip(range(10_000, 10_300), fresh, strict=True))
    expected.update(zip(range(100, 150), moved, strict=True))
    assert approx.count(NS) == len(expected)
    for pk in list(expected)[::37]:
        top, scores = approx.search(expected[pk], 1, NS)
        assert top.tolist() == [pk] and scores[0] == pytest.approx(1.0, abs=1e-5)
    gone = set(removed) - set(range(100, 150))
    for q in clustered(30, seed=6):
        assert not gone & set(approx.search(q, 50, NS)[0].tolist())


def test_many_changes_regroup_and_retrain_without_losing_rows():
    _, approx, vectors = pair(2000)
    approx.search(vectors[0], 5, NS)
    more = clustered(3000, seed=7)
    for start in range(0, 3000, 250):  # grows 2.5x, searching in between
        approx.upsert(np.arange(5000 + start, 5250 + start), NS, more[start:start + 250])
        approx.remove(range(start // 2, start // 2 + 100))
        approx.search(more[start], 3, NS)
    every = {pk: vectors[pk] for pk in range(2000)}
    every.update(zip(range(5000, 8000), more, strict=True))
    for start in range(0, 3000, 250):
        for pk in range(start // 2, start // 2 + 100):
            every.pop(pk, None)
    assert approx.count(NS) == len(every)
    for pk in list(every)[::29]:
        assert approx.search(every[pk], 1, NS)[0].tolist() == [pk]


def test_results_are_deterministic():
    _, first, _ = pair(3000)
    _, second, _ = pair(3000)
    for q in clustered(10, seed=8):
        a, b = first.hits(q, 25, NS), second.hits(q, 25, NS)
        assert a.pks.tolist() == b.pks.tolist() and a.scanned == b.scanned
        assert first.search(q, 25, NS)[0].tolist() == a.pks.tolist()


def test_filtered_small_and_switched_off_searches_are_exact():
    exact, approx, vectors = pair(3000)
    allowed = np.arange(0, 3000, 2)
    filtered = approx.hits(vectors[0], 40, NS, allowed)
    assert filtered.exact and filtered.pks.tolist() == exact.search(vectors[0], 40, NS, allowed)[0].tolist()
    small = DenseIndex(32, ivf_from=1000)
    small.upsert(np.arange(999), NS, vectors[:999])
    assert small.hits(vectors[0], 5, NS).exact
    assert DenseIndex(32).hits(vectors[0], 5, NS).exact  # ivf_from=0: off
    approx.remove(range(999, 3000))  # shrinks below the threshold: exact again
    assert approx.hits(vectors[0], 5, NS).exact


def test_list_count_and_bad_settings():
    assert list_count(10_000) == 200 and list_count(1) == 1
    with pytest.raises(InvalidInput, match="ivf_from"):
        DenseIndex(8, ivf_from=-1)
    with pytest.raises(InvalidInput, match="ivf_scan"):
        DenseIndex(8, ivf_scan=0)
