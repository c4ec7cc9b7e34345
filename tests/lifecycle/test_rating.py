import math
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.errors import InvalidInput
from memcore.lifecycle import (
    RatedItem,
    RatingSettings,
    calibrate,
    expected,
    exploration_bonus,
    freshness,
    k_factor,
    list_best,
    simulate,
    staleness,
)
from memcore.lifecycle.rating import should_remove
from memcore.model import EventKind

from .conftest import mem


def test_freshness_halves_every_four_cycles():
    assert freshness(0) == 400
    assert freshness(4) == pytest.approx(200)
    assert freshness(8) == pytest.approx(100)


def test_expected_formula():
    assert expected(1100, 0) == pytest.approx(0.5)
    assert expected(1200, 1000) == pytest.approx(1 / (1 + 10 ** (300 / 400)))


def test_k_factor_terms():
    assert k_factor(0, 0, 0) == pytest.approx(64)
    assert k_factor(3, 0, 0) == pytest.approx(32)
    assert k_factor(10_000, 0, 0) == pytest.approx(8)
    assert staleness(4) == pytest.approx(0.5)
    assert k_factor(0, 4, 0) == pytest.approx(64 * 1.25)
    assert exploration_bonus(0, 1) == 200 and exploration_bonus(3, 1) == 50 and exploration_bonus(0, 0) == 0
    assert k_factor(0, 0, 1) == pytest.approx(64 * 1.5)


def test_calibrate_moves_rating_by_k_times_surprise():
    item = RatedItem("m", rating=1200, feedback_count=0, age_cycles=0)
    up = calibrate(item, True)
    exp = expected(1200, 0)
    assert up.after.rating == pytest.approx(1200 + 64 * (1 - exp))
    assert up.after.feedback_count == 1
    down = calibrate(item, False, randomly_recalled=True)
    assert down.after.rating == pytest.approx(1200 - 96 * exp)
    change = up.change()
    assert change.kind is EventKind.RATED and change.after["rating"] == up.after.rating
    assert "expected 0.640" in up.reason


@given(rating=st.floats(0, 3000), age=st.integers(0, 200), n=st.integers(0, 500), rnd=st.booleans())
def test_useful_feedback_never_lowers_and_useless_never_raises(rating, age, n, rnd):
    item = RatedItem("m", rating, n, age)
    assert calibrate(item, True, randomly_recalled=rnd).after.rating >= rating
    assert calibrate(item, False, randomly_recalled=rnd).after.rating <= rating


def test_useful_must_be_a_probability():
    with pytest.raises(InvalidInput):
        calibrate(RatedItem("m"), 1.5)


def test_list_best_top_plus_random_and_ages_everything():
    items = [RatedItem(f"m{i}", rating=1000 + i * 10) for i in range(10)]
    result = list_best(items, 3, 2, random.Random(0))
    assert [it.id for it in result.top] == ["m9", "m8", "m7"]
    assert len(result.random) == 2 and not {it.id for it in result.random} & {"m9", "m8", "m7"}
    assert [it.age_cycles for it in result.aged] == [1] * 10
    assert all(it.age_cycles == 1 for it in result.shown)
    again = list_best(items, 3, 2, random.Random(0))
    assert [it.id for it in again.random] == [it.id for it in result.random]


def test_removal_only_when_below_floor_and_no_longer_fresh():
    cfg = RatingSettings(floor=900)
    assert should_remove(800, 40, cfg)
    assert not should_remove(800, 10, cfg)
    assert not should_remove(950, 40, cfg)
    assert not should_remove(800, 40, RatingSettings())
    items = [RatedItem("old", 800, 5, 39), RatedItem("young", 800, 5, 3)]
    assert list_best(items, 1, 0, random.Random(1), cfg).removable == ["old"]


def test_rated_item_from_memory():
    item = RatedItem.from_memory(mem("x", rating=1333.0, feedback_count=4, age_cycles=7))
    assert (item.rating, item.feedback_count, item.age_cycles) == (1333.0, 4, 7)


def test_simulation_is_reproducible():
    a = simulate(rounds=6, read_only_rounds=20, n_memories=20, seed=42)
    b = simulate(rounds=6, read_only_rounds=20, n_memories=20, seed=42)
    c = simulate(rounds=6, read_only_rounds=20, n_memories=20, seed=43)
    assert a.to_dict() == b.to_dict()
    assert a.to_dict() != c.to_dict()


def test_exploration_surfaces_late_good_memories_pure_top_n_does_not():
    report = simulate(rounds=20, read_only_rounds=50, n_memories=40, seed=0)
    explore, pure = report.final()
    assert explore > pure
    last = report.rounds[-1]
    assert last.late_good > 0
    assert last.explore_found > last.pure_found
    assert report.late_shown_pure < report.late_shown_explore
    md = report.to_markdown()
    assert md.count("\n| ") == len(report.rounds) + 1 and "precision@5" in md


def test_simulation_validates_inputs():
    with pytest.raises(InvalidInput):
        simulate(rounds=0)


def test_rating_settings_validation():
    with pytest.raises(InvalidInput):
        RatingSettings(k_min=100)
    assert not math.isnan(freshness(1e6))
