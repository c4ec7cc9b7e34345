"""The rating simulation (SPEC 8.5, G4): does the ranking find the memories that really help?

Every memory has a hidden usefulness p (the chance one showing helps). ``rounds`` times, new
memories arrive (none before the first round), then ``read_only_rounds`` list cycles run:
list the top n (+ m random others), draw feedback useful ~ Bernoulli(p) for each shown item,
calibrate, age everything. Two rankers see the same memories: *explore* (top n + m random)
and *pure* (top n only). After each round precision@n compares each ranking's top n with the
true top n by p. Some late arrivals are very useful; pure top-n only ever shows what is
already on top, so it tends never to find them. Reproducible from ``seed``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ..errors import InvalidInput
from .rating import DEFAULT, RatingSettings, expected, k_factor, precision_at, should_remove


@dataclass(frozen=True, slots=True)
class RoundResult:
    """Both rankers after one round. ``late_good`` counts late arrivals in the true top n;
    ``*_found`` how many of those each ranker has in its own top n."""

    round: int
    memories: int
    precision_explore: float
    precision_pure: float
    late_good: int
    explore_found: int
    pure_found: int


@dataclass(frozen=True, slots=True)
class SimulationReport:
    """Per-round results plus the parameters that make the run reproducible."""

    params: dict[str, Any]
    rounds: list[RoundResult]
    late_shown_explore: int
    late_shown_pure: int
    late_total: int

    def final(self, last: int = 5) -> tuple[float, float]:
        """Mean precision@n (explore, pure) over the last ``last`` rounds."""
        tail = self.rounds[-last:]
        if not tail:
            return 0.0, 0.0
        return (float(np.mean([r.precision_explore for r in tail])),
                float(np.mean([r.precision_pure for r in tail])))

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready report."""
        explore, pure = self.final()
        return {"params": dict(self.params), "rounds": [asdict(r) for r in self.rounds],
                "final_precision_explore": explore, "final_precision_pure": pure,
                "late_shown_explore": self.late_shown_explore, "late_shown_pure": self.late_shown_pure,
                "late_total": self.late_total}

    def to_markdown(self) -> str:
        """The report as markdown: parameters, final precision, one table row per round."""
        p = self.params
        explore, pure = self.final()
        out = [
            "# Rating simulation", "",
            f"seed {p['seed']}, {p['n_memories']} initial memories + {p['late_per_round']} per round, "
            f"{p['rounds']} rounds x {p['read_only_rounds']} list cycles, top {p['top_n']} + {p['random_m']} random.",
            "",
            f"Final precision@{p['top_n']} (mean of last 5 rounds): explore {explore:.2f}, pure top-n {pure:.2f}. "
            f"Late arrivals ever shown: explore {self.late_shown_explore}/{self.late_total}, "
            f"pure {self.late_shown_pure}/{self.late_total}.",
            "",
            "| round | memories | P@n explore | P@n pure | late in true top n | found by explore | found by pure |",
            "|---:|---:|---:|---:|---:|---:|---:|",
        ]
        out += [f"| {r.round} | {r.memories} | {r.precision_explore:.2f} | {r.precision_pure:.2f} | {r.late_good} | "
                f"{r.explore_found} | {r.pure_found} |" for r in self.rounds]
        return "\n".join(out) + "\n"


class _Ranker:
    def __init__(self, random_m: int, rng: np.random.Generator, cfg: RatingSettings) -> None:
        self.random_m = random_m
        self.rng = rng
        self.cfg = cfg
        self.rating = np.empty(0)
        self.feedback = np.empty(0)
        self.age = np.empty(0)
        self.alive = np.empty(0, dtype=np.bool_)
        self.shown = np.empty(0, dtype=np.bool_)

    def add(self, count: int) -> None:
        self.rating = np.append(self.rating, np.full(count, self.cfg.initial_rating))
        self.feedback = np.append(self.feedback, np.zeros(count))
        self.age = np.append(self.age, np.zeros(count))
        self.alive = np.append(self.alive, np.ones(count, dtype=np.bool_))
        self.shown = np.append(self.shown, np.zeros(count, dtype=np.bool_))

    def cycle(self, top_n: int, usefulness: npt.NDArray[np.float64]) -> None:
        live = np.flatnonzero(self.alive)
        order = live[np.argsort(-self.rating[live], kind="stable")]
        top, rest = order[:top_n], np.sort(order[top_n:])
        picks = (self.rng.choice(rest, size=min(self.random_m, len(rest)), replace=False)
                 if self.random_m and len(rest) else np.empty(0, dtype=np.intp))
        shown = np.concatenate([top, picks]).astype(np.intp)
        randomly = np.concatenate([np.zeros(len(top)), np.ones(len(picks))])
        self.age += 1
        useful = (self.rng.random(len(shown)) < usefulness[shown]).astype(np.float64)
        exp = expected(self.rating[shown], self.age[shown], self.cfg)
        k = k_factor(self.feedback[shown], self.age[shown], randomly, self.cfg)
        self.rating[shown] += k * (useful - exp)
        self.feedback[shown] += 1
        self.shown[top] = True
        if self.cfg.floor is not None:
            for i in live:
                if should_remove(float(self.rating[i]), float(self.age[i]), self.cfg):
                    self.alive[i] = False

    def top(self, n: int) -> set[int]:
        live = np.flatnonzero(self.alive)
        return set(live[np.argsort(-self.rating[live], kind="stable")][:n].tolist())


