"""The scenario evaluation over the bundled scenarios and the scenario sets in
``benchmarks/scenarios/`` (written separately from the extraction rules), offline rules only. Writes ``benchmarks/results/scenario_sets.{json,md}``.

Beside the context's own size it reports ``answer_line_tokens``: the tokens of the context lines that
hold an expected keyword. That is how small the context would be if the relevance gate knew exactly
which stored memories answer the question, the floor for selection with the memories as extracted.

    python benchmarks/scenario_sets.py
"""

from __future__ import annotations

import json
from pathlib import Path

from memcore.context.tokens import default_counter
from memcore.eval.scenario_engine import evaluate_scenarios
from memcore.eval.scenarios import EvalReport, Scenario, keyword_present, load_scenarios

HERE = Path(__file__).parent
SETS = [("bundled", None), *((p.stem, str(p)) for p in sorted((HERE / "scenarios").glob("set-*.json"),
                                                                key=lambda p: int(p.stem.split("-")[1])))]


def answer_line_tokens(report: EvalReport, scenarios: list[Scenario]) -> int:
    """Tokens of memcore's context lines that hold an expected keyword (or one of its alternatives)."""
    count = default_counter().count
    by_id = {s.id: s for s in scenarios}
    total = 0
    for result in report.for_system():
        scenario = by_id[result.scenario_id]
        total += sum(count(line) for line in result.context.splitlines()
                     if any(keyword_present(line, kw, scenario.expected_answer_alternatives.get(kw, ()))
                            for kw in scenario.expected_answer_keywords))
    return total


def main() -> None:
    rows = []
    for name, path in SETS:
        report = evaluate_scenarios(path)
        ours, raw = report.summary(), report.summary("raw history")
        answer = answer_line_tokens(report, list(load_scenarios(path).scenarios))
        rows.append({"set": name, "scenarios": len(report.for_system()), "keyword_recall": round(ours.keyword_recall, 4),
                     "forbidden_avoidance": round(ours.forbidden_avoidance, 4), "pass_rate": round(ours.pass_rate, 4),
                     "context_tokens": ours.total_tokens, "raw_history_tokens": raw.total_tokens,
                     "token_reduction": round(ours.token_reduction, 4), "answer_line_tokens": answer,
                     "raw_history_avoidance": round(raw.forbidden_avoidance, 4)})
        print(rows[-1])
    out = HERE / "results"
    (out / "scenario_sets.json").write_text(json.dumps(rows, indent=2) + "\n")
    lines = ["| set | scenarios | keyword recall | forbidden avoidance | pass rate | context tokens | raw history "
             "tokens | smaller than raw | answer lines only |", "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    lines += [f"| {r['set']} | {r['scenarios']} | {r['keyword_recall']:.1%} | {r['forbidden_avoidance']:.1%} | "
              f"{r['pass_rate']:.1%} | {r['context_tokens']} | {r['raw_history_tokens']} | {r['token_reduction']:.1%} | "
              f"{1 - r['answer_line_tokens'] / r['raw_history_tokens']:.1%} |" for r in rows]
    total = {k: sum(r[k] for r in rows) for k in ("context_tokens", "raw_history_tokens", "answer_line_tokens")}
    lines += [f"| all | {sum(r['scenarios'] for r in rows)} | | | | {total['context_tokens']} | "
              f"{total['raw_history_tokens']} | {1 - total['context_tokens'] / total['raw_history_tokens']:.1%} | "
              f"{1 - total['answer_line_tokens'] / total['raw_history_tokens']:.1%} |"]
    (out / "scenario_sets.md").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
