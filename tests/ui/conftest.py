"""AppTest fixtures: a temporary database seeded with known data, MEMCORE_DB pointing at it, and a
fresh ``st.cache_resource`` for every test."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # the inspector helpers live at the repository root, beside app.py
    sys.path.insert(0, str(ROOT))

import streamlit as st  # noqa: E402
from streamlit.testing.v1 import AppTest  # noqa: E402
from ui_seed import SCRIPT_TEXT, Seeded, seed  # noqa: E402

import memcore  # noqa: E402

USER, PROJECT = "alice", "webapp"


@pytest.fixture
def db_url(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    url = f"sqlite:///{tmp_path / 'ui.db'}"
    monkeypatch.setenv("MEMCORE_DB", url)
    monkeypatch.setenv("MEMCORE_SMALL_MEMORY_TOKENS", "0")  # the pages' gate tests need the gate
    st.cache_resource.clear()
    yield url
    st.cache_resource.clear()


@pytest.fixture
def seeded(db_url: str) -> Iterator[Seeded]:
    """alice/webapp with a dozen memories (pinned, critical, superseded, archived, an HTML-looking one),
    two blocks and user-state history; bob/notes with two memories (must never show in alice's pages)."""
    start = datetime.now(UTC) - timedelta(days=60)
    clock = memcore.FakeClock(start)
    engine = memcore.open(db_url, user=USER, project=PROJECT, clock=clock)
    try:
        yield seed(engine, clock)
    finally:
        engine.close()


@pytest.fixture
def engine(db_url: str, seeded: Seeded) -> Iterator[memcore.Engine]:
    """A second engine on the seeded database, for checking what the pages changed."""
    e = memcore.open(db_url, user=USER, project=PROJECT)
    yield e
    e.close()


@pytest.fixture
def page() -> Callable[..., AppTest]:
    """Run a page file (relative to the repository root) standalone, in alice/webapp."""
    def run(path: str, timeout: float = 60, **state: object) -> AppTest:
        at = AppTest.from_file(str(ROOT / path), default_timeout=timeout)
        at.session_state["namespace"] = f"{USER} / {PROJECT}"
        for key, value in state.items():
            at.session_state[key] = value
        return at.run()
    return run


__all__ = ["SCRIPT_TEXT", "Seeded"]
