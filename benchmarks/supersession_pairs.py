"""Supersession precision on ``benchmarks/supersession_pairs.json``: each pair runs through the write
path (offline rules) in a fresh project, the old statement first. Reports how often a still-true
memory is superseded (false supersessions) and how many real replacements are caught. Writes
``benchmarks/results/supersession_pairs.{json,md}``.

    python benchmarks/supersession_pairs.py
"""

from __future__ import annotations

import json
import tempfile
from datetime import UTC, datetime
from pathlib import Path

import memcore
from memcore.clock import FakeClock

HERE = Path(__file__).parent


def main() -> None:
    data = json.loads((HERE / "supersession_pairs.json").read_text())
    clock = FakeClock(datetime(2026, 1, 5, 9, tzinfo=UTC))
    engine = memcore.open(str(Path(tempfile.mkdtemp()) / "pairs.db"), user="pairs", clock=clock)
    rows = []
    for kind in ("still_true", "replaces"):
        for i, pair in enumerate(data[kind]):
            scoped = engine.scoped(user="pairs", project=f"{kind}-{i}")
            scoped.extract(pair["old"])
            clock.advance(minutes=5)
            report = scoped.extract(pair["new"])
            rows.append({"kind": kind, **pair, "superseded": [s["reason"] for s in report.superseded]})
    wrong = [r for r in rows if r["kind"] == "still_true" and r["superseded"]]
    caught = [r for r in rows if r["kind"] == "replaces" and r["superseded"]]
    n_true, n_repl = len(data["still_true"]), len(data["replaces"])
    summary = {"still_true": n_true, "false_supersessions": len(wrong), "false_rate": round(len(wrong) / n_true, 4),
               "replaces": n_repl, "caught": len(caught), "caught_rate": round(len(caught) / n_repl, 4)}
    print(summary)
    out = HERE / "results"
    (out / "supersession_pairs.json").write_text(json.dumps({"summary": summary, "rows": rows}, indent=1) + "\n")
    lines = ["| pairs | false supersessions | replacements caught |", "|---:|---:|---:|",
             f"| {n_true} still true + {n_repl} replacing | {len(wrong)} ({summary['false_rate']:.1%}) | "
             f"{len(caught)} of {n_repl} ({summary['caught_rate']:.1%}) |", "", "False supersessions:", ""]
    lines += [f"- {r['old']} / {r['new']}: {r['superseded'][0]}" for r in wrong]
    (out / "supersession_pairs.md").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
