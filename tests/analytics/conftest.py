"""A fresh engine on a temporary database with a fake clock, per test."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

import memcore


@pytest.fixture
def clock() -> memcore.FakeClock:
    return memcore.FakeClock(datetime(2026, 1, 1, tzinfo=UTC))


@pytest.fixture
def engine(tmp_path: Path, clock: memcore.FakeClock) -> Iterator[memcore.Engine]:
    e = memcore.open(f"sqlite:///{tmp_path / 'analytics.db'}", user="alice", project="web", clock=clock)
    yield e
    e.close()
