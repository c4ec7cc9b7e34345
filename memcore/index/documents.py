"""What each channel indexes for a memory: the one place that maps a Memory to indexed text.

- ``content`` is shown in prompts and is the full-text ``content`` column (bm25 weight 1.0);
- ``keywords_text`` is the full-text ``keywords`` column (bm25 weight 0.5): tags, entities and
  the memory's retrieval context (``metadata["context"]``, e.g. the conversation turns that
  preceded it), which helps find the memory but is never injected into a prompt;
- ``embedding_text`` is what the dense channel embeds: content, then the same context.
"""

from __future__ import annotations

from ..model import Memory

__all__ = ["CONTEXT_KEY", "retrieval_context", "keywords_text", "embedding_text", "BM25_WEIGHTS"]

CONTEXT_KEY = "context"
BM25_WEIGHTS = (1.0, 0.5)
"""bm25() column weights for (content, keywords): ``bm25(memories_fts, 1.0, 0.5)``."""


def retrieval_context(memory: Memory) -> str:
    """The memory's indexed-only context text (empty when it has none)."""
    value = memory.metadata.get(CONTEXT_KEY) if memory.metadata else None
    return " ".join(value.split()) if isinstance(value, str) else ""


def keywords_text(memory: Memory) -> str:
    """Text of the full-text ``keywords`` column: tags, entities, then the retrieval context."""
    return " ".join(part for part in (*memory.tags, *memory.entities, retrieval_context(memory)) if part)


def embedding_text(memory: Memory) -> str:
    """Text the dense channel embeds: the content, then the retrieval context on a new line."""
    context = retrieval_context(memory)
    return f"{memory.content}\n{context}" if context else memory.content
