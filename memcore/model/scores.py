"""Score breakdowns: every score memcore computes says how it was made."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class ScorePart:
    """One component of a score: raw value x weight = contribution."""

    name: str
    raw: float
    weight: float

    @property
    def contribution(self) -> float:
        return self.raw * self.weight

    def to_dict(self) -> dict[str, Any]:
        raw, weight = self.raw, self.weight
        return {"name": self.name, "raw": raw, "weight": weight, "contribution": raw * weight}


@dataclass(frozen=True, slots=True)
class Score:
    """A final score with the policy that made it and its parts.

    For additive policies ``total == sum(p.contribution)``; multiplicative policies
    (cognitive, strength) say so in ``formula`` and list their factors as parts.
    """

    total: float
    policy: str
    parts: tuple[ScorePart, ...] = field(default_factory=tuple)
    formula: str = "sum"

    def part(self, name: str) -> ScorePart | None:
        return next((p for p in self.parts if p.name == name), None)

    def to_dict(self) -> dict[str, Any]:
        return {"total": self.total, "policy": self.policy, "formula": self.formula,
                "parts": [p.to_dict() for p in self.parts]}
