"""Memory rows: insert, fetch, update, filter and page. Every query is namespace-scoped."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, and_, delete, func, insert, or_, select, update

from ..clock import to_epoch
from ..errors import NotFound
from ..model import Memory, MemoryState, MemoryType, Namespace, Tier
from . import schema
from .codec import MEMORY_FIELDS, changes_to_row, keywords_of, memory_to_row, row_to_memory, tuple_to_memory
from .db import driver_rows

T = schema.memories
V = schema.memory_vectors
_RECORD_COLUMNS = [c for c in T.c if c.name not in ("keywords", "ns_token", "pk")]
SORTABLE = ("created_at", "updated_at", "importance", "confidence", "usage_count", "strength", "rating",
            "last_used_at", "access_count", "type", "state", "tier")


@dataclass(frozen=True)
class MemoryFilter:
    """Structured filter applied before any scoring. Empty fields do not filter."""

    states: tuple[MemoryState, ...] = ()
    types: tuple[MemoryType, ...] = ()
    tiers: tuple[Tier, ...] = ()
    tags: tuple[str, ...] = ()  # memory must carry all of them
    text: str | None = None  # case-insensitive substring of content
    created_after: datetime | None = None
    created_before: datetime | None = None
    valid_at: datetime | None = None  # valid_from <= t < valid_until (NULLs are open ends)
    ids: tuple[str, ...] = ()
    session_id: str | None = None
    modality: str | None = None
    extra: tuple[Any, ...] = field(default_factory=tuple)


def clauses(ns: Namespace, flt: MemoryFilter | None) -> list[Any]:
    out: list[Any] = [T.c.user_id == ns.user_id, T.c.project_id == ns.project_id]
    if flt is None:
        return out
    if flt.states:
        out.append(T.c.state.in_([s.value for s in flt.states]))
    if flt.types:
        out.append(T.c.type.in_([t.value for t in flt.types]))
    if flt.tiers:
        out.append(T.c.tier.in_([t.value for t in flt.tiers]))
    for tag in flt.tags:
        # keywords holds tags and entities separated by spaces; a LIKE with padding matches whole words
        out.append((" " + T.c.keywords + " ").like(f"% {tag} %"))
    if flt.text:
        escaped = flt.text.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        out.append(func.lower(T.c.content).like(f"%{escaped}%", escape="\\"))
    if flt.created_after:
        out.append(T.c.created_at >= to_epoch(flt.created_after))
    if flt.created_before:
        out.append(T.c.created_at < to_epoch(flt.created_before))
    if flt.valid_at:
        t = to_epoch(flt.valid_at)
        out.append(or_(T.c.valid_from.is_(None), T.c.valid_from <= t))
        out.append(or_(T.c.valid_until.is_(None), T.c.valid_until > t))
    if flt.ids:
        out.append(T.c.id.in_(list(flt.ids)))
    if flt.session_id:
        out.append(T.c.session_id == flt.session_id)
    if flt.modality:
        out.append(T.c.modality == flt.modality)
    out.extend(flt.extra)
    return out


def insert_many(conn: Connection, memories: Sequence[Memory], embeddings: Sequence[bytes | None] | None = None,
                embedding_model: str | None = None) -> list[int]:
    """Insert memories; returns their integer primary keys in order."""
    if not memories:
        return []
    rows = [memory_to_row(memory) for memory in memories]
    if embeddings is not None and embedding_model:
        vectors = [{"memory_id": m.id, "user_id": m.user_id, "project_id": m.project_id, "model": embedding_model,
                    "embedding": e} for m, e in zip(memories, embeddings, strict=True) if e is not None]
        if vectors:
            conn.execute(insert(V), vectors)
    if conn.dialect.name in ("sqlite", "postgresql"):
        result = conn.execute(insert(T).returning(T.c.pk, sort_by_parameter_order=True), rows)
        return [r[0] for r in result]
    conn.execute(insert(T), rows)
    ids = [m.id for m in memories]
    found = dict(conn.execute(select(T.c.id, T.c.pk).where(T.c.id.in_(ids))).all())
    return [found[i] for i in ids]


def get(conn: Connection, ns: Namespace, memory_id: str) -> Memory:
    row = conn.execute(select(*_RECORD_COLUMNS).where(T.c.id == memory_id, *clauses(ns, None))).mappings().first()
    if row is None:
        raise NotFound("memory", memory_id)
    return row_to_memory(row)


def get_many(conn: Connection, ns: Namespace, memory_ids: Iterable[str]) -> dict[str, Memory]:
    ids = list(memory_ids)
    out: dict[str, Memory] = {}
    for start in range(0, len(ids), 900):
        chunk = ids[start:start + 900]
        rows = conn.execute(select(*_RECORD_COLUMNS).where(T.c.id.in_(chunk), *clauses(ns, None))).mappings()
        out.update({r["id"]: row_to_memory(r) for r in rows})
    return out


_BY_PKS = f"SELECT pk, {', '.join(MEMORY_FIELDS)} FROM {T.name} WHERE pk IN "


def get_by_pks(conn: Connection, pks: Sequence[int]) -> dict[int, Memory]:
    """Memories by primary key (no namespace check: pks come from namespace-scoped channels).

    The hot path of retrieval: a plain driver query (integer parameters only), rows converted by
    ``tuple_to_memory`` without SQLAlchemy's per-row result processing.
    """
    out: dict[int, Memory] = {}
    mark = "?" if conn.dialect.paramstyle == "qmark" else "%s"
    for start in range(0, len(pks), 900):
        chunk = tuple(int(pk) for pk in pks[start:start + 900])
        if not chunk:
            break
        statement = _BY_PKS + "(" + ", ".join([mark] * len(chunk)) + ")"
        for row in driver_rows(conn, statement, chunk):
            out[row[0]] = tuple_to_memory(row[1:])
    return out


def pk_of(conn: Connection, memory_id: str) -> int | None:
    return conn.execute(select(T.c.pk).where(T.c.id == memory_id)).scalar()



def update_fields(conn: Connection, ns: Namespace, memory_id: str, changes: dict[str, Any]) -> None:
    row = changes_to_row(changes)
    if "tags" in changes or "entities" in changes:
        current = get(conn, ns, memory_id)
        merged = current.copy(**{k: v for k, v in changes.items() if k in ("tags", "entities")})
        row["keywords"] = keywords_of(merged)
    result = conn.execute(update(T).where(T.c.id == memory_id, *clauses(ns, None)).values(**row))
    if result.rowcount == 0:
        raise NotFound("memory", memory_id)


def set_embedding(conn: Connection, memory_id: str, vector: bytes, model: str) -> None:
    """Store (or replace) a memory's vector and the model that made it."""
    owner = conn.execute(select(T.c.user_id, T.c.project_id).where(T.c.id == memory_id)).first()
    if owner is None:
        raise NotFound("memory", memory_id)
    conn.execute(delete(V).where(V.c.memory_id == memory_id))
    conn.execute(insert(V).values(memory_id=memory_id, user_id=owner[0], project_id=owner[1], model=model,
                                  embedding=vector))


