"""The scenario evaluation over the bundled scenarios and the scenario sets in
``benchmarks/scenarios/`` (written separately from the extraction rules), offline rules only. Writes ``benchmarks/results/scenario_sets.{json,md}``.

    python benchmarks/scenario_sets.py
"""

from __future__ import annotations

import json
from pathlib import Path

from memcore.eval.scenario_engine import evaluate_scenarios

HERE = Path(__file__).parent
SETS = [("bundled", None), *((p.stem, str(p)) for p in sorted((HERE / "scenarios").glob("set-*.json"),
                                                                key=lambda p: int(p.stem.split("-")[1])))]


def main() -> None:
    rows = []
    for name, path in SETS:
        report = evaluate_scenarios(path)
        ours, raw = report.summary(), report.summary("raw history")
        rows.append({"set": name, "scenarios": len(report.for_system()), "keyword_recall": round(ours.keyword_recall, 4),
                     "forbidden_avoidance": round(ours.forbidden_avoidance, 4), "pass_rate": round(ours.pass_rate, 4),
                     "context_tokens": ours.total_tokens, "raw_history_tokens": raw.total_tokens,
                     "token_reduction": round(ours.token_reduction, 4),
                     "raw_history_avoidance": round(raw.forbidden_avoidance, 4)})
        print(rows[-1])
    out = HERE / "results"
    (out / "scenario_sets.json").write_text(json.dumps(rows, indent=2) + "\n")
    lines = ["| set | scenarios | keyword recall | forbidden avoidance | pass rate | context tokens | raw history "
             "tokens | smaller than raw |", "|---|---:|---:|---:|---:|---:|---:|---:|"]
    lines += [f"| {r['set']} | {r['scenarios']} | {r['keyword_recall']:.1%} | {r['forbidden_avoidance']:.1%} | "
              f"{r['pass_rate']:.1%} | {r['context_tokens']} | {r['raw_history_tokens']} | {r['token_reduction']:.1%} |"
              for r in rows]
    (out / "scenario_sets.md").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
