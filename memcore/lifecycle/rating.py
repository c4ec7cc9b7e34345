"""Feedback-driven rating (SPEC 8.5, G1): an Elo-style rating with freshness and exploration.

    freshness(age) = 400 x 0.5 ** (age / 4)                         age in list cycles
    expected       = 1 / (1 + 10 ** ((1500 - (rating + freshness)) / 400))
    k              = max(8, 64 / sqrt(1 + feedback_count)) x (1 + 0.5 x staleness)
                     x (1 + exploration_bonus / 400)
    rating        += k x (useful - expected)                        useful in [0, 1]

- ``staleness = 1 - 0.5 ** (age / 4)`` in [0, 1): the share of the freshness boost an item has
  lost. An item rated long after it was last fresh moves faster, because the feedback is news.
- ``exploration_bonus = 200 / (1 + feedback_count)`` when the item was shown through a random
  slot of :func:`list_best`, else 0; so in [0, 200] and k grows by at most half. It rewards
  items that are rarely rated *and* were recalled at random, so one good showing lifts a
  never-tried memory far enough to compete with established ones.

New items start at 1200 against the 1500 baseline. :func:`list_best` ranks by rating only and
ages every item one cycle; the freshness boost only shapes the expectation.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np
import numpy.typing as npt

from ..errors import InvalidInput
from ..model import EventKind, Memory
from .plan import Change

ArrayOrFloat = Any


@dataclass(frozen=True, slots=True)
class RatingSettings:
    """Constants of the rating model (defaults from the seed's StandardRanking)."""

    initial_rating: float = field(default=1200.0, metadata={"help": "rating of a new memory"})
    baseline_rating: float = field(default=1500.0, metadata={"help": "rating at which expected = 0.5 (no freshness)"})
    k_initial: float = field(default=64.0, metadata={"help": "k before any feedback"})
    k_min: float = field(default=8.0, metadata={"help": "k never falls below this"})
    staleness_lambda: float = field(default=0.5, metadata={"help": "k x (1 + this x staleness)"})
    recency_boost: float = field(default=400.0, metadata={"help": "freshness of a brand-new item"})
    half_life_age: float = field(default=4.0, metadata={"help": "cycles for freshness to halve"})
    exploration_scale: float = field(default=200.0, metadata={"help": "exploration bonus of an unrated random pick"})
    floor: float | None = field(default=None, metadata={"help": "remove below this rating once freshness < 1 (None: never)"})

    def __post_init__(self) -> None:
        if not self.half_life_age > 0:
            raise InvalidInput("half_life_age", f"{self.half_life_age!r} must be > 0")
        if not 0 < self.k_min <= self.k_initial:
            raise InvalidInput("k_min", f"{self.k_min!r} must be in (0, k_initial]")
        if self.exploration_scale < 0:
            raise InvalidInput("exploration_scale", f"{self.exploration_scale!r} must be >= 0")


DEFAULT = RatingSettings()


def freshness(age: ArrayOrFloat, cfg: RatingSettings = DEFAULT) -> ArrayOrFloat:
    """400 x 0.5 ** (age / 4): the bonus a young item gets in the expectation."""
    return cfg.recency_boost * np.power(0.5, np.divide(age, cfg.half_life_age))


def staleness(age: ArrayOrFloat, cfg: RatingSettings = DEFAULT) -> ArrayOrFloat:
    """1 - 0.5 ** (age / 4): how much of its freshness an item has lost, in [0, 1)."""
    return 1.0 - freshness(age, cfg) / cfg.recency_boost


def expected(rating: ArrayOrFloat, age: ArrayOrFloat, cfg: RatingSettings = DEFAULT) -> ArrayOrFloat:
    """Predicted chance the item is useful: logistic in (baseline - (rating + freshness))."""
    return 1.0 / (1.0 + 10.0 ** ((cfg.baseline_rating - (rating + freshness(age, cfg))) / 400.0))


def exploration_bonus(feedback_count: ArrayOrFloat, randomly_recalled: ArrayOrFloat,
                      cfg: RatingSettings = DEFAULT) -> ArrayOrFloat:
    """200 / (1 + feedback_count) for an item shown through a random slot, else 0."""
    return cfg.exploration_scale / (1.0 + feedback_count) * randomly_recalled


def k_factor(feedback_count: ArrayOrFloat, age: ArrayOrFloat, randomly_recalled: ArrayOrFloat,
             cfg: RatingSettings = DEFAULT) -> ArrayOrFloat:
    """max(8, 64 / sqrt(1 + n)) x (1 + 0.5 staleness) x (1 + exploration_bonus / 400)."""
    base = np.maximum(cfg.k_min, cfg.k_initial / np.sqrt(1.0 + feedback_count))
    return (base * (1.0 + cfg.staleness_lambda * staleness(age, cfg))
            * (1.0 + exploration_bonus(feedback_count, randomly_recalled, cfg) / 400.0))


def should_remove(rating: float, age: float, cfg: RatingSettings = DEFAULT) -> bool:
    """The seed's optional removal: rating below the floor and freshness under 1."""
    return cfg.floor is not None and rating < cfg.floor and freshness(age, cfg) < 1.0


@dataclass(frozen=True, slots=True)
class RatedItem:
    """The rating fields of one memory."""

    id: str
    rating: float = 1200.0
    feedback_count: int = 0
    age_cycles: int = 0

    @classmethod
    def from_memory(cls, memory: Memory) -> RatedItem:
        """Reads id, rating, feedback_count, age_cycles."""
        return cls(memory.id, memory.rating, memory.feedback_count, memory.age_cycles)


@dataclass(frozen=True, slots=True)
class RatingUpdate:
    """One calibration with every term that went into it."""

    item: RatedItem
    after: RatedItem
    useful: float
    expected: float
    k: float
    staleness: float
    exploration_bonus: float
    randomly_recalled: bool

    @property
    def reason(self) -> str:
        """The update with the numbers that made it."""
        how = "random slot" if self.randomly_recalled else "top list"
        return (f"feedback {self.useful:g} via {how}: expected {self.expected:.3f}, k {self.k:.1f} "
                f"(staleness {self.staleness:.2f}, exploration {self.exploration_bonus:.0f}); rating "
                f"{self.item.rating:.1f} -> {self.after.rating:.1f}")

    def change(self) -> Change:
        """The rating update as a change to apply."""
        return Change(self.item.id, EventKind.RATED, self.reason,
                      before={"rating": self.item.rating, "feedback_count": self.item.feedback_count},
                      after={"rating": self.after.rating, "feedback_count": self.after.feedback_count})


def calibrate(item: RatedItem, useful: bool | float, *, randomly_recalled: bool = False,
              cfg: RatingSettings = DEFAULT) -> RatingUpdate:
    """Apply one piece of feedback: rating += k (useful - expected), feedback_count + 1."""
    u = float(useful)
    if not 0.0 <= u <= 1.0:
        raise InvalidInput("useful", f"{useful!r} must be true/false or a number in [0, 1]")
    exp = float(expected(item.rating, item.age_cycles, cfg))
    k = float(k_factor(item.feedback_count, item.age_cycles, float(randomly_recalled), cfg))
    after = replace(item, rating=item.rating + k * (u - exp), feedback_count=item.feedback_count + 1)
    return RatingUpdate(item, after, u, exp, k, float(staleness(item.age_cycles, cfg)),
                        float(exploration_bonus(item.feedback_count, float(randomly_recalled), cfg)),
                        randomly_recalled)


@dataclass(frozen=True, slots=True)
class BestList:
    """The result of one list cycle: what to show, and every item one cycle older."""

    top: list[RatedItem]
    random: list[RatedItem]
    aged: list[RatedItem]
    removable: list[str]

    @property
    def shown(self) -> list[RatedItem]:
        """Top items then random ones: what goes to the caller."""
        return self.top + self.random


def list_best(items: Sequence[RatedItem], top_n: int, random_m: int, rng: random.Random,
              cfg: RatingSettings = DEFAULT) -> BestList:
    """Top ``top_n`` by rating (ties keep input order) plus ``random_m`` others drawn with ``rng``.

    As in the seed, listing is a cycle: every item ages by one (``aged``, in input order) and
    ``top``/``random`` are those aged records, which later feedback is calibrated against.
    ``removable`` lists ids past the optional floor rule. Applying a list to the store means
    age_cycles + 1 for every memory in the namespace; ratings change only through feedback.
    """
    if top_n < 0 or random_m < 0:
        raise InvalidInput("top_n" if top_n < 0 else "random_m", "must be >= 0")
    aged = [replace(it, age_cycles=it.age_cycles + 1) for it in items]
    order = sorted(range(len(aged)), key=lambda i: -aged[i].rating)
    top = [aged[i] for i in order[:top_n]]
    rest = [aged[i] for i in sorted(order[top_n:])]
    picked = rng.sample(rest, min(random_m, len(rest)))
    removable = [it.id for it in aged if should_remove(it.rating, it.age_cycles, cfg)]
    return BestList(top, picked, aged, removable)


def precision_at(ranking: npt.NDArray[np.float64], truth: npt.NDArray[np.float64], n: int) -> float:
    """|top n by ``ranking`` & top n by ``truth``| / n (ties keep index order)."""
    if n <= 0 or len(truth) == 0:
        return 0.0
    k = min(n, len(truth))
    mine = set(np.argsort(-ranking, kind="stable")[:k].tolist())
    best = set(np.argsort(-truth, kind="stable")[:k].tolist())
    return len(mine & best) / k


def logit_rating(p: float, cfg: RatingSettings = DEFAULT) -> float:
    """The rating at which ``expected`` equals ``p`` for a fully aged item (for reading reports)."""
    p = min(max(p, 1e-9), 1 - 1e-9)
    return cfg.baseline_rating + 400.0 * math.log10(p / (1.0 - p))
