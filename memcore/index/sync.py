"""Keeping the in-process dense index in step with the database.

The index holds exactly the retrievable (active or pinned) memories, so a dense search never
returns a memory that may not be injected. On first use it is rebuilt from the embeddings
stored with each memory. Memories whose
vector was made by another embedder (or none) are re-embedded with the current one, in batches,
with a progress callback, and their stored vectors updated.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import numpy as np
from sqlalchemy import delete, insert, select

from ..model import MemoryState
from ..store import schema
from .dense import DenseIndex
from .documents import embedding_text
from .termstats import TermStats

Progress = Callable[[int, int], None]
BATCH = 2048
LIVE = (MemoryState.ACTIVE.value, MemoryState.PINNED.value)


def _stderr_progress(done: int, total: int) -> None:
    if sys.stderr.isatty():
        width = 30
        filled = int(width * done / max(total, 1))
        sys.stderr.write(f"\rre-embedding [{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
        if done >= total:
            sys.stderr.write("\n")
        sys.stderr.flush()


def build_index(rt: Any, progress: Progress | None = None) -> tuple[DenseIndex, TermStats]:
    """A dense index of every live memory (re-embedding those made by another embedder) and the
    namespace term statistics used to weight query terms."""
    embedder = rt.get_embedder()
    settings = rt.settings
    index = DenseIndex(embedder.dim, ivf_from=settings.dense_ivf_from, ivf_scan=settings.dense_ivf_scan)
    terms = TermStats()
    T, V = schema.memories, schema.memory_vectors
    stale: list[int] = []
    rows: list[tuple[int, tuple[str, str], bytes]] = []
    docs: list[tuple[tuple[str, str], str]] = []
    with rt.db.read() as conn:
        for pk, user_id, project_id, vector, model, content, keywords in conn.execute(
                select(T.c.pk, T.c.user_id, T.c.project_id, V.c.embedding, V.c.model, T.c.content, T.c.keywords)
                .select_from(T.outerjoin(V, V.c.memory_id == T.c.id)).where(T.c.state.in_(LIVE))):
            ns = (user_id, project_id)
            docs.append((ns, f"{content} {keywords}"))
            if vector is None or model != embedder.name:
                stale.append(pk)
            else:
                rows.append((pk, ns, vector))
    index.rebuild(rows)
    terms.rebuild(docs)
    if stale:
        reembed(rt, index, stale, progress or _stderr_progress)
    return index, terms


def term_text(memory: Any) -> str:
    """The text a memory contributes to term statistics (what the full-text index holds)."""
    from .documents import keywords_text

    return f"{memory.content} {keywords_text(memory)}"


def reembed(rt: Any, index: DenseIndex, pks: list[int], progress: Progress) -> int:
    """Embed the given memories with the current embedder, store the vectors and index them."""
    embedder = rt.get_embedder()
    T = schema.memories
    done = 0
    for start in range(0, len(pks), BATCH):
        chunk = pks[start:start + BATCH]
        with rt.db.read() as conn:
            rows = conn.execute(select(T.c.pk, T.c.id, T.c.user_id, T.c.project_id, T.c.content, T.c.metadata)
                                .where(T.c.pk.in_(chunk))).all()
        if not rows:
            continue
        texts = [embedding_text(SimpleNamespace(content=r.content, metadata=r.metadata or {})) for r in rows]
        vectors = np.asarray(embedder.embed(texts), dtype=np.float32)
        with rt.db.begin() as conn:
            conn.execute(delete(schema.memory_vectors).where(schema.memory_vectors.c.memory_id.in_([r.id for r in rows])))
            conn.execute(insert(schema.memory_vectors), [
                {"memory_id": row.id, "user_id": row.user_id, "project_id": row.project_id, "model": embedder.name,
                 "embedding": vector.tobytes()} for row, vector in zip(rows, vectors, strict=True)])
        by_ns: dict[tuple[str, str], list[int]] = {}
        for i, row in enumerate(rows):
            by_ns.setdefault((row.user_id, row.project_id), []).append(i)
        for ns, idx in by_ns.items():
            index.upsert([rows[i].pk for i in idx], ns, vectors[idx])
        done += len(rows)
        progress(done, len(pks))
    return done


def refresh(rt: Any, memory_ids: list[str]) -> None:
    """After a commit that changed states: index live memories, drop the others (no-op if not loaded)."""
    if not rt.index_loaded or not memory_ids:
        return
    embedder = rt.get_embedder()
    T, V = schema.memories, schema.memory_vectors
    with rt.db.read() as conn:
        rows = conn.execute(select(T.c.pk, T.c.user_id, T.c.project_id, T.c.state, V.c.embedding,
                                   V.c.model.label("embedding_model"))
                            .select_from(T.outerjoin(V, V.c.memory_id == T.c.id))
                            .where(T.c.id.in_(memory_ids))).all()
    drop = [r.pk for r in rows if r.state not in LIVE]
    rt.index.remove(drop)
    stale = []
    for r in rows:
        if r.state in LIVE:
            if r.embedding is None or r.embedding_model != embedder.name:
                stale.append(r.pk)
            else:
                rt.index.upsert([r.pk], (r.user_id, r.project_id), np.frombuffer(r.embedding, dtype=np.float32)[None, :])
    if stale:
        reembed(rt, rt.index, stale, lambda done, total: None)
