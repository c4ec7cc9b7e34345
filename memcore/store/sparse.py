"""The sparse (keyword) channel on the database's own full-text engine: SQLite FTS5 bm25 or
PostgreSQL ts_rank_cd. Returns (pk, score) with higher = better, live memories of one namespace."""

from __future__ import annotations

from sqlalchemy import Connection, text

from ..model import Namespace

_SQLITE = text("""
    SELECT m.pk, -bm25(memories_fts, 1.0, 0.5) AS score
    FROM memories_fts JOIN memories m ON m.pk = memories_fts.rowid
    WHERE memories_fts MATCH :q AND m.user_id = :u AND m.project_id = :p AND m.state IN ('active', 'pinned')
    ORDER BY bm25(memories_fts, 1.0, 0.5) LIMIT :n
""")

_POSTGRES = text("""
    SELECT pk, ts_rank_cd(fts, to_tsquery('english', :q)) AS score
    FROM memories
    WHERE fts @@ to_tsquery('english', :q) AND user_id = :u AND project_id = :p AND state IN ('active', 'pinned')
    ORDER BY score DESC LIMIT :n
""")


def search(conn: Connection, ns: Namespace, query: str, limit: int) -> list[tuple[int, float]]:
    """Top ``limit`` live memories of ``ns`` for a free-text query (empty list when it has no terms)."""
    from ..index.text import fts5_query, pg_tsquery

    dialect = conn.dialect.name
    if dialect == "sqlite":
        match = fts5_query(query)
        statement = _SQLITE
    elif dialect == "postgresql":
        match = pg_tsquery(query)
        statement = _POSTGRES
    else:
        return []
    if not match:
        return []
    rows = conn.execute(statement, {"q": match, "u": ns.user_id, "p": ns.project_id, "n": limit}).all()
    return [(int(pk), float(score)) for pk, score in rows]
