"""Every command of the CLI is documented in the README, and every setting has help text."""

from __future__ import annotations

from pathlib import Path

import pytest

from memcore.cli.app import build_parser
from memcore.settings import SETTINGS

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")


def _commands() -> list[str]:
    _, sub = build_parser()
    return sorted(sub.choices)


@pytest.mark.parametrize("command", _commands())
def test_command_is_in_the_readme(command):
    assert f"memcore {command}" in README, f"README does not show `memcore {command}`"


def test_every_setting_has_help():
    assert all(s.help.strip() for s in SETTINGS)
