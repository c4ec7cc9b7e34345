"""A small versioned migration registry. Version N runs once, in order, in one transaction.

Each migration is a function of (connection, dialect name). The applied version lives in
``memcore_meta['schema_version']``. Never change a released migration: add a new one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import Connection, Engine, inspect, text

from ..errors import StoreError
from . import schema

Migrate = Callable[[Connection, str], None]


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    apply: Migrate


_V1_COLUMNS_ADDED_LATER = {"memories": ("ns_token",)}
_V1_COLUMNS_REMOVED_LATER = {"memories": ("embedding", "embedding_model")}
_V1_TABLES = ("memories", "memory_versions", "events", "links", "traces", "blocks", "block_versions",
              "user_state", "episodes", "session_events", "feedback", "memcore_meta")


def _v1_tables(conn: Connection, dialect: str) -> None:
    """The version-1 tables: today's definitions minus the columns later migrations add."""
    from sqlalchemy import Column, Index, LargeBinary, MetaData, String, Table

    frozen = MetaData()
    for name in _V1_TABLES:
        table = schema.metadata.tables[name]
        later = _V1_COLUMNS_ADDED_LATER.get(name, ())
        if not later:
            table.to_metadata(frozen)
            continue
        copy = Table(name, frozen, *[c._copy() for c in table.columns if c.name not in later],
                     Column("embedding", LargeBinary), Column("embedding_model", String(200)))
        for index in table.indexes:
            if not set(later) & {c.name for c in index.columns}:
                Index(index.name, *[copy.c[c.name] for c in index.columns], unique=index.unique)
    frozen.create_all(conn)


_SQLITE_FTS = [
    "CREATE VIRTUAL TABLE memories_fts USING fts5(content, keywords, tokenize='porter unicode61')",
    """CREATE TRIGGER memories_fts_ai AFTER INSERT ON memories BEGIN
         INSERT INTO memories_fts(rowid, content, keywords) VALUES (new.pk, new.content, new.keywords);
       END""",
    """CREATE TRIGGER memories_fts_au AFTER UPDATE OF content, keywords ON memories BEGIN
         DELETE FROM memories_fts WHERE rowid = old.pk;
         INSERT INTO memories_fts(rowid, content, keywords) VALUES (new.pk, new.content, new.keywords);
       END""",
    """CREATE TRIGGER memories_fts_ad AFTER DELETE ON memories BEGIN
         DELETE FROM memories_fts WHERE rowid = old.pk;
       END""",
]

_PG_FTS = [
    """ALTER TABLE memories ADD COLUMN fts tsvector GENERATED ALWAYS AS
         (to_tsvector('english', coalesce(content, '') || ' ' || coalesce(keywords, ''))) STORED""",
    "CREATE INDEX ix_memories_fts ON memories USING GIN (fts)",
]


def _v2_fulltext(conn: Connection, dialect: str) -> None:
    statements = _SQLITE_FTS if dialect == "sqlite" else _PG_FTS if dialect == "postgresql" else []
    for statement in statements:
        conn.execute(text(statement))


def _v3_lifecycle_indexes(conn: Connection, dialect: str) -> None:
    conn.execute(text("CREATE INDEX ix_memories_expiry ON memories (user_id, project_id, expires_at)"))
    conn.execute(text("CREATE INDEX ix_memories_idle ON memories (user_id, project_id, state, usage_count, importance)"))


def _v4_first_class_index(conn: Connection, dialect: str) -> None:
    conn.execute(text("CREATE INDEX ix_memories_critical ON memories (user_id, project_id, is_critical)"))


def _v5_namespace_token(conn: Connection, dialect: str) -> None:
    """Keyword search filters by namespace inside the full-text index (a token per namespace)."""
    conn.execute(text("ALTER TABLE memories ADD COLUMN ns_token VARCHAR(40) NOT NULL DEFAULT ''"))
    pairs = conn.execute(text("SELECT DISTINCT user_id, project_id FROM memories")).all()
    for user_id, project_id in pairs:
        conn.execute(text("UPDATE memories SET ns_token = :t WHERE user_id = :u AND project_id = :p"),
                     {"t": schema.ns_token(user_id, project_id), "u": user_id, "p": project_id})
    if dialect != "sqlite":
        return
    for statement in ("DROP TRIGGER memories_fts_ai", "DROP TRIGGER memories_fts_au", "DROP TRIGGER memories_fts_ad",
                      "DROP TABLE memories_fts"):
        conn.execute(text(statement))
    conn.execute(text("CREATE VIRTUAL TABLE memories_fts USING fts5(content, keywords, ns, "
                      "tokenize='porter unicode61')"))
    conn.execute(text("""CREATE TRIGGER memories_fts_ai AFTER INSERT ON memories BEGIN
        INSERT INTO memories_fts(rowid, content, keywords, ns) VALUES (new.pk, new.content, new.keywords, new.ns_token);
        END"""))
    conn.execute(text("""CREATE TRIGGER memories_fts_au AFTER UPDATE OF content, keywords ON memories BEGIN
        DELETE FROM memories_fts WHERE rowid = old.pk;
        INSERT INTO memories_fts(rowid, content, keywords, ns) VALUES (new.pk, new.content, new.keywords, new.ns_token);
        END"""))
    conn.execute(text("""CREATE TRIGGER memories_fts_ad AFTER DELETE ON memories BEGIN
        DELETE FROM memories_fts WHERE rowid = old.pk;
        END"""))
    conn.execute(text("INSERT INTO memories_fts(rowid, content, keywords, ns) "
                      "SELECT pk, content, keywords, ns_token FROM memories"))


def _v6_vectors_table(conn: Connection, dialect: str) -> None:
    """Embeddings move to their own table: memory rows stay narrow for scans and bulk updates."""
    schema.memory_vectors.create(conn)
    conn.execute(text("INSERT INTO memory_vectors (memory_id, user_id, project_id, model, embedding) "
                      "SELECT id, user_id, project_id, embedding_model, embedding FROM memories "
                      "WHERE embedding IS NOT NULL AND embedding_model IS NOT NULL"))
    conn.execute(text("ALTER TABLE memories DROP COLUMN embedding"))
    conn.execute(text("ALTER TABLE memories DROP COLUMN embedding_model"))


MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, "core tables", _v1_tables),
    Migration(2, "full-text index kept in step by the database", _v2_fulltext),
    Migration(3, "indexes for the forgetting sweep", _v3_lifecycle_indexes),
    Migration(4, "index for critical memories (always candidates)", _v4_first_class_index),
    Migration(5, "namespace token in the full-text index", _v5_namespace_token),
    Migration(6, "embeddings in their own table", _v6_vectors_table),
)

LATEST = MIGRATIONS[-1].version


def current_version(conn: Connection) -> int:
    if not inspect(conn).has_table("memcore_meta"):
        return 0
    row = conn.execute(text("SELECT value FROM memcore_meta WHERE key = 'schema_version'")).first()
    return int(row[0]) if row else 0


def migrate(engine: Engine) -> int:
    """Bring the schema to LATEST; returns the version reached. Refuses a newer database."""
    dialect = engine.dialect.name
    with engine.begin() as conn:
        version = current_version(conn)
        if version > LATEST:
            raise StoreError(f"database schema version {version} is newer than this memcore ({LATEST}); upgrade memcore")
        for migration in MIGRATIONS:
            if migration.version <= version:
                continue
            migration.apply(conn, dialect)
            conn.execute(schema.meta.delete().where(schema.meta.c.key == "schema_version"))
            conn.execute(schema.meta.insert().values(key="schema_version", value=str(migration.version)))
            version = migration.version
    return version
