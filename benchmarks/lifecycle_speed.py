"""Lifecycle speed: decay over 1M rows, GC and sweep plans over 100k memories, reflection over 10k.

    python benchmarks/lifecycle_speed.py [--repeat 3] [--json out.json]

Each figure is the best of ``--repeat`` runs (wall clock, one process). Memories are built
before timing starts; plan timings include reading the fields off the Memory objects.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import numpy as np

from memcore.bench import textgen
from memcore.lifecycle import (
    plan_decay,
    plan_gc,
    plan_reflection,
    plan_sweep,
    plan_working_memory,
    simulate,
    strength_array,
)
from memcore.lifecycle.columns import MemoryColumns
from memcore.model import Memory, MemoryState, MemoryType, Tier

NOW = datetime(2026, 3, 1, tzinfo=UTC)
def best_of(repeat: int, fn: Callable[[], Any]) -> tuple[float, Any]:
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return min(times), result


def synthetic_memories(n: int, seed: int) -> list[Memory]:
    rng = random.Random(seed)
    tiers, states = list(Tier), [MemoryState.ACTIVE] * 8 + [MemoryState.PINNED, MemoryState.ARCHIVED]
    out = []
    for i in range(n):
        created = NOW - timedelta(hours=rng.uniform(0, 24 * 120))
        accessed = created + timedelta(hours=rng.uniform(0, (NOW - created).total_seconds() / 3600))
        out.append(Memory(
            id=f"m{i}", user_id="u", project_id="p", content="x", tier=rng.choice(tiers), state=rng.choice(states),
            importance=rng.random(), access_count=rng.randint(0, 30), usage_count=rng.randint(0, 3),
            token_count=rng.randint(5, 120), stability=rng.uniform(1, 60), is_critical=rng.random() < 0.02,
            created_at=created, last_accessed_at=accessed if rng.random() < 0.7 else None,
            type=MemoryType.TEMPORARY if rng.random() < 0.05 else MemoryType.NOTE,
            expires_at=created + timedelta(days=1) if rng.random() < 0.05 else None))
    return out


def reflection_memories(n: int, seed: int, dup_rate: float = 0.1) -> list[Memory]:
    rng = random.Random(seed)
    texts = textgen.texts(n, seed=seed, dup_rate=dup_rate, vocab_size=4000)
    kinds = [MemoryType.DECISION, MemoryType.PREFERENCE, MemoryType.TASK, MemoryType.FACT]
    return [Memory(id=f"r{i}", user_id="u", project_id="p", content=t, type=rng.choice(kinds),
                   importance=round(rng.random(), 2), usage_count=rng.choice((0, 0, 1, 2, 3)),
                   created_at=NOW - timedelta(days=rng.randint(1, 90))) for i, t in enumerate(texts)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", help="also write the results here")
    args = parser.parse_args()
    rows: list[tuple[str, float, str]] = []

    rng = np.random.default_rng(0)
    n = 1_000_000
    imp, stab, days = rng.random(n), rng.uniform(1, 365, n), rng.uniform(0, 400, n)
    t, _ = best_of(args.repeat, lambda: strength_array(imp, stab, days))
    rows.append(("decay: strength_array, 1M rows (numpy)", t, ""))

    memories = synthetic_memories(100_000, 1)
    t, plan = best_of(args.repeat, lambda: plan_decay(memories, NOW))
    rows.append(("decay: plan_decay, 100k Memory objects", t, f"{int(plan.changed.sum())} changed"))
    t, gc = best_of(args.repeat, lambda: plan_gc(memories, None, NOW))
    rows.append(("gc: plan_gc, 100k Memory objects", t, gc.summary.split(": ", 1)[1]))
    cols = MemoryColumns.from_memories(memories)
    t, _ = best_of(args.repeat, lambda: MemoryColumns.from_memories(memories))
    rows.append(("gc: of which reading 100k Memory fields", t, ""))
    t, _ = best_of(args.repeat, lambda: plan_gc(cols, None, NOW))
    rows.append(("gc: plan_gc from columns (e.g. straight from SQL)", t, ""))
    t, _ = best_of(args.repeat, lambda: sum(1 for lst in (gc.promote, gc.demote, gc.archive, gc.delete)
                                            for _ in lst))
    rows.append(("gc: materialise every non-keep entry", t,
                 f"{len(gc.promote) + len(gc.demote) + len(gc.archive) + len(gc.delete)} entries"))
    t, sweep = best_of(args.repeat, lambda: plan_sweep(memories, NOW))
    rows.append(("sweep: plan_sweep, 100k", t, sweep.summary.split(": ", 1)[1]))
    t, wm = best_of(args.repeat, lambda: plan_working_memory(memories, NOW))
    rows.append(("working memory: plan, 100k (one session)", t, f"{len(wm.evictions)} evictions"))

    notes = reflection_memories(10_000, 2)
    t, refl = best_of(args.repeat, lambda: plan_reflection(notes, NOW))
    counts = ", ".join(f"{v} {k}" for k, v in refl.report().counts.items() if v)
    rows.append(("reflect: plan_reflection, 10k memories", t, counts))

    t, sim = best_of(1, lambda: simulate())
    explore, pure = sim.final()
    finals = [simulate(seed=s).final() for s in range(10)]
    rows.append(("rating: simulate() default", t,
                 f"P@5 explore {explore:.2f} vs pure {pure:.2f}; seeds 0-9 mean explore "
                 f"{statistics.mean(f[0] for f in finals):.2f} vs pure {statistics.mean(f[1] for f in finals):.2f}"))

    print("| benchmark | seconds | notes |\n|---|---:|---|")
    for name, seconds, note in rows:
        print(f"| {name} | {seconds:.3f} | {note} |")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump([{"benchmark": a, "seconds": b, "notes": c} for a, b, c in rows], fh, indent=2)


if __name__ == "__main__":
    main()
