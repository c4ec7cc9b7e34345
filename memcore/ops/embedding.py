"""Embedding memories and keeping the in-process dense index in step with committed writes."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..model import Namespace
from ..runtime import Runtime


def embed_rows(rt: Runtime, texts: Sequence[str]) -> tuple[list[bytes] | None, str | None]:
    """Embed texts with the runtime's embedder: float32 bytes per text, and the embedder name."""
    if not texts:
        return [], None
    embedder = rt.get_embedder()
    matrix = np.asarray(embedder.embed(list(texts)), dtype=np.float32)
    return [row.tobytes() for row in matrix], embedder.name


def embed_and_index(rt: Runtime, ns: Namespace, pks: Sequence[int], vectors: Sequence[bytes]) -> None:
    """After commit: add the new vectors to the dense index if it is already loaded (else it loads them later)."""
    if not rt.index_loaded or not pks:
        return
    matrix = np.frombuffer(b"".join(vectors), dtype=np.float32).reshape(len(vectors), -1)
    rt.index.upsert(list(pks), (ns.user_id, ns.project_id), matrix)


def drop_from_index(rt: Runtime, pks: Sequence[int]) -> None:
    if rt.index_loaded and pks:
        rt.index.remove(list(pks))
