"""Shared fixtures: a fresh database per test (SQLite always; PostgreSQL when MEMCORE_TEST_PG_URL is set)."""

from __future__ import annotations

import os
import secrets
from datetime import UTC, datetime

import pytest

import memcore
from memcore.clock import FakeClock

PG_URL = os.environ.get("MEMCORE_TEST_PG_URL", "")
PG_SKIP = "PostgreSQL tests need MEMCORE_TEST_PG_URL (e.g. postgresql://memcore:memcore@127.0.0.1/memcore_test); .ci/run sets it"


def _fresh_pg_database() -> tuple[str, object]:
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    from memcore.store.db import normalize_url

    admin_url = make_url(normalize_url(PG_URL))
    name = "mct_" + secrets.token_hex(6)
    admin = create_engine(admin_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))

    def drop() -> None:
        with admin.connect() as conn:
            conn.execute(text(f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}'"))
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
        admin.dispose()

    return admin_url.set(database=name).render_as_string(hide_password=False), drop


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def db_url(request, tmp_path):
    """A fresh, empty database URL of each backend."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'memcore.db'}"
        return
    if not PG_URL:
        if os.environ.get("MEMCORE_REQUIRE_PG"):
            pytest.fail("MEMCORE_REQUIRE_PG is set but MEMCORE_TEST_PG_URL is not")
        pytest.skip(PG_SKIP)
    url, drop = _fresh_pg_database()
    yield url
    drop()


@pytest.fixture
def sqlite_url(tmp_path):
    return f"sqlite:///{tmp_path / 'memcore.db'}"


@pytest.fixture
def clock():
    return FakeClock(datetime(2026, 3, 1, 9, 0, tzinfo=UTC))


@pytest.fixture
def open_engine(clock):
    """Open engines on a URL; every engine opened is closed after the test."""
    opened = []

    def _open(url, user="alice", project="webapp", **kwargs):
        # Tests see the relevance gate even in their small namespaces; tests/context/test_small_memory.py
        # covers the small-memory rule, which is on by default outside tests.
        kwargs.setdefault("settings", {"small_memory_tokens": 0})
        engine = memcore.open(url, user=user, project=project, clock=kwargs.pop("clock", clock), **kwargs)
        opened.append(engine)
        return engine

    yield _open
    for engine in opened:
        engine.close()


@pytest.fixture
def engine(db_url, open_engine):
    return open_engine(db_url)


@pytest.fixture
def lite(sqlite_url, open_engine):
    """A SQLite-only engine, for tests about SQLite specifics or pure engine logic."""
    return open_engine(sqlite_url)