def delete_row(conn: Connection, ns: Namespace, memory_id: str) -> int | None:
    pk = conn.execute(select(T.c.pk).where(T.c.id == memory_id, *clauses(ns, None))).scalar()
    if pk is None:
        raise NotFound("memory", memory_id)
    conn.execute(delete(T).where(T.c.pk == pk))
    return pk


def page(conn: Connection, ns: Namespace, flt: MemoryFilter | None, *, limit: int, offset: int,
         sort: str = "created_at", descending: bool = True) -> tuple[list[Memory], int]:
    where = and_(*clauses(ns, flt))
    total = conn.execute(select(func.count()).select_from(T).where(where)).scalar_one()
    column = T.c[sort]
    order = [column.desc() if descending else column.asc(), T.c.pk.desc() if descending else T.c.pk.asc()]
    rows = conn.execute(select(*_RECORD_COLUMNS).where(where).order_by(*order).limit(limit).offset(offset)).mappings()
    return [row_to_memory(r) for r in rows], total


def select_all(conn: Connection, ns: Namespace, flt: MemoryFilter | None = None) -> list[Memory]:
    rows = conn.execute(select(*_RECORD_COLUMNS).where(*clauses(ns, flt)).order_by(T.c.pk)).mappings()
    return [row_to_memory(r) for r in rows]


def count_by(conn: Connection, ns: Namespace, column: str) -> dict[str, int]:
    col = T.c[column]
    rows = conn.execute(select(col, func.count()).where(*clauses(ns, None)).group_by(col)).all()
    return {str(k): int(v) for k, v in rows}


def namespaces(conn: Connection) -> list[Namespace]:
    rows = conn.execute(select(T.c.user_id, T.c.project_id).distinct().order_by(T.c.user_id, T.c.project_id)).all()
    return [Namespace(u, p) for u, p in rows]
