"""Fusion (M3 max-blend, RRF, linear) and the candidate cap, as pure functions."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memcore.errors import InvalidInput
from memcore.retrieval.fusion import ChannelScores, cap_candidates, fuse, linear_blend, max_blend, normalize_bm25, rrf

unit = st.floats(0.0, 1.0, allow_nan=False)


def test_max_blend_values():
    assert max_blend(0.8, 0.0) == 0.8
    assert max_blend(0.2, 1.0) == pytest.approx(0.6)
    assert np.allclose(max_blend(np.array([0.8, 0.2]), np.array([0.0, 1.0])), [0.8, 0.6])


@settings(max_examples=200, deadline=None)
@given(d=unit, k=unit, d2=unit, k2=unit)
def test_max_blend_never_below_dense_and_monotone(d, k, d2, k2):
    assert max_blend(d, k) >= d
    if d <= d2 and k <= k2:
        assert max_blend(d, k) <= max_blend(d2, k2)


def test_rrf_with_k60():
    scores = rrf([[1, 2, 3], [3, 1]], k=60, normalize=False)
    assert scores[1] == pytest.approx(1 / 61 + 1 / 62)
    assert scores[3] == pytest.approx(1 / 63 + 1 / 61)
    assert scores[2] == pytest.approx(1 / 62)
    normalized = rrf([[1, 2], [1]], k=60)
    assert normalized[1] == pytest.approx(1.0) and normalized[2] < 0.5
    with pytest.raises(InvalidInput):
        rrf([[1]], k=-1)


def test_normalize_bm25_accepts_sqlite_and_postgres_conventions():
    assert normalize_bm25({1: -4.0, 2: -1.0}) == {1: 1.0, 2: 0.25}
    assert normalize_bm25({1: 0.5, 2: 0.25}) == {1: 1.0, 2: 0.5}
    assert normalize_bm25({}) == {}


def test_fuse_methods():
    cands = [ChannelScores(1, dense=0.9, keyword=0.0, sparse=0.2, sparse_rank=2, dense_rank=1),
             ChannelScores(2, dense=0.3, keyword=1.0, sparse=1.0, sparse_rank=1, dense_rank=2),
             ChannelScores(3, dense=0.1, keyword=0.0)]
    m3 = fuse(cands)
    assert m3 == pytest.approx({1: 0.9, 2: 0.65, 3: 0.1})
    r = fuse(cands, "rrf")
    assert r[1] == pytest.approx(r[2]) and r[3] == 0.0
    lin = fuse(cands, "LINEAR")
    assert lin[2] == pytest.approx(0.72) and linear_blend(0.3, 1.0, 1.0) == pytest.approx(0.72)
    with pytest.raises(InvalidInput) as err:
        fuse(cands, "magic")
    assert err.value.field == "fusion"


def test_cap_keeps_dense_top_and_every_priority_candidate():
    cands = [ChannelScores(pk, dense=pk / 2000) for pk in range(1, 1101)]
    kept = cap_candidates(cands, priority={3, 5})
    pks = {c.pk for c in kept}
    assert len(kept) == 514
    assert {3, 5} <= pks and 1100 in pks and 589 in pks and 588 not in pks
    assert [c.pk for c in kept] == sorted(pks)


def test_cap_does_nothing_at_or_below_the_threshold():
    cands = [ChannelScores(pk, dense=0.1) for pk in range(1024)]
    assert cap_candidates(cands) == cands
    small = cap_candidates([ChannelScores(pk, dense=pk) for pk in range(10)], above=5, keep=2)
    assert [c.pk for c in small] == [8, 9]
