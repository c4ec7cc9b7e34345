"""Lifecycle passes through the engine on real databases (plans + SQL + applying), against the
issue targets: decay over 1M memories, GC preview over 100k, reflection over 10k.

    python benchmarks/lifecycle_engine.py --decay-db BENCH_1M.db --gc-db BENCH_100K.db [--json out.json]

The databases are the ones ``memcore bench --dir DIR`` leaves behind (user "focus", project
"bench"); reflection runs on a fresh 10k namespace of synthetic memories.
"""

from __future__ import annotations

import argparse
import json
import shutil
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import memcore
from memcore.bench.synthetic import memories
from memcore.clock import FakeClock
from memcore.ops.inputs import MemoryInput


def timed(fn):  # noqa: ANN001, ANN201
    started = time.perf_counter()
    result = fn()
    return round(time.perf_counter() - started, 3), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--decay-db", required=True)
    parser.add_argument("--gc-db", required=True)
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    out: dict = {}

    engine = memcore.open(args.decay_db, user="focus", project="bench")
    engine.runtime.clock = FakeClock(datetime.now(UTC) + timedelta(days=2))
    seconds, report = timed(lambda: engine.decay(all_namespaces=True))
    out["decay"] = {"memories": report.memories, "updated": report.updated, "seconds": seconds}
    engine.close()

    engine = memcore.open(args.gc_db, user="focus", project="bench")
    seconds, plan = timed(engine.gc_preview)
    listed = sum(len(entries) for entries in (plan.promote, plan.demote, plan.archive, plan.delete, plan.keep))
    out["gc_preview"] = {"memories": listed, "seconds": seconds, "summary": plan.summary}
    engine.close()

    folder = Path(tempfile.mkdtemp(prefix="memcore-reflect-"))
    engine = memcore.open(str(folder / "reflect.db"), user="u", project="p")
    engine.add_many([MemoryInput(content=text, type=mtype, importance=imp)
                     for _, mtype, text, imp in memories(10_000, users=1)])
    seconds, outcome = timed(engine.reflect)
    again, second = timed(engine.reflect)
    out["reflect"] = {"memories": 10_000, "seconds": seconds, "counts": outcome.report.counts,
                      "second_run_seconds": again, "second_run_counts": second.report.counts}
    engine.close()
    shutil.rmtree(folder, ignore_errors=True)

    print(json.dumps(out, indent=2))
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
