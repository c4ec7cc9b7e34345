"""The ``tiered`` score (SPEC 4, P2) over whole columns at once, for GC over many memories.

    score = 0.4 semantic + 0.3 importance + 0.2 exp(-0.1 x hours since access)
            + 0.1 min(log1p(access_count) / 10, 1)

Without a query ``semantic`` is 0, so a GC score is at most 0.6. Score objects are built only
for the rows someone looks at (:meth:`TieredScores.score`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from ..errors import InvalidInput
from ..model import Score, ScorePart

FloatArray = npt.NDArray[np.float64]

POLICY = "tiered"


@dataclass(frozen=True, slots=True)
class TieredWeights:
    """Weights and recency rate of the ``tiered`` policy."""

    semantic: float = field(default=0.4, metadata={"help": "weight of query similarity (0 without a query)"})
    importance: float = field(default=0.3, metadata={"help": "weight of importance"})
    recency: float = field(default=0.2, metadata={"help": "weight of exp(-rate x hours since access)"})
    access_frequency: float = field(default=0.1, metadata={"help": "weight of min(log1p(access_count)/10, 1)"})
    recency_rate: float = field(default=0.1, metadata={"help": "per-hour rate of the recency exponential"})

    def __post_init__(self) -> None:
        for name in ("semantic", "importance", "recency", "access_frequency", "recency_rate"):
            value = getattr(self, name)
            if not value >= 0:
                raise InvalidInput(name, f"{value!r} must be a number >= 0")


@dataclass(frozen=True, slots=True)
class TieredScores:
    """Per-row raw parts and totals of the tiered score."""

    weights: TieredWeights
    semantic: FloatArray
    importance: FloatArray
    recency: FloatArray
    access_frequency: FloatArray
    total: FloatArray

    def __len__(self) -> int:
        return int(self.total.shape[0])

    def score(self, i: int) -> Score:
        """The Score object (with its four parts) of row ``i``."""
        w = self.weights
        parts = (
            ScorePart("semantic", float(self.semantic[i]), w.semantic),
            ScorePart("importance", float(self.importance[i]), w.importance),
            ScorePart("access_recency", float(self.recency[i]), w.recency),
            ScorePart("access_frequency", float(self.access_frequency[i]), w.access_frequency),
        )
        return Score(total=float(self.total[i]), policy=POLICY, parts=parts)


def tiered_scores(importance: npt.ArrayLike, hours_since_access: npt.ArrayLike, access_count: npt.ArrayLike,
                  semantic: npt.ArrayLike | None = None, weights: TieredWeights | None = None) -> TieredScores:
    """Tiered scores for aligned columns; ``semantic`` defaults to zeros (no query)."""
    w = weights or TieredWeights()
    imp = np.asarray(importance, dtype=np.float64)
    hours = np.maximum(np.asarray(hours_since_access, dtype=np.float64), 0.0)
    count = np.maximum(np.asarray(access_count, dtype=np.float64), 0.0)
    sem = np.zeros_like(imp) if semantic is None else np.asarray(semantic, dtype=np.float64)
    recency = np.exp(-w.recency_rate * hours)
    frequency = np.minimum(np.log1p(count) / 10.0, 1.0)
    total = w.semantic * sem + w.importance * imp + w.recency * recency + w.access_frequency * frequency
    return TieredScores(w, sem, imp, recency, frequency, total)
