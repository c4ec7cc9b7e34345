"""The sparse (keyword) channel on the database's own full-text engine: SQLite FTS5 bm25 or
PostgreSQL ts_rank_cd. Returns (pk, score), higher = better, for one namespace.

On SQLite the namespace is a token of the full-text row, so the engine filters inside the index
(no join); state filtering is left to the caller, which keeps only live memories (the dense index
holds exactly those) unless other states were asked for.

Ranking by term groups (SQLite, when the caller passes term weights): FTS5 spends most of a query
computing bm25 for every matching row, and an OR query over a large namespace matches thousands.
Every matching row contains exactly one non-empty subset S of the query terms, so the OR query's
rows split into disjoint groups ``(AND of S) NOT (OR of the rest)``. A group query has the same
phrases as the OR query, so FTS5 gives each of its rows exactly the OR query's bm25 score. Groups
are run from the most to the least promising, merging their top rows, and a group is skipped once
its ceiling (``TERM_CEILING`` x the sum of its terms' idf) cannot beat the current ``limit``-th
score. The ceiling assumes a term adds at most 1.4 x its idf to a row's bm25 (it reaches 2.2 x
only with many repeats in a very short row), so this is an approximation: on the 100k benchmark
its top 62 were identical to the plain OR query's for all 200 benchmark queries. It is used only
without the namespace token: FTS5 counts every phrase's rows for its idf on each query, so each
group query would count the namespace's rows again (measured slower at the p95 with 1M rows).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from itertools import combinations

from sqlalchemy import Connection, text

from ..model import Namespace
from .db import driver_rows
from .schema import ns_token

GROUPED_MAX_TERMS = 5  # 31 groups at most; longer queries run as one OR query
TERM_CEILING = 1.4
"""Assumed largest bm25 contribution of one term to one row, in units of the term's idf."""

_SQLITE = """
    SELECT rowid, -bm25(memories_fts, 1.0, 0.5, 0.0) AS score FROM memories_fts
    WHERE memories_fts MATCH ? ORDER BY bm25(memories_fts, 1.0, 0.5, 0.0) LIMIT ?
"""  # run through the driver: a search runs several of these (see ``_grouped``)

_POSTGRES = text("""
    SELECT pk, ts_rank_cd(fts, to_tsquery('english', :q)) AS score
    FROM memories
    WHERE fts @@ to_tsquery('english', :q) AND user_id = :u AND project_id = :p AND state IN :states
    ORDER BY score DESC LIMIT :n
""").bindparams()


def fts5_idf(doc_count: int, doc_freq: int) -> float:
    """FTS5's bm25 idf ``ln((N - n + 0.5) / (n + 0.5))``, floored at 1e-6 as FTS5 does."""
    return max(1e-6, math.log((doc_count - doc_freq + 0.5) / (doc_freq + 0.5)))


def search(conn: Connection, ns: Namespace, query: str, limit: int,
           states: tuple[str, ...] = ("active", "pinned"), *, filter_namespace: bool = True,
           idf: Mapping[str, float] | None = None) -> list[tuple[int, float]]:
    """Top ``limit`` memories of ``ns`` for a free-text query (empty list when it has no terms).

    SQLite returns memories of any state (the caller filters); PostgreSQL filters ``states``.
    ``filter_namespace=False`` (SQLite) skips the namespace token when the namespace holds most of
    the index, where intersecting with it costs more than dropping the few foreign rows after.
    ``idf`` (SQLite): an estimate of each query word's FTS5 idf; with it and no namespace token, a
    query of 2 to ``GROUPED_MAX_TERMS`` words is ranked by term groups (see the module docstring).
    """
    from ..index.text import fts5_query, pg_tsquery, query_words

    dialect = conn.dialect.name
    if dialect == "sqlite":
        match = fts5_query(query)
        if not match:
            return []
        scope = f' AND ns : "{ns_token(ns.user_id, ns.project_id)}"' if filter_namespace else ""
        terms = query_words(query)
        if idf is not None and not scope and 2 <= len(terms) <= GROUPED_MAX_TERMS:
            return _grouped(conn, terms, [idf.get(t, math.inf) for t in terms], limit, scope)
        rows = driver_rows(conn, _SQLITE, (f"({match}){scope}" if scope else match, limit))
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


def _grouped(conn: Connection, terms: Sequence[str], idf: Sequence[float], limit: int,
             scope: str) -> list[tuple[int, float]]:
    """The OR query's top ``limit`` rows, ranked group by group (see the module docstring)."""
    quoted = ['"' + t.replace('"', '""') + '"' for t in terms]
    groups: list[tuple[float, str]] = []
    for size in range(len(quoted), 0, -1):
        for chosen in combinations(range(len(quoted)), size):
            rest = [quoted[i] for i in range(len(quoted)) if i not in chosen]
            expression = "(" + " AND ".join(quoted[i] for i in chosen) + ")"
            if rest:
                expression += " NOT (" + " OR ".join(rest) + ")"
            groups.append((TERM_CEILING * sum(idf[i] for i in chosen), expression + scope))
    groups.sort(key=lambda g: -g[0])
    best: list[tuple[int, float]] = []
    for ceiling, expression in groups:
        if len(best) >= limit and ceiling <= best[limit - 1][1]:
            break
        rows = driver_rows(conn, _SQLITE, (expression, limit))
        best = sorted(best + [(int(pk), float(score)) for pk, score in rows], key=lambda r: (-r[1], r[0]))[:limit]
    return best
