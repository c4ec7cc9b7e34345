"""The sparse (keyword) channel on the database's own full-text engine: SQLite FTS5 bm25 or
PostgreSQL ts_rank_cd. Returns (pk, score), higher = better, for one namespace.

On SQLite the namespace is a token of the full-text row, so the engine filters inside the index
(no join); state filtering is left to the caller, which keeps only live memories (the dense index
holds exactly those) unless other states were asked for.
"""

from __future__ import annotations

from sqlalchemy import Connection, text

from ..model import Namespace
from .schema import ns_token

_SQLITE = text("""
    SELECT rowid, -bm25(memories_fts, 1.0, 0.5, 0.0) AS score FROM memories_fts
    WHERE memories_fts MATCH :q ORDER BY bm25(memories_fts, 1.0, 0.5, 0.0) LIMIT :n
""")

_POSTGRES = text("""
    SELECT pk, ts_rank_cd(fts, to_tsquery('english', :q)) AS score
    FROM memories
    WHERE fts @@ to_tsquery('english', :q) AND user_id = :u AND project_id = :p AND state IN :states
    ORDER BY score DESC LIMIT :n
""").bindparams()


def search(conn: Connection, ns: Namespace, query: str, limit: int,
           states: tuple[str, ...] = ("active", "pinned"), *, filter_namespace: bool = True) -> list[tuple[int, float]]:
    """Top ``limit`` memories of ``ns`` for a free-text query (empty list when it has no terms).

    SQLite returns memories of any state (the caller filters); PostgreSQL filters ``states``.
    ``filter_namespace=False`` (SQLite) skips the namespace token when the namespace holds most of
    the index, where intersecting with it costs more than dropping the few foreign rows after.
    """
    from ..index.text import fts5_query, pg_tsquery

    dialect = conn.dialect.name
    if dialect == "sqlite":
        match = fts5_query(query)
        if not match:
            return []
        expression = f'({match}) AND ns : "{ns_token(ns.user_id, ns.project_id)}"' if filter_namespace else match
        rows = conn.execute(_SQLITE, {"q": expression, "n": limit}).all()
    elif dialect == "postgresql":
        match = pg_tsquery(query)
        if not match:
            return []
        from sqlalchemy import bindparam

        statement = _POSTGRES.bindparams(bindparam("states", expanding=True))
        rows = conn.execute(statement, {"q": match, "u": ns.user_id, "p": ns.project_id, "n": limit,
                                        "states": list(states)}).all()
    else:
        return []
    return [(int(pk), float(score)) for pk, score in rows]
