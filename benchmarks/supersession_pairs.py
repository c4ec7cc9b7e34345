"""Supersession precision on the pair sets in ``benchmarks/supersession/``: each pair runs through
the write path (offline rules) in a fresh project, the old statement first. Reports, per set, how
often a still-true memory is superseded (false supersessions) and how many real replacements are
caught. Writes ``benchmarks/results/supersession_pairs.{json,md}``.

- ``pairs-1.json``: written by someone who had read the contradiction rules, aimed at their weak
  points; the rules were then revised against it.
- ``pairs-2.json``: written afterwards without seeing the rules or the code; at first sight 7 of 110
  false supersessions and 14 of 40 replacements caught, then used to revise the rules.
- ``pairs-3.json``: written after that, also blind; at first sight 6 of 100 false supersessions and
  34 of 60 replacements caught.
- ``pairs-4.json`` to ``pairs-14.json``: written blind one after another (the later ones told to avoid
  the topics of the earlier ones), each scored before its failures were read; 4 to 8 and 11 to 13 were
  then used to revise the rules, 9, 10 and 14 were not. At first sight: 16, 7, 11, 4, 8, 1, 6, 1, 2, 2 and
  1 of 100 false supersessions; 26, 31, 20, 24, 29, 22, 24, 20, 23, 24 and 17 of 60 replacements caught.
- ``pairs-15.json`` to ``pairs-20.json``: written blind the same way, each told to make at least 40 of its
  still-true pairs announce a switch or a new person for another thing or another person; 15 to 19 were
  then used to revise the rules, 20 was not. At first sight: 11, 7, 3, 5, 2 and 6 of 100 false
  supersessions; 30, 30, 27, 31, 26 and 29 of 60 replacements caught (the rules as they were before any of
  them was written: 7, 5, 4, 4, 1 and 5; 29, 28, 23, 28, 23 and 26).
- ``pairs-21.json`` to ``pairs-23.json``: written blind during the next revision cycle; 21 was then used to
  revise the rules, 22 and 23 were not. At first sight: 6, 4 and 7 of 100 false supersessions; 18, 22 and 24
  of 60 replacements caught (the rules as they were before any of them was written: 6, 2 and 7; 17, 19 and 20).
- ``pairs-24.json`` and ``pairs-25.json``: written blind in the cycle after that; 24 was then read, 25 was not.
  At first sight 4 and 3 of 100 false supersessions, 16 and 27 of 60 replacements caught (the same with the
  rules of the start of that cycle).

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


def run_set(path: Path) -> dict:
    data = json.loads(path.read_text())
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
    engine.close()
    wrong = [r for r in rows if r["kind"] == "still_true" and r["superseded"]]
    caught = [r for r in rows if r["kind"] == "replaces" and r["superseded"]]
    n_true, n_repl = len(data["still_true"]), len(data["replaces"])
    return {"set": path.stem, "still_true": n_true, "false_supersessions": len(wrong),
            "false_rate": round(len(wrong) / n_true, 4), "replaces": n_repl, "caught": len(caught),
            "caught_rate": round(len(caught) / n_repl, 4), "rows": rows}


def main() -> None:
    results = [run_set(path) for path in sorted((HERE / "supersession").glob("pairs-*.json"))]
    for r in results:
        print({k: v for k, v in r.items() if k != "rows"})
    out = HERE / "results"
    (out / "supersession_pairs.json").write_text(json.dumps(results, indent=1) + "\n")
    lines = ["| set | still-true pairs | false supersessions | replacing pairs | caught |", "|---|---:|---:|---:|---:|"]
    lines += [f"| {r['set']} | {r['still_true']} | {r['false_supersessions']} ({r['false_rate']:.1%}) | {r['replaces']} | "
              f"{r['caught']} ({r['caught_rate']:.1%}) |" for r in results]
    for r in results:
        lines += ["", f"False supersessions in {r['set']}:", ""]
        lines += [f"- {x['old']} / {x['new']}: {x['superseded'][0]}" for x in r["rows"]
                  if x["kind"] == "still_true" and x["superseded"]]
    (out / "supersession_pairs.md").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
