from datetime import timedelta

import fsrs
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.errors import InvalidInput
from memcore.lifecycle import (
    FSRS6,
    FSRS45,
    SEED,
    DecaySettings,
    ForgettingCurve,
    initial_stability,
    plan_decay,
    recall_stability,
    strength,
    strength_array,
)
from memcore.model import EventKind

from .conftest import NOW, mem

days = st.floats(min_value=0, max_value=10_000, allow_nan=False)
stabilities = st.floats(min_value=0.01, max_value=365, allow_nan=False)


@pytest.mark.parametrize("stability", [0.5, 1.0, 2.5, 10.0, 37.0, 365.0])
@pytest.mark.parametrize("elapsed", [0, 1, 3, 10, 100, 1000])
def test_fsrs6_matches_the_fsrs_package(stability, elapsed):
    scheduler = fsrs.Scheduler()
    card = fsrs.Card(card_id=1, state=fsrs.State.Review, stability=stability, difficulty=5.0,
                     last_review=NOW - timedelta(days=elapsed))
    oracle = scheduler.get_card_retrievability(card, NOW)
    assert FSRS6.retrievability(elapsed, stability) == pytest.approx(oracle, rel=1e-12)
    assert FSRS6.retrievability_array([elapsed], [stability])[0] == pytest.approx(oracle, rel=1e-12)


def test_fsrs6_curve_uses_the_fsrs_package_default_decay():
    assert FSRS6.decay == pytest.approx(fsrs.Scheduler().parameters[20])


@pytest.mark.parametrize("stability", [0.5, 1.0, 10.0, 365.0])
@pytest.mark.parametrize("elapsed", [0, 1, 10, 1000])
def test_default_curve_is_fsrs_with_the_spec_decay(stability, elapsed):
    params = list(fsrs.scheduler.DEFAULT_PARAMETERS)
    params[20] = 0.5
    card = fsrs.Card(card_id=1, state=fsrs.State.Review, stability=stability, difficulty=5.0,
                     last_review=NOW - timedelta(days=elapsed))
    oracle = fsrs.Scheduler(parameters=params).get_card_retrievability(card, NOW)
    assert DecaySettings().forgetting_curve.decay == 0.5
    assert DecaySettings().forgetting_curve.retrievability(elapsed, stability) == pytest.approx(oracle, rel=1e-12)


def test_custom_decay_matches_fsrs_with_the_same_w20():
    params = list(fsrs.scheduler.DEFAULT_PARAMETERS)
    params[20] = 0.5
    scheduler = fsrs.Scheduler(parameters=params)
    card = fsrs.Card(card_id=1, state=fsrs.State.Review, stability=4.0, difficulty=5.0,
                     last_review=NOW - timedelta(days=9))
    assert FSRS45.retrievability(9, 4.0) == pytest.approx(scheduler.get_card_retrievability(card, NOW), rel=1e-12)


@pytest.mark.parametrize("curve", [FSRS6, FSRS45])
def test_fsrs_curves_give_ninety_percent_at_stability(curve):
    assert curve.retrievability(7.0, 7.0) == pytest.approx(0.9)


def test_seed_curve_is_available_and_differs():
    assert SEED.retrievability(10, 10) == pytest.approx((1 + 19) ** -0.5)
    assert SEED.retrievability(10, 10) < 0.5 < FSRS6.retrievability(10, 10)
    assert DecaySettings(curve="seed").forgetting_curve is SEED


@given(t1=days, t2=days, s=stabilities)
def test_retrievability_never_increases_with_time(t1, t2, s):
    lo, hi = sorted((t1, t2))
    for curve in (FSRS6, FSRS45, SEED):
        assert curve.retrievability(hi, s) <= curve.retrievability(lo, s)


@given(t=days, s1=stabilities, s2=stabilities)
def test_retrievability_never_decreases_with_stability(t, s1, s2):
    lo, hi = sorted((s1, s2))
    assert FSRS6.retrievability(t, lo) <= FSRS6.retrievability(t, hi)


@given(imp=st.floats(0, 1), t=days, s=stabilities)
def test_strength_is_bounded_by_importance_and_full_when_fresh(imp, t, s):
    value = strength(imp, t, s)
    assert 0.0 <= value <= imp
    assert strength(imp, 0, s) == pytest.approx(imp)


@given(st.lists(st.tuples(st.floats(0, 1), stabilities, days), min_size=1, max_size=50))
def test_vectorised_strength_equals_scalar(rows):
    imp, s, t = (np.array(col) for col in zip(*rows, strict=True))
    expected = [strength(i, tt, ss) for i, ss, tt in rows]
    np.testing.assert_allclose(strength_array(imp, s, t), expected, rtol=1e-12)


def test_negative_elapsed_counts_as_zero():
    assert FSRS6.retrievability(-5, 3) == 1.0
    assert strength_array([0.5], [3], [-5])[0] == 0.5


@pytest.mark.parametrize("intensity,expected", [(0.0, 1.0), (0.5, 1.0), (0.51, 5.0), (0.7, 5.0), (0.71, 10.0), (1.0, 10.0)])
def test_initial_stability_by_emotion(intensity, expected):
    assert initial_stability(intensity) == expected


def test_recall_multiplies_and_caps():
    assert recall_stability(10) == 15
    assert recall_stability(300) == 365
    assert recall_stability(365) == 365


def test_plan_decay_uses_time_since_last_recall():
    items = [mem("fresh", importance=0.8, stability=5, strength=0.8, last_accessed_at=NOW),
             mem("old", importance=0.8, stability=5, strength=0.8, age=timedelta(days=30),
                 last_used_at=NOW - timedelta(days=5))]
    plan = plan_decay(items, NOW)
    assert plan.elapsed_days.tolist() == pytest.approx([0.0, 5.0])
    assert plan.strength_after[1] == pytest.approx(0.8 * 0.9)
    updates = dict(plan.updates())
    assert set(updates) == {"old"}
    change = next(plan.changes())
    assert change.kind is EventKind.DECAYED and change.after == {"strength": pytest.approx(0.72)}
    assert "R(5.00 d, S=5.00 d) = 0.900" in change.reason


def test_curve_and_settings_validation():
    with pytest.raises(InvalidInput):
        DecaySettings(curve="linear")
    with pytest.raises(InvalidInput):
        ForgettingCurve.fsrs(0)
