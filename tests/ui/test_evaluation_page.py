"""Evaluation page: runs a suite on a chosen file with a progress bar; results as tables and charts.

The runners are stood in for by fakes, so this tests the page, not the evaluation itself."""

from __future__ import annotations

import importlib
from types import SimpleNamespace

import pytest

PAGE = "pages/8_evaluation.py"


class FakeLocomoReport:
    def to_dict(self) -> dict:
        return {"ks": [1, 5], "questions": 3, "latency_p50_ms": 1.5, "latency_p95_ms": 2.5,
                "rows": [{"label": "overall", "questions": 3, "recall": {"1": 0.5, "5": 1.0}, "context_recall": 0.9},
                         {"label": "single-hop", "questions": 3, "recall": {"1": 0.5, "5": 1.0},
                          "context_recall": 0.9}]}

    def markdown(self) -> str:
        return "| group | n |"


def _install(monkeypatch: pytest.MonkeyPatch, module: str, name: str, report: object, calls: list) -> None:
    mod = importlib.import_module(module)

    def fake(path: str, *, budget=None, progress=None):  # noqa: ANN001, ANN202
        for i in range(3):
            if progress:
                progress(i + 1, 3, f"item {i + 1}")
        calls.append((path, budget))
        return report

    monkeypatch.setattr(mod, name, fake)


def test_locomo_run_with_progress(page, seeded, monkeypatch, tmp_path) -> None:  # noqa: ANN001
    calls: list = []
    _install(monkeypatch, "memcore.eval.locomo_engine", "evaluate_locomo_file", FakeLocomoReport(), calls)
    data = tmp_path / "tiny_locomo.json"
    data.write_text("[]")
    at = page(PAGE)
    at.radio(key="ev_suite").set_value("LoCoMo evidence recall").run()
    at.text_input(key="ev_path").set_value(str(data)).run()
    at.number_input(key="ev_budget").set_value(800).run()
    at.button(key="ev_run").click().run()
    assert not at.exception
    assert calls == [(str(data), 800)]
    table = at.dataframe[0].value
    assert list(table["group"]) == ["overall", "single-hop"]
    assert len(at.get("plotly_chart")) == 1


def test_scenario_report_tables(page, seeded, monkeypatch, tmp_path) -> None:  # noqa: ANN001
    report = SimpleNamespace(to_dict=lambda: {
        "summaries": [{"system": "memcore", "keyword_recall": 0.9, "forbidden_avoidance": 1.0, "pass_rate": 0.8,
                       "total_tokens": 100},
                      {"system": "raw_history", "keyword_recall": 1.0, "forbidden_avoidance": 0.5, "pass_rate": 0.5,
                       "total_tokens": 900}],
        "results": [{"id": "s1", "system": "memcore", "recall": 1.0, "passed": True}]},
        markdown=lambda: "ok")
    calls: list = []
    _install(monkeypatch, "memcore.eval.scenario_engine", "evaluate_scenarios", report, calls)
    data = tmp_path / "scenarios.json"
    data.write_text("[]")
    at = page(PAGE)
    at.text_input(key="ev_path").set_value(str(data)).run()
    at.button(key="ev_run").click().run()
    assert not at.exception
    assert list(at.dataframe[0].value["system"]) == ["memcore", "raw_history"]
    assert len(at.get("plotly_chart")) == 2


def test_missing_runner_is_explained(page, seeded, monkeypatch) -> None:  # noqa: ANN001
    mod = importlib.import_module("memcore.eval.scenario_engine")
    monkeypatch.delattr(mod, "evaluate_scenarios")
    at = page(PAGE)
    assert not at.exception
    assert any("evaluate_scenarios" in i.value for i in at.info)


def test_real_scenario_run_on_the_bundled_file(page, seeded) -> None:  # noqa: ANN001
    at = page(PAGE, timeout=300)
    assert at.selectbox(key="ev_file").value.endswith("scenarios.json")
    at.button(key="ev_run").click().run()
    assert not at.exception
    systems = list(at.dataframe[0].value["system"])
    assert systems[0] == "memcore" and len(systems) >= 2


def test_labelled_extraction_runs_the_rules_and_shows_types(page, seeded, tmp_path) -> None:  # noqa: ANN001
    import json

    data = tmp_path / "types-tiny.json"
    data.write_text(json.dumps({"description": "tiny", "reference_time": "2026-01-05T09:00:00Z", "items": [
        {"id": "rule", "message": "never book me before 10am. any podcast tips?",
         "statements": [{"anchor": "never book me before 10am", "type": "constraint"}],
         "not_memories": ["any podcast tips"]},
        {"id": "van", "message": "the van is at the mechanic till thursday",
         "statements": [{"anchor": "van is at the mechanic", "type": "temporary", "expires": "temporary"}]}]}))
    at = page(PAGE)
    at.radio(key="ev_suite").set_value("Labelled extraction").run()
    at.text_input(key="ev_path").set_value(str(data)).run()
    at.button(key="ev_run").click().run()
    assert not at.exception
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Statements kept"] == "100.0%" and metrics["Junk stored"] == "0.0%"
    by_type = at.dataframe[0].value
    assert set(by_type["expected type"]) == {"constraint", "temporary"}
    statements = at.dataframe[1].value
    assert list(statements["stored as"]) == ["constraint", "temporary"]
    assert len(at.get("plotly_chart")) == 1


def test_the_budget_is_asked_only_of_suites_that_take_one(page, seeded) -> None:  # noqa: ANN001
    at = page(PAGE)
    assert [n.key for n in at.number_input] == ["ev_budget"]
    at.radio(key="ev_suite").set_value("Labelled extraction").run()
    assert not at.exception and list(at.number_input) == []
