"""`memcore eval locomo` and `memcore bench` end to end through the CLI (small sizes; the real
measurements live in benchmarks/)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memcore.cli.app import run

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "locomo_tiny.json"


@pytest.fixture
def cli(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("MEMCORE_DB", f"sqlite:///{tmp_path / 'cli.db'}")

    def call(*argv: str) -> tuple[int, dict]:
        code = run(list(argv))
        out, _ = capsys.readouterr()
        return code, json.loads(out)

    return call


def test_eval_locomo_reports_recall_by_k_and_category_without_category_5(cli):
    code, report = cli("eval", "locomo", str(FIXTURE), "--k", "1", "5", "--budget", "300", "--json")
    assert code == 0 and report["ks"] == [1, 5]
    rows = {row["label"]: row for row in report["rows"]}
    qa = json.loads(FIXTURE.read_text())[0]["qa"]
    answerable = [q for q in qa if q.get("category") != 5]
    assert rows["overall"]["questions"] + report["skipped_no_evidence"] == len(answerable)
    assert "adversarial" not in rows and len(rows) > 1
    for row in rows.values():
        assert set(row["recall"]) == {"1", "5"} and 0 <= row["recall"]["1"] <= row["recall"]["5"] <= 1
        assert 0 <= row["context_recall"] <= 1
    assert report["latency_p95_ms"] >= report["latency_p50_ms"] > 0


def test_bench_measures_every_size_against_the_baseline_in_the_same_run(cli, tmp_path):
    table = tmp_path / "bench.md"
    code, report = cli("bench", "--n", "300", "--queries", "6", "--baseline-queries", "2", "--dir", str(tmp_path),
                       "--markdown", str(table), "--json")
    assert code == 0 and report["database"] == "sqlite" and report["queries"] == 6
    (row,) = report["results"]
    assert row["n"] == 300 and row["namespace_size"] == 300 and row["ingest_per_s"] > 0
    assert row["search_p95_ms"] >= row["search_p50_ms"] > 0 and row["context_p95_ms"] >= row["context_p50_ms"] > 0
    assert row["baseline_p50_ms"] > 0
    assert row["speedup_vs_baseline"] == pytest.approx(row["baseline_p50_ms"] / row["search_p50_ms"], rel=0.05)
    assert "| 300 |" in table.read_text()


def test_eval_extraction_grades_a_labelled_file(cli, tmp_path):
    labelled = tmp_path / "types.json"
    labelled.write_text(json.dumps({"description": "t", "reference_time": "2026-01-05T09:00:00Z", "items": [
        {"id": "due", "message": "permit renewal is due friday. can u remind me?",
         "statements": [{"anchor": "permit renewal is due friday", "type": "deadline", "expires": "2026-01-09"}],
         "not_memories": ["can u remind me"]}]}))
    table = tmp_path / "labels.md"
    code, report = cli("eval", "extraction", str(labelled), "--markdown", str(table), "--json")
    assert code == 0
    assert report["summary"]["statements"] == 1 and report["summary"]["type_accuracy"] == 1.0
    assert report["summary"]["expiry_accuracy"] == 1.0 and report["summary"]["junk_stored_rate"] == 0.0
    assert "| deadline | 1 | 1 | 1 |" in table.read_text()


def test_eval_extraction_needs_a_file(cli, capsys):
    assert run(["eval", "extraction"]) != 0
    assert "file" in capsys.readouterr().err
