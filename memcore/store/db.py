"""Opening a database: URL handling, SQLite pragmas, migrations."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import Connection, Engine, create_engine, event, text
from sqlalchemy.exc import ArgumentError, OperationalError
from sqlalchemy.pool import NullPool

from ..errors import InvalidInput, StoreError
from ..settings import default_db_url
from .migrations import migrate
from .schema import dumps


def normalize_url(url: str | None) -> str:
    """Accept a SQLAlchemy URL, a plain file path, or nothing (the default SQLite file)."""
    if not url:
        return default_db_url()
    if "://" not in url:
        return f"sqlite:///{Path(url).expanduser().resolve()}"
    if url.startswith(("postgres://", "postgresql://")):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


def driver_rows(conn: Connection, statement: str, params: tuple | list) -> list[tuple]:
    """Rows of a plain SQL statement run on the driver's own cursor, in ``conn``'s transaction: the
    retrieval hot path (several small queries per request) skips SQLAlchemy's result objects."""
    cursor = conn.connection.dbapi_connection.cursor()
    try:
        cursor.execute(statement, params)
        return cursor.fetchall()
    finally:
        cursor.close()


def _sqlite_pragmas(dbapi_conn, _record) -> None:  # noqa: ANN001 - DB-API connection
    cursor = dbapi_conn.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA secure_delete=ON")  # freed pages are zeroed: hard deletes leave no bytes behind
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


class Database:
    """A migrated database behind one SQLAlchemy engine."""

    def __init__(self, url: str | None = None) -> None:
        self.url = normalize_url(url)
        try:
            self.engine: Engine = self._create_engine(self.url)
            migrate(self.engine)
        except ArgumentError as exc:
            raise InvalidInput("db", f"{url!r} is not a database URL ({exc})") from None
        except OperationalError as exc:
            raise StoreError(f"cannot open database {self.safe_url}: {exc.orig}") from None
        except ModuleNotFoundError as exc:
            raise StoreError(f"the driver for {self.safe_url} is not installed ({exc.name}); "
                             "for PostgreSQL install memcore[postgres]") from None

    @property
    def dialect(self) -> str:
        return self.engine.dialect.name

    @property
    def safe_url(self) -> str:
        """The URL with any password hidden, for display."""
        from sqlalchemy.engine import make_url

        try:
            return make_url(self.url).render_as_string(hide_password=True)
        except ArgumentError:
            return self.url

    @property
    def sqlite_path(self) -> Path | None:
        if self.dialect != "sqlite":
            return None
        database = self.engine.url.database
        return Path(database) if database and database != ":memory:" else None

    @staticmethod
    def _create_engine(url: str) -> Engine:
        kwargs: dict = {"json_serializer": dumps, "json_deserializer": json.loads, "future": True}
        if url.startswith("sqlite"):
            path = url.split("///", 1)[-1]
            if path and path != ":memory:" and not path.startswith("file:"):
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
            if path in ("", ":memory:"):
                from sqlalchemy.pool import StaticPool

                kwargs["poolclass"] = StaticPool
            engine = create_engine(url, **kwargs)
            event.listen(engine, "connect", _sqlite_pragmas)
            return engine
        if url.startswith("postgresql"):
            kwargs["pool_pre_ping"] = True
        else:
            kwargs["poolclass"] = NullPool
        return create_engine(url, **kwargs)

    @contextmanager
    def begin(self) -> Iterator[Connection]:
        """One transaction: everything inside commits together or not at all."""
        with self.engine.begin() as conn:
            yield conn

    @contextmanager
    def read(self) -> Iterator[Connection]:
        with self.engine.connect() as conn:
            yield conn

    def compact_after_purge(self) -> None:
        """After a hard delete: merge the full-text index and flush the WAL so no content bytes remain."""
        if self.dialect == "sqlite":
            with self.engine.begin() as conn:
                conn.execute(text("INSERT INTO memories_fts(memories_fts) VALUES ('optimize')"))
            with self.engine.connect() as conn:
                conn.execute(text("PRAGMA wal_checkpoint(TRUNCATE)"))
        elif self.dialect == "postgresql":
            with self.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
                for table in ("memories", "events", "traces", "memory_versions"):
                    conn.execute(text(f"VACUUM {table}"))

    def close(self) -> None:
        self.engine.dispose()