def simulate(rounds: int = 20, read_only_rounds: int = 50, n_memories: int = 40, seed: int = 0, *,
             top_n: int = 5, random_m: int = 3, late_per_round: int = 2, late_good_share: float = 0.3,
             settings: RatingSettings | None = None) -> SimulationReport:
    """Run both rankers over the same memories and report precision@top_n per round.

    Usefulness: initial memories ~ Beta(2, 4); a late arrival is "good" (p ~ U(0.85, 0.98))
    with probability ``late_good_share``, else ~ Beta(2, 4). ``late_shown_*`` count late
    arrivals each ranker ever put in its top n.
    """
    for name, value in (("rounds", rounds), ("read_only_rounds", read_only_rounds), ("n_memories", n_memories),
                        ("top_n", top_n)):
        if value < 1:
            raise InvalidInput(name, f"{value!r} must be >= 1")
    if random_m < 0 or late_per_round < 0:
        raise InvalidInput("random_m" if random_m < 0 else "late_per_round", "must be >= 0")
    cfg = settings or DEFAULT
    world, explore_seed, pure_seed = np.random.SeedSequence(seed).spawn(3)
    world_rng = np.random.default_rng(world)
    usefulness = world_rng.beta(2.0, 4.0, size=n_memories)
    explore = _Ranker(random_m, np.random.default_rng(explore_seed), cfg)
    pure = _Ranker(0, np.random.default_rng(pure_seed), cfg)
    explore.add(n_memories)
    pure.add(n_memories)
    results: list[RoundResult] = []
    for r in range(1, rounds + 1):
        if r > 1 and late_per_round:
            good = world_rng.random(late_per_round) < late_good_share
            late = np.where(good, world_rng.uniform(0.85, 0.98, late_per_round),
                            world_rng.beta(2.0, 4.0, late_per_round))
            usefulness = np.append(usefulness, late)
            explore.add(late_per_round)
            pure.add(late_per_round)
        for _ in range(read_only_rounds):
            explore.cycle(top_n, usefulness)
            pure.cycle(top_n, usefulness)
        results.append(_round_result(r, usefulness, n_memories, top_n, explore, pure))
    total_late = len(usefulness) - n_memories
    params = {"rounds": rounds, "read_only_rounds": read_only_rounds, "n_memories": n_memories, "seed": seed,
              "top_n": top_n, "random_m": random_m, "late_per_round": late_per_round,
              "late_good_share": late_good_share}
    return SimulationReport(params, results, int(explore.shown[n_memories:].sum()),
                            int(pure.shown[n_memories:].sum()), total_late)


def _round_result(r: int, usefulness: npt.NDArray[np.float64], n_initial: int, top_n: int,
                  explore: _Ranker, pure: _Ranker) -> RoundResult:
    alive = explore.alive & pure.alive
    idx = np.flatnonzero(alive)
    truth = set(idx[np.argsort(-usefulness[idx], kind="stable")][:top_n].tolist())
    late_good = {i for i in truth if i >= n_initial}
    return RoundResult(
        round=r, memories=int(alive.sum()),
        precision_explore=precision_at(_masked(explore), _masked_truth(usefulness, explore), top_n),
        precision_pure=precision_at(_masked(pure), _masked_truth(usefulness, pure), top_n),
        late_good=len(late_good), explore_found=len(late_good & explore.top(top_n)),
        pure_found=len(late_good & pure.top(top_n)),
    )


def _masked(ranker: _Ranker) -> npt.NDArray[np.float64]:
    return np.where(ranker.alive, ranker.rating, -np.inf)


def _masked_truth(usefulness: npt.NDArray[np.float64], ranker: _Ranker) -> npt.NDArray[np.float64]:
    return np.where(ranker.alive, usefulness, -np.inf)
