"""The CLI contract: JSON on stdout with --json, one 'error: ...' line on stderr, exit 2 / 1."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from memcore.cli.app import run


@pytest.fixture
def cli(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("MEMCORE_DB", f"sqlite:///{tmp_path / 'cli.db'}")
    monkeypatch.setenv("MEMCORE_USER", "alice")
    monkeypatch.delenv("MEMCORE_PROJECT", raising=False)

    def call(*argv: str) -> tuple[int, str, str]:
        code = run(list(argv))
        out, err = capsys.readouterr()
        return code, out, err

    return call


def test_add_get_list_as_json(cli):
    code, out, err = cli("add", "Prefers tabs over spaces", "--type", "preference", "--importance", "0.7",
                         "--tags", "editor,style", "--json")
    assert code == 0 and err == ""
    memory = json.loads(out)
    assert memory["type"] == "preference" and memory["tags"] == ["editor", "style"] and memory["user_id"] == "alice"
    code, out, _ = cli("--json", "get", memory["id"])
    assert json.loads(out)["content"] == "Prefers tabs over spaces"
    code, out, _ = cli("list", "--type", "preference", "--json")
    page = json.loads(out)
    assert page["total"] == 1 and page["items"][0]["id"] == memory["id"]


def test_every_core_command_prints_json(cli, tmp_path):
    _, out, _ = cli("add", "We deploy on Tuesdays", "--type", "decision", "--json")
    mid = json.loads(out)["id"]
    for argv in (["pin", mid], ["unpin", mid], ["forget", mid], ["restore", mid], ["edit", mid, "--importance", "0.9"],
                 ["timeline", "--limit", "5"], ["history", mid], ["stats"], ["export", str(tmp_path / "x.jsonl")],
                 ["blocks", "set", "persona", "Be brief"], ["blocks", "list"], ["blocks", "history", "persona"],
                 ["state", "set", "name", "Alice"], ["state", "get"], ["state", "history", "name"],
                 ["state", "as-of", "now"], ["init"]):
        code, out, err = cli(*argv, "--json")
        assert code == 0, (argv, err)
        json.loads(out)
    code, out, _ = cli("delete", mid, "--hard", "--json")
    assert code == 0 and json.loads(out)["kind"] == "deleted"


def test_invalid_input_exits_2_with_one_error_line(cli):
    code, out, err = cli("add", "x", "--importance", "3", "--json")
    assert code == 2 and out == ""
    assert err.startswith("error: importance:") and err.count("\n") == 1 and "Traceback" not in err
    code, _, err = cli("get", "doesnotexist")
    assert code == 2 and "not found" in err
    code, _, err = cli("add", "x", "--type", "opinion")
    assert code == 2 and "preference" in err
    code, _, err = cli("nosuchcommand")
    assert code == 2 and err.startswith("error:")
    code, _, err = cli("delete", "abc")
    assert code == 2 and "--hard" in err


def test_other_failures_exit_1(cli):
    _, out, _ = cli("add", "x", "--json")
    mid = json.loads(out)["id"]
    code, _, err = cli("unpin", mid)
    assert code == 1 and err.startswith("error:") and "pinned" in err


def test_debug_shows_the_traceback(cli):
    code, _, err = cli("get", "nope", "--debug")
    assert code == 2 and "Traceback" in err


def test_namespaces_from_options(cli):
    _, out, _ = cli("--user", "bob", "--project", "p2", "add", "bob's", "--json")
    assert json.loads(out)["project_id"] == "p2"
    _, out, _ = cli("list", "--json")
    assert json.loads(out)["total"] == 0


def test_installed_entry_point_runs(tmp_path):
    env = {**os.environ, "MEMCORE_DB": f"sqlite:///{tmp_path / 'ep.db'}"}
    done = subprocess.run([sys.executable, "-m", "memcore.cli.main", "--json", "stats"], capture_output=True,
                          text=True, env=env, timeout=120)
    assert done.returncode == 0 and json.loads(done.stdout)["total"] == 0


def test_extract_says_what_a_partly_superseded_memory_keeps(cli):
    code, _, _ = cli("extract", "we get halibut from Pacific Catch at $14.50 per pound, scallops from Dunn's at $22/lb")
    assert code == 0
    code, out, err = cli("extract", "halibut went up to $17.25/lb this week")
    assert code == 0 and err == ""
    assert "partly superseded by" in out and "it keeps: Scallops from Dunn's at $22/lb." in out
