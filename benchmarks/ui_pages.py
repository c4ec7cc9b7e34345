"""How long each inspector page takes to run at 10,000 memories (target: interactive within 2 s).

    python benchmarks/ui_pages.py [--memories 10000] [--db /tmp/ui-bench.db] [--runs 3]

Seeds one namespace (``bench/ui``) with N memories (types, tags, entities, supersessions, pins,
forgotten ones) and their events, then runs every page with Streamlit's AppTest in this process:
the first run opens the engine (cold), later runs reuse the cached engine (warm, what a user
sees when moving between pages). Prints a table and writes nothing else.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

PAGES = ["1_memories", "2_timeline", "3_graph", "4_trace", "5_analytics", "6_blocks", "7_user_state",
         "8_evaluation", "9_settings"]
TYPES = ["preference", "project", "decision", "mistake", "constraint", "deadline", "task", "fact", "event", "note"]
WORDS = ("react svelte postgres redis cache deploy docker kubernetes fly heroku theme dark light tabs spaces "
         "python rust go typescript planner budget invoice meeting design review release beta launch test").split()


def seed(url: str, n: int) -> None:
    import memcore

    clock = memcore.FakeClock(datetime.now(UTC) - timedelta(days=180))
    engine = memcore.open(url, user="bench", project="ui", clock=clock)
    if engine.list(limit=1).total >= n:
        engine.close()
        return
    rnd = random.Random(7)
    batch = 500
    step = timedelta(days=180) / n
    ids: list[str] = []
    started = time.perf_counter()
    for start in range(0, n, batch):
        items = []
        for i in range(start, min(n, start + batch)):
            words = rnd.sample(WORDS, 6)
            items.append({"content": f"Memory {i}: " + " ".join(words) + f" (note {rnd.randrange(10**6)})",
                          "type": rnd.choice(TYPES), "importance": round(rnd.random(), 2),
                          "tags": rnd.sample(WORDS[:12], 2), "entities": [w.capitalize() for w in rnd.sample(WORDS, 1)]})
        ids += [m.id for m in engine.add_many(items)]
        clock.advance(seconds=step.total_seconds() * batch)
    for i in range(0, min(len(ids) - 1, 400), 2):
        engine.supersede(ids[i], ids[i + 1], reason="benchmark supersession")
    for mid in ids[1000:1100]:
        engine.pin(mid)
    for mid in ids[2000:2100]:
        engine.forget(mid)
    for k in range(5):
        engine.set_block(f"block-{k}", f"block {k} content", priority=k)
        engine.set_state(f"key{k}", f"value {k}")
    if hasattr(engine, "build_context"):
        for q in ("what database do we use", "deploy target", "theme preference"):
            engine.build_context(q, budget=1500)
    print(f"seeded {n:,} memories in {time.perf_counter() - started:.1f} s", file=sys.stderr)
    engine.close()


def time_page(page: str, runs: int, **state: object) -> tuple[float, list[float], str]:
    from streamlit.testing.v1 import AppTest

    times = []
    problem = ""
    for _ in range(runs):
        at = AppTest.from_file(str(ROOT / "pages" / f"{page}.py"), default_timeout=120)
        at.session_state["namespace"] = "bench / ui"
        for key, value in state.items():
            at.session_state[key] = value
        t0 = time.perf_counter()
        at.run()
        times.append(time.perf_counter() - t0)
        if at.exception:
            problem = at.exception[0].value.splitlines()[0][:80]
    return times[0], times[1:], problem


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--memories", type=int, default=10_000)
    parser.add_argument("--db", default="/tmp/memcore-ui-bench.db")
    parser.add_argument("--runs", type=int, default=3, help="runs per page (the first is cold)")
    args = parser.parse_args()
    url = f"sqlite:///{Path(args.db).resolve()}"
    seed(url, args.memories)
    os.environ["MEMCORE_DB"] = url
    import streamlit as st

    st.cache_resource.clear()
    print(f"{'page':<16}{'first run':>11}{'warm (median)':>15}  verdict")
    import memcore

    engine = memcore.open(url, user="bench", project="ui")
    runs = [(page, page, {}) for page in PAGES]
    if hasattr(engine, "traces") and engine.traces(limit=1):
        runs.insert(4, ("4_trace (open)", "4_trace", {"trace_id": engine.traces(limit=1)[0]["id"]}))
    engine.close()
    for label, page, state in runs:
        first, warm, problem = time_page(page, max(2, args.runs), **state)
        median = statistics.median(warm)
        verdict = problem or ("ok" if median <= 2.0 else "SLOW")
        print(f"{label:<16}{first:>10.2f}s{median:>14.2f}s  {verdict}")


if __name__ == "__main__":
    main()
