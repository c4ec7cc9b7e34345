"""Scoring policies as data (SPEC 4): a formula family, named weights and a few parameters.

Presets: ``governance`` (default), ``tiered``, ``cognitive`` (+ ``cognitive_episodic`` and
``cognitive_semantic``), ``strength`` and ``rating``. A custom policy is a mapping validated by
:meth:`Policy.from_mapping`; unknown keys, unknown component names and non-numbers are refused
with :class:`~memcore.errors.InvalidInput` naming the field.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from ..errors import InvalidInput

__all__ = ["Formula", "Policy", "COMPONENTS", "PRESETS", "DEFAULT_POLICY", "resolve_policy", "register_policy",
           "policy_names", "CURVE_DECAY"]


class Formula(StrEnum):
    """How a policy combines its components."""

    ADDITIVE = "additive"    # sum of weight x raw
    COGNITIVE = "cognitive"  # (sum of weight x raw) [x time_decay] x (floor + gain x importance)
    PRODUCT = "product"      # importance x R(t, S)


COMPONENTS: Mapping[str, str] = MappingProxyType({
    "semantic": "fused query similarity (M3 max-blend or the selected fusion)",
    "dense": "cosine similarity from the dense channel",
    "keyword": "fraction of the query's content terms in the memory",
    "sparse": "BM25 score normalised to [0, 1] within the query",
    "graph": "graph-expansion similarity (link weight)",
    "importance": "the memory's importance in [0, 1]",
    "confidence": "the memory's confidence in [0, 1]",
    "recency": "0.5 ** (days since updated_at / half_life_days)",
    "usage": "1 - 1 / (1 + ln(1 + usage_count))",
    "project_match": "1 when the memory belongs to the query's project",
    "critical_bonus": "1 when critical (flag or type) or pinned",
    "outdated": "1 when type outdated or state archived",
    "privacy": "public 0, private 0.4, sensitive 1.0",
    "superseded": "1 when superseded, expired or deleted",
    "access_recency": "exp(-access_rate_per_hour x hours since last access)",
    "access_frequency": "min(log1p(access_count) / 10, 1)",
    "daily_recency": "max(0.1, exp(-0.1 x days since creation))",
    "strength": "importance x R(days since recall, stability)",
    "rating": "Elo expectation of rating (+ freshness) against the 1500 baseline",
})

CURVE_DECAY: Mapping[str, float] = MappingProxyType({"fsrs4.5": 0.5, "fsrs6": 0.1542})
"""Forgetting curves available to the ``strength`` component: name -> FSRS decay w."""


@dataclass(frozen=True)
class Policy:
    """A named scoring policy. Weights are data; ``formula`` picks how they combine."""

    name: str
    formula: Formula = Formula.ADDITIVE
    weights: Mapping[str, float] = field(default_factory=dict)
    description: str = ""
    half_life_days: float = 14.0
    access_rate_per_hour: float = 0.1
    time_decay: bool = False
    decay_base: float = 0.95
    decay_every_hours: float = 6.0
    decay_floor: float = 0.1
    importance_floor: float = 0.8
    importance_gain: float = 0.4
    curve: str = "fsrs4.5"
    rating_baseline: float = 1500.0
    rating_scale: float = 400.0
    rating_freshness: bool = True

    def __hash__(self) -> int:
        return hash((self.name, self.formula, tuple(sorted(self.weights.items()))))

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise InvalidInput("policy.name", "must be non-empty text")
        try:
            object.__setattr__(self, "formula", Formula(str(self.formula).lower()))
        except ValueError:
            allowed = ", ".join(f.value for f in Formula)
            raise InvalidInput("policy.formula", f"{self.formula!r} is not allowed; use one of: {allowed}") from None
        if not isinstance(self.weights, Mapping):
            raise InvalidInput("policy.weights", "must be a mapping of component name -> number")
        clean: dict[str, float] = {}
        for key, value in self.weights.items():
            if key not in COMPONENTS:
                raise InvalidInput(f"policy.weights.{key}",
                                   f"unknown component; use one of: {', '.join(COMPONENTS)}")
            clean[key] = _number(value, f"policy.weights.{key}")
        object.__setattr__(self, "weights", MappingProxyType(clean))
        for name in ("half_life_days", "decay_every_hours", "rating_scale"):
            if not _number(getattr(self, name), f"policy.{name}") > 0:
                raise InvalidInput(f"policy.{name}", f"{getattr(self, name)!r} must be > 0")
        for name in ("access_rate_per_hour", "decay_floor", "importance_floor", "importance_gain"):
            if not _number(getattr(self, name), f"policy.{name}") >= 0:
                raise InvalidInput(f"policy.{name}", f"{getattr(self, name)!r} must be >= 0")
        if not 0 < _number(self.decay_base, "policy.decay_base") <= 1:
            raise InvalidInput("policy.decay_base", f"{self.decay_base!r} must be in (0, 1]")
        _number(self.rating_baseline, "policy.rating_baseline")
        if self.curve not in CURVE_DECAY:
            raise InvalidInput("policy.curve", f"{self.curve!r} is not allowed; use one of: {', '.join(CURVE_DECAY)}")
        if self.formula is not Formula.PRODUCT and not clean:
            raise InvalidInput("policy.weights", "is empty; name at least one component")

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> Policy:
        """A policy from plain data (JSON/TOML); unknown keys are refused by name."""
        if not isinstance(data, Mapping):
            raise InvalidInput("policy", "must be a mapping with at least name and weights")
        known = {f.name for f in fields(cls)}
        for key in data:
            if key not in known:
                raise InvalidInput(f"policy.{key}", f"unknown field; use: {', '.join(sorted(known))}")
        return cls(**dict(data))

    def with_weights(self, **weights: float) -> Policy:
        """A copy with some weights changed or added (validated)."""
        return replace(self, weights={**self.weights, **weights})

    def to_dict(self) -> dict[str, Any]:
        """Plain data, the inverse of :meth:`from_mapping`."""
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        out["formula"] = self.formula.value
        out["weights"] = dict(self.weights)
        return out


def _number(value: Any, field_name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise InvalidInput(field_name, f"{value!r} is not a number")
    number = float(value)
    if not math.isfinite(number):
        raise InvalidInput(field_name, f"{value!r} must be finite")
    return number


GOVERNANCE = Policy(
    "governance", Formula.ADDITIVE,
    {"semantic": 0.40, "importance": 0.20, "recency": 0.15, "confidence": 0.10, "usage": 0.10,
     "project_match": 0.15, "critical_bonus": 0.20, "outdated": -0.30, "privacy": -0.25, "superseded": -0.50},
    "MemoPilot governance (M2): relevance plus importance, recency, confidence and usage, with penalties.")
TIERED = Policy(
    "tiered", Formula.ADDITIVE,
    {"semantic": 0.4, "importance": 0.3, "access_recency": 0.2, "access_frequency": 0.1},
    "PersistentMemoryforAgents composite (P2); the tier GC uses it with semantic = 0.")
COGNITIVE = Policy(
    "cognitive", Formula.COGNITIVE, {"dense": 0.7, "keyword": 0.3},
    "HelloAgents working memory (H2): (0.7 vector + 0.3 keyword) x time_decay x (0.8 + 0.4 importance).",
    time_decay=True)
COGNITIVE_EPISODIC = Policy(
    "cognitive_episodic", Formula.COGNITIVE, {"dense": 0.8, "daily_recency": 0.2},
    "HelloAgents episodic memory: (0.8 vector + 0.2 recency) x (0.8 + 0.4 importance).")
COGNITIVE_SEMANTIC = Policy(
    "cognitive_semantic", Formula.COGNITIVE, {"dense": 0.7, "graph": 0.3},
    "HelloAgents semantic memory: (0.7 vector + 0.3 graph) x (0.8 + 0.4 importance).")
STRENGTH = Policy(
    "strength", Formula.PRODUCT, {},
    "Nous forgetting curve (N1): importance x R(t, S), FSRS R = (1 + F t / S) ** -w, w = 0.5.")
RATING = Policy(
    "rating", Formula.ADDITIVE, {"semantic": 0.6, "rating": 0.4},
    "Feedback-driven ranking (G1): query similarity plus the rating model's expectation as a term.")

PRESETS: Mapping[str, Policy] = MappingProxyType({p.name: p for p in (
    GOVERNANCE, TIERED, COGNITIVE, COGNITIVE_EPISODIC, COGNITIVE_SEMANTIC, STRENGTH, RATING)})
DEFAULT_POLICY = GOVERNANCE

_custom: dict[str, Policy] = {}
_custom_lock = threading.Lock()


def register_policy(policy: Policy | Mapping[str, Any]) -> Policy:
    """Make a custom policy resolvable by name. Built-in preset names cannot be redefined."""
    built = policy if isinstance(policy, Policy) else Policy.from_mapping(policy)
    if built.name in PRESETS:
        raise InvalidInput("policy.name", f"{built.name!r} is a built-in preset; choose another name")
    with _custom_lock:
        _custom[built.name] = built
    return built


def policy_names() -> list[str]:
    """Every resolvable policy name: presets first, then custom ones."""
    with _custom_lock:
        return [*PRESETS, *sorted(_custom)]


def resolve_policy(policy: Policy | Mapping[str, Any] | str | None = None) -> Policy:
    """A policy from a Policy, a mapping (custom, validated) or a name; None means governance."""
    if policy is None:
        return DEFAULT_POLICY
    if isinstance(policy, Policy):
        return policy
    if isinstance(policy, Mapping):
        return Policy.from_mapping(policy)
    name = str(policy).strip()
    if name.lower() in PRESETS:
        return PRESETS[name.lower()]
    with _custom_lock:
        if name in _custom:
            return _custom[name]
    raise InvalidInput("scoring_policy", f"{policy!r} is not a policy; use one of: {', '.join(policy_names())}")
