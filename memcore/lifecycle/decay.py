"""Decay (SPEC 8.2, N1): a forgetting curve turns stability and elapsed time into strength.

The canonical curve is the FSRS power law ``R(t, S) = (1 + F * t / S) ** -d`` with
``F = 0.9 ** (-1 / d) - 1``, so that ``R(S, S) = 0.9`` for every decay ``d``:

- ``FSRS45`` uses d = 0.5 (F = 19/81), the decay the spec fixes (w = 0.5); it is the default.
  It is the FSRS-6 curve with its decay parameter w20 set to 0.5, and is checked against the
  ``fsrs`` package configured that way.
- ``FSRS6`` uses d = 0.1542, the trained default decay (w20) of the ``fsrs`` package 6.x, and is
  checked against that package's defaults.
- ``SEED`` is the seed document's ``(1 + 19 t / S) ** -0.5``; it gives R(S) ~ 0.22, not 0.9.

Stability is in days. A new memory starts at 10 / 5 / 1 days for emotion intensity > 0.7 /
> 0.5 / otherwise; each recall multiplies it by 1.5, capped at 365 days.
strength = importance x R(days since last recall, stability).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime

import numpy as np
import numpy.typing as npt

from ..errors import InvalidInput
from ..model import EventKind, Memory
from .plan import Change, epoch

FloatArray = npt.NDArray[np.float64]

STABILITY_MIN = 0.001
_DAY = 86_400.0


@dataclass(frozen=True, slots=True)
class ForgettingCurve:
    """``R(t, S) = (1 + factor * t / S) ** -decay``, t and S in days."""

    name: str
    decay: float
    factor: float

    @classmethod
    def fsrs(cls, decay: float, name: str | None = None) -> ForgettingCurve:
        """The FSRS curve for a decay ``d``: factor chosen so that R(S) = 0.9."""
        if not decay > 0:
            raise InvalidInput("decay", f"{decay!r} must be > 0 (FSRS-6 default 0.1542)")
        return cls(name or f"fsrs(d={decay:g})", decay, 0.9 ** (-1.0 / decay) - 1.0)

    def retrievability(self, elapsed_days: float, stability: float) -> float:
        """Probability of recall after ``elapsed_days`` for ``stability`` days (negative t counts as 0)."""
        t = max(0.0, float(elapsed_days))
        s = max(STABILITY_MIN, float(stability))
        return float((1.0 + self.factor * t / s) ** -self.decay)

    def retrievability_array(self, elapsed_days: npt.ArrayLike, stability: npt.ArrayLike) -> FloatArray:
        """Vectorised :meth:`retrievability`."""
        t = np.maximum(np.asarray(elapsed_days, dtype=np.float64), 0.0)
        s = np.maximum(np.asarray(stability, dtype=np.float64), STABILITY_MIN)
        out = t * self.factor
        np.divide(out, s, out=out)
        out += 1.0
        np.power(out, -self.decay, out=out)
        return out


FSRS6_DEFAULT_DECAY = 0.1542
FSRS6 = ForgettingCurve.fsrs(FSRS6_DEFAULT_DECAY, "fsrs6")
FSRS45 = ForgettingCurve.fsrs(0.5, "fsrs4.5")
SEED = ForgettingCurve("seed", 0.5, 19.0)
CURVES: dict[str, ForgettingCurve] = {c.name: c for c in (FSRS6, FSRS45, SEED)}


@dataclass(frozen=True, slots=True)
class DecaySettings:
    """Stability rules and the curve used by the decay pass."""

    curve: str = field(default="fsrs4.5", metadata={"help": "forgetting curve: fsrs4.5 (w = 0.5), fsrs6 (w = 0.1542) or seed"})
    recall_multiplier: float = field(default=1.5, metadata={"help": "stability x this on each recall"})
    max_stability_days: float = field(default=365.0, metadata={"help": "stability cap in days"})
    min_change: float = field(default=1e-4, metadata={"help": "strength changes smaller than this are not written"})

    def __post_init__(self) -> None:
        if self.curve not in CURVES:
            raise InvalidInput("curve", f"{self.curve!r} is not a curve; use one of: {', '.join(CURVES)}")
        if not self.recall_multiplier >= 1.0:
            raise InvalidInput("recall_multiplier", f"{self.recall_multiplier!r} must be >= 1")
        if not self.max_stability_days > 0:
            raise InvalidInput("max_stability_days", f"{self.max_stability_days!r} must be > 0")

    @property
    def forgetting_curve(self) -> ForgettingCurve:
        """The curve named by ``curve``."""
        return CURVES[self.curve]


def initial_stability(emotion_intensity: float) -> float:
    """Stability in days for a new memory: 10 if intensity > 0.7, 5 if > 0.5, else 1."""
    if emotion_intensity > 0.7:
        return 10.0
    if emotion_intensity > 0.5:
        return 5.0
    return 1.0


def recall_stability(stability: float, settings: DecaySettings | None = None) -> float:
    """Stability after one recall: x1.5, capped at 365 days (by default)."""
    cfg = settings or DecaySettings()
    return min(cfg.max_stability_days, max(STABILITY_MIN, stability) * cfg.recall_multiplier)


def strength(importance: float, elapsed_days: float, stability: float,
             curve: ForgettingCurve = FSRS6) -> float:
    """importance x R(elapsed_days, stability)."""
    return importance * curve.retrievability(elapsed_days, stability)


def strength_array(importance: npt.ArrayLike, stability: npt.ArrayLike, elapsed_days: npt.ArrayLike,
                   curve: ForgettingCurve = FSRS6) -> FloatArray:
    """Vectorised strength: importance x R(elapsed_days, stability), elementwise."""
    r = curve.retrievability_array(elapsed_days, stability)
    r *= np.asarray(importance, dtype=np.float64)
    return r


def recall_anchor(memory: Memory) -> datetime | None:
    """When the memory was last recalled: latest of last_accessed_at / last_used_at, else created_at."""
    times = [t for t in (memory.last_accessed_at, memory.last_used_at) if t is not None]
    if times:
        return max(times, key=lambda t: epoch(t) or 0.0)
    return memory.created_at


@dataclass(frozen=True, slots=True)
class DecayPlan:
    """Recomputed strengths, column by column (one row per memory)."""

    now: datetime
    curve: ForgettingCurve
    ids: Sequence[str]
    elapsed_days: FloatArray
    stability: FloatArray
    retrievability: FloatArray
    strength_before: FloatArray
    strength_after: FloatArray
    min_change: float

    @property
    def changed(self) -> npt.NDArray[np.bool_]:
        """Rows whose strength moves by at least ``min_change``."""
        return np.abs(self.strength_after - self.strength_before) >= self.min_change

    def updates(self) -> Iterator[tuple[str, float]]:
        """(memory id, new strength) for every changed row: the bulk form for one UPDATE."""
        for i in np.flatnonzero(self.changed):
            yield self.ids[i], float(self.strength_after[i])

    def changes(self) -> Iterator[Change]:
        """The same updates as :class:`Change` items, each with its reason."""
        for i in np.flatnonzero(self.changed):
            yield Change(
                self.ids[i], EventKind.DECAYED,
                f"{self.curve.name}: R({self.elapsed_days[i]:.2f} d, S={self.stability[i]:.2f} d) = "
                f"{self.retrievability[i]:.3f}; strength {self.strength_before[i]:.3f} -> {self.strength_after[i]:.3f}",
                before={"strength": float(self.strength_before[i])},
                after={"strength": float(self.strength_after[i])},
            )

    @property
    def summary(self) -> str:
        """One line: how many strengths change and the mean strength."""
        n_changed = int(self.changed.sum())
        mean = float(self.strength_after.mean()) if len(self.ids) else 0.0
        return (f"decay ({self.curve.name}) over {len(self.ids)} memories: {n_changed} strengths change; "
                f"mean strength {mean:.3f}")


def plan_decay(memories: Sequence[Memory], now: datetime, settings: DecaySettings | None = None) -> DecayPlan:
    """Recompute every memory's strength at ``now`` (vectorised).

    Reads: id, importance, stability, strength, last_accessed_at, last_used_at, created_at.
    Elapsed time runs from the last recall (see :func:`recall_anchor`); a memory with no time
    at all counts as just recalled.
    """
    cfg = settings or DecaySettings()
    now_s = epoch(now)
    assert now_s is not None
    n = len(memories)
    anchors = np.fromiter(((epoch(recall_anchor(m)) or now_s) for m in memories), dtype=np.float64, count=n)
    importance = np.fromiter((m.importance for m in memories), dtype=np.float64, count=n)
    stability = np.fromiter((m.stability for m in memories), dtype=np.float64, count=n)
    before = np.fromiter((m.strength for m in memories), dtype=np.float64, count=n)
    elapsed = np.maximum((now_s - anchors) / _DAY, 0.0)
    curve = cfg.forgetting_curve
    r = curve.retrievability_array(elapsed, stability)
    return DecayPlan(now=now, curve=curve, ids=[m.id for m in memories], elapsed_days=elapsed,
                     stability=stability, retrievability=r, strength_before=before,
                     strength_after=r * importance, min_change=cfg.min_change)
