"""Column reads straight from SQL for the vectorised lifecycle passes (no Memory objects)."""

from __future__ import annotations

from typing import Any

import numpy as np
from sqlalchemy import select

from ..lifecycle.columns import STATES, TIERS, MemoryColumns
from ..model import MemoryType, Namespace
from ..store import memories as repo
from ..store import schema

_TIER = {t.value: i for i, t in enumerate(TIERS)}
_STATE = {s.value: i for i, s in enumerate(STATES)}


def gc_columns(conn: Any, ns: Namespace) -> MemoryColumns:
    """The fields GC reads, for every memory of the namespace."""
    T = schema.memories
    rows = conn.execute(select(T.c.id, T.c.tier, T.c.state, T.c.importance, T.c.access_count, T.c.token_count,
                               T.c.is_critical, T.c.type, T.c.last_accessed_at, T.c.last_used_at, T.c.created_at)
                        .where(*repo.clauses(ns, None)).order_by(T.c.pk)).all()
    n = len(rows)
    ids = [r[0] for r in rows]
    tier = np.fromiter((_TIER[r[1]] for r in rows), dtype=np.int8, count=n)
    state = np.fromiter((_STATE[r[2]] for r in rows), dtype=np.int8, count=n)
    importance = np.fromiter((r[3] for r in rows), dtype=np.float64, count=n)
    access = np.fromiter((r[4] for r in rows), dtype=np.float64, count=n)
    tokens = np.fromiter((r[5] for r in rows), dtype=np.int64, count=n)
    critical = np.fromiter((bool(r[6]) or r[7] == MemoryType.CRITICAL.value for r in rows), dtype=np.bool_, count=n)
    accessed = np.array([np.nan if r[8] is None else r[8] for r in rows], dtype=np.float64)
    used = np.array([np.nan if r[9] is None else r[9] for r in rows], dtype=np.float64)
    created = np.array([np.nan if r[10] is None else r[10] for r in rows], dtype=np.float64)
    last = np.fmax(accessed, used)
    last = np.where(np.isnan(last), created, last)
    return MemoryColumns(ids, tier, state, importance, access, tokens, critical, last)
