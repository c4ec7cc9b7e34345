"""The in-process vector index: exact top-k per namespace, upserts, removals, filters and rebuilds."""

from __future__ import annotations

import threading

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memcore.errors import InvalidInput
from memcore.index.dense import DenseIndex, vector_from_bytes, vector_to_bytes

NS = ("alice", "default")
OTHER = ("bob", "default")


def unit(rows: np.ndarray) -> np.ndarray:
    return (rows / np.linalg.norm(rows, axis=1, keepdims=True)).astype(np.float32)


def random_unit(n: int, dim: int, seed: int = 0) -> np.ndarray:
    return unit(np.random.default_rng(seed).normal(size=(n, dim)))


def test_search_returns_best_first_within_the_namespace():
    index = DenseIndex(4)
    index.upsert([1, 2, 3], NS, unit(np.array([[1, 0, 0, 0], [0.9, 0.1, 0, 0], [0, 1, 0, 0]], dtype=float)))
    index.upsert([4], OTHER, unit(np.array([[1, 0, 0, 0]], dtype=float)))
    pks, scores = index.search(np.array([1, 0, 0, 0], dtype=np.float32), 2, NS)
    assert pks.tolist() == [1, 2]
    assert scores[0] == pytest.approx(1.0) and scores[0] >= scores[1]
    assert index.search(np.array([1, 0, 0, 0], dtype=np.float32), 5, ("nobody", "x"))[0].size == 0


def test_upsert_replaces_and_moves_between_namespaces():
    index = DenseIndex(2)
    index.upsert([7], NS, unit(np.array([[1.0, 0.0]])))
    index.upsert([7], NS, unit(np.array([[0.0, 1.0]])))
    assert len(index) == 1 and np.allclose(index.get(7), [0, 1])
    index.upsert([7], OTHER, unit(np.array([[0.0, 1.0]])))
    assert index.count(NS) == 0 and index.count(OTHER) == 1


def test_remove_keeps_the_other_rows_searchable():
    index = DenseIndex(8)
    vectors = random_unit(50, 8)
    index.upsert(list(range(50)), NS, vectors)
    assert index.remove([0, 10, 49, 999]) == 3
    assert len(index) == 47 and 10 not in index
    pks, _ = index.search(vectors[20], 1, NS)
    assert pks.tolist() == [20]
    pks, _ = index.search(vectors[10], 47, NS)
    assert 10 not in pks.tolist() and len(pks) == 47


def test_allowed_restricts_results_small_and_large_sets():
    index = DenseIndex(8)
    vectors = random_unit(200, 8)
    index.upsert(list(range(200)), NS, vectors)
    pks, _ = index.search(vectors[5], 3, NS, allowed={7, 9, 11})
    assert set(pks.tolist()) == {7, 9, 11}
    big = set(range(100, 200))
    pks, _ = index.search(vectors[5], 10, NS, allowed=np.array(sorted(big)))
    assert set(pks.tolist()) <= big and len(pks) == 10
    assert index.search(vectors[5], 3, NS, allowed=set())[0].size == 0
    huge = DenseIndex(8)
    offset = 1 << 27
    huge.upsert([offset + i for i in range(200)], NS, vectors)
    pks, _ = huge.search(vectors[5], 10, NS, allowed=[offset + i for i in range(100, 200)])
    assert len(pks) == 10 and all(offset + 100 <= p < offset + 200 for p in pks.tolist())
    with pytest.raises(InvalidInput):
        index.search(vectors[5], 3, NS, allowed=np.ones(200, dtype=bool))


@settings(max_examples=40, deadline=None)
@given(n=st.integers(1, 300), k=st.integers(1, 40), seed=st.integers(0, 10_000))
def test_topk_matches_brute_force(n, k, seed):
    vectors = random_unit(n, 16, seed)
    index = DenseIndex(16)
    index.upsert(list(range(n)), NS, vectors)
    query = random_unit(1, 16, seed + 1)[0]
    pks, scores = index.search(query, k, NS)
    expected = np.sort(vectors @ query)[::-1][: min(k, n)]
    assert np.allclose(scores, expected, atol=1e-5)
    assert np.all(np.diff(scores) <= 1e-7)


def test_sampled_topk_path_is_exact_on_large_partitions():
    n = 70_000
    vectors = random_unit(n, 16, 3)
    index = DenseIndex(16)
    index.upsert(np.arange(n), NS, vectors)
    query = random_unit(1, 16, 4)[0]
    pks, scores = index.search(query, 25, NS)
    brute = np.argsort(-(vectors @ query))[:25]
    assert set(pks.tolist()) == set(brute.tolist())


def test_rebuild_from_bytes_skips_missing_and_foreign_vectors():
    vectors = random_unit(3, 8)
    rows = [(1, NS, vector_to_bytes(vectors[0])), (2, OTHER, vector_to_bytes(vectors[1])), (3, NS, None),
            (4, NS, vector_to_bytes(np.ones(4, dtype=np.float32)))]
    index = DenseIndex(8)
    index.upsert([99], NS, vectors[2:3])
    report = index.rebuild(rows)
    assert report.loaded == 2 and report.skipped == [3, 4]
    assert 99 not in index and np.allclose(index.get(2), vectors[1])


def test_bad_shapes_and_values_are_refused():
    index = DenseIndex(4)
    with pytest.raises(InvalidInput):
        index.upsert([1, 2], NS, np.zeros((1, 4), dtype=np.float32))
    with pytest.raises(InvalidInput):
        index.upsert([1], NS, np.full((1, 4), np.nan, dtype=np.float32))
    with pytest.raises(InvalidInput):
        index.search(np.zeros(3, dtype=np.float32), 1, NS)
    with pytest.raises(InvalidInput):
        vector_from_bytes(b"\x00" * 12, dim=4)


def test_concurrent_writers_and_readers_lose_nothing():
    index = DenseIndex(8)
    vectors = random_unit(800, 8)
    errors: list[BaseException] = []

    def writer(start: int) -> None:
        try:
            for i in range(start, start + 200):
                index.upsert([i], NS, vectors[i:i + 1])
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    def reader() -> None:
        try:
            for _ in range(200):
                index.search(vectors[0], 5, NS)
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=writer, args=(s,)) for s in (0, 200, 400, 600)]
    threads += [threading.Thread(target=reader) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and len(index) == 800 and index.count(NS) == 800


def test_similarities_of_given_pks_across_namespaces():
    vectors = random_unit(6, 8)
    index = DenseIndex(8)
    index.upsert([1, 2, 3], NS, vectors[:3])
    index.upsert([4], OTHER, vectors[3:4])
    got = index.similarities(vectors[5], [3, 99, 4, 1])
    assert np.isnan(got[1])
    assert np.allclose(got[[0, 2, 3]], vectors[[2, 3, 0]] @ vectors[5], atol=1e-6)
    assert index.similarities(vectors[5], []).shape == (0,)
