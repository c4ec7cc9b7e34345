"""Hypothesis properties: scores rise with relevance and importance; recency halves every 14 days."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memcore.model import Memory, MemoryState, Namespace, Privacy
from memcore.scoring import PRESETS, Signals, score, score_candidates, score_many, score_totals
from memcore.scoring import components as c

NOW = datetime(2026, 6, 1, tzinfo=UTC)
unit = st.floats(0.0, 1.0, allow_nan=False)
days = st.floats(0.0, 400.0, allow_nan=False)


@st.composite
def memories(draw) -> Memory:
    return Memory(
        id=draw(st.text("abc", min_size=1, max_size=4)), user_id="u", project_id="p", content="x",
        importance=draw(unit), confidence=draw(unit), usage_count=draw(st.integers(0, 50)),
        access_count=draw(st.integers(0, 500)), privacy=draw(st.sampled_from(list(Privacy))),
        state=draw(st.sampled_from(list(MemoryState))), stability=draw(st.floats(0.1, 365)),
        rating=draw(st.floats(600, 2400)), age_cycles=draw(st.integers(0, 40)),
        created_at=NOW - timedelta(days=draw(days)), updated_at=NOW - timedelta(days=draw(days)),
        last_accessed_at=draw(st.none() | days.map(lambda d: NOW - timedelta(days=d))))


@settings(max_examples=150, deadline=None)
@given(m=memories(), a=unit, b=unit, policy=st.sampled_from(["governance", "tiered", "rating"]))
def test_monotone_in_semantic(m, a, b, policy):
    low, high = sorted((a, b))
    assert score(m, Signals(semantic=low), NOW, policy).total <= score(m, Signals(semantic=high), NOW, policy).total


@settings(max_examples=150, deadline=None)
@given(m=memories(), a=unit, b=unit, kw=unit, policy=st.sampled_from(["cognitive", "cognitive_episodic",
                                                                        "cognitive_semantic"]))
def test_cognitive_monotone_in_vector_similarity(m, a, b, kw, policy):
    low, high = sorted((a, b))
    assert score(m, Signals(dense=low, keyword=kw), NOW, policy).total <= \
        score(m, Signals(dense=high, keyword=kw), NOW, policy).total + 1e-12


@settings(max_examples=150, deadline=None)
@given(m=memories(), a=unit, b=unit, sem=unit, policy=st.sampled_from(sorted(PRESETS)))
def test_monotone_in_importance(m, a, b, sem, policy):
    low, high = sorted((a, b))
    signals = Signals(semantic=sem, dense=sem, keyword=sem)
    assert score(m.copy(importance=low), signals, NOW, policy).total <= \
        score(m.copy(importance=high), signals, NOW, policy).total + 1e-12


@settings(max_examples=150, deadline=None)
@given(age=days)
def test_recency_halves_every_fourteen_days(age):
    m = Memory(id="m", user_id="u", project_id="p", content="x", updated_at=NOW - timedelta(days=age))
    older = m.copy(updated_at=NOW - timedelta(days=age + 14))
    assert c.recency(older, NOW) == pytest.approx(0.5 * c.recency(m, NOW), rel=1e-9)


@settings(max_examples=40, deadline=None)
@given(ms=st.lists(memories(), min_size=1, max_size=12), sem=unit, policy=st.sampled_from(sorted(PRESETS)))
def test_vectorised_totals_equal_scalar_scores(ms, sem, policy):
    signals = [Signals(semantic=sem, dense=sem / 2, keyword=1 - sem, graph=sem) for _ in ms]
    expected = [score(m, s, NOW, policy).total for m, s in zip(ms, signals, strict=True)]
    assert np.allclose(score_totals(ms, signals, NOW, policy), expected, rtol=1e-9, atol=1e-12)


@settings(max_examples=60, deadline=None)
@given(ms=st.lists(memories(), max_size=12), sems=st.lists(unit, min_size=12, max_size=12),
       policy=st.sampled_from(sorted(PRESETS)))
def test_batch_scores_are_identical_to_one_by_one_scores(ms, sems, policy):
    signals = [Signals(semantic=s, dense=s / 2, keyword=1 - s, sparse=s * s, graph=s, project_match=float(s > 0.5))
               for s in sems[:len(ms)]]
    assert score_many(ms, signals, NOW, policy) == [score(m, s, NOW, policy) for m, s in zip(ms, signals, strict=True)]
    assert score_many(ms, None, NOW, policy) == [score(m, None, NOW, policy) for m in ms]
    candidates = [SimpleNamespace(memory=m, similarity=s.semantic, dense=s.dense, keyword=s.keyword, sparse=s.sparse,
                                  graph=s.graph) for m, s in zip(ms, signals, strict=True)]
    score_candidates(candidates, NOW, policy, Namespace("u", "p"))
    assert [c.score for c in candidates] == [score(m, replace(s, project_match=1.0), NOW, policy)
                                             for m, s in zip(ms, signals, strict=True)]
