"""Policies are data: presets, custom policies and their validation."""

from __future__ import annotations

from datetime import UTC

import pytest

from memcore.errors import InvalidInput
from memcore.scoring import PRESETS, Policy, policy_names, register_policy, resolve_policy, score
from memcore.scoring.policy import Formula


def test_presets_exist_with_the_spec_weights():
    assert {"governance", "tiered", "cognitive", "cognitive_episodic", "cognitive_semantic", "strength",
            "rating"} <= set(PRESETS)
    g = resolve_policy(None)
    assert g.name == "governance"
    assert dict(g.weights) == {"semantic": 0.40, "importance": 0.20, "recency": 0.15, "confidence": 0.10,
                               "usage": 0.10, "project_match": 0.15, "critical_bonus": 0.20, "outdated": -0.30,
                               "privacy": -0.25, "superseded": -0.50}
    assert resolve_policy("TIERED").name == "tiered"


def test_unknown_component_is_refused_by_name():
    with pytest.raises(InvalidInput) as err:
        Policy("mine", weights={"semantic": 0.5, "vibes": 0.5})
    assert err.value.field == "policy.weights.vibes"


@pytest.mark.parametrize("data,field", [
    ({"name": "x", "weights": {"semantic": 1.0}, "colour": "red"}, "policy.colour"),
    ({"name": "x", "weights": {"semantic": "high"}}, "policy.weights.semantic"),
    ({"name": "x", "weights": {"semantic": float("nan")}}, "policy.weights.semantic"),
    ({"name": "x", "weights": {}}, "policy.weights"),
    ({"name": "x", "formula": "quadratic", "weights": {"semantic": 1}}, "policy.formula"),
    ({"name": "x", "weights": {"semantic": 1}, "half_life_days": 0}, "policy.half_life_days"),
    ({"name": "x", "weights": {"semantic": 1}, "curve": "fsrs9"}, "policy.curve"),
    ({"name": "", "weights": {"semantic": 1}}, "policy.name"),
])
def test_bad_custom_policies_name_the_field(data, field):
    with pytest.raises(InvalidInput) as err:
        Policy.from_mapping(data)
    assert err.value.field == field


def test_custom_policy_round_trip_register_and_resolve():
    data = {"name": "recency-heavy", "weights": {"semantic": 0.3, "recency": 0.7}, "half_life_days": 7.0}
    policy = register_policy(data)
    assert "recency-heavy" in policy_names()
    assert resolve_policy("recency-heavy") is policy
    assert Policy.from_mapping(policy.to_dict()) == policy
    assert resolve_policy(data).weights["recency"] == 0.7
    changed = policy.with_weights(semantic=0.9)
    assert changed.weights["semantic"] == 0.9 and policy.weights["semantic"] == 0.3


def test_custom_policy_changes_the_score():
    from datetime import datetime

    from memcore.model import Memory
    from memcore.scoring import Signals

    now = datetime(2026, 1, 1, tzinfo=UTC)
    m = Memory(id="m", user_id="u", project_id="p", content="x", importance=1.0, updated_at=now)
    only_importance = Policy("only-importance", Formula.ADDITIVE, {"importance": 2.0})
    assert score(m, Signals(semantic=0.9), now, only_importance).total == pytest.approx(2.0)


def test_preset_names_cannot_be_redefined_and_unknown_names_fail():
    with pytest.raises(InvalidInput):
        register_policy({"name": "governance", "weights": {"semantic": 1.0}})
    with pytest.raises(InvalidInput) as err:
        resolve_policy("nonexistent")
    assert err.value.field == "scoring_policy" and "governance" in str(err.value)


def test_weights_are_read_only():
    with pytest.raises(TypeError):
        PRESETS["governance"].weights["semantic"] = 1.0  # type: ignore[index]
