"""Embedders: the protocol, the local model wrapper and the factory that picks one from a spec string.

Every embedder has a ``name`` (recorded with each stored vector, so vectors made by another
model are never mixed), a ``dim`` and ``embed(texts) -> float32 array`` of L2-normalised rows.

Specs understood by :func:`make_embedder`:

==============================================  ===========================================
``default``                                      the offline hashing embedder (256 dimensions)
``hash`` / ``hash-384``                          the hashing embedder with that dimension
``st:/path/to/model``                            a sentence-transformers model from a local path
``openai:http://127.0.0.1:11434/v1#model-name``  an OpenAI-compatible ``/v1/embeddings`` endpoint
==============================================  ===========================================
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import numpy as np

from ..errors import InvalidInput, ProviderError
from .hashing import HashingEmbedder
from .remote import OpenAIEmbeddings

__all__ = ["Embedder", "HashingEmbedder", "SentenceTransformerEmbedder", "OpenAIEmbeddings", "make_embedder",
           "embed_query", "normalize_rows", "DEFAULT_EMBEDDER", "DEFAULT_DIM"]

DEFAULT_DIM = 256
DEFAULT_EMBEDDER = "default"


@runtime_checkable
class Embedder(Protocol):
    """Turns texts into unit vectors. Implementations must be deterministic for a given model."""

    name: str
    dim: int

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """A (len(texts), dim) float32 array whose non-zero rows have unit L2 norm."""
        ...


def embed_query(embedder: Embedder, text: str, weights: Mapping[str, float] | None = None) -> np.ndarray:
    """One query vector: term-weighted where the embedder supports it (the hashing embedder), else plain.

    ``weights`` maps content stems to weights, typically :meth:`TermStats.query_weights`.
    """
    method = getattr(embedder, "embed_query", None)
    if weights is not None and callable(method):
        return np.asarray(method(text, weights), dtype=np.float32)
    return np.asarray(embedder.embed([text]), dtype=np.float32)[0]


def normalize_rows(matrix: np.ndarray) -> np.ndarray:
    """Float32 copy of ``matrix`` with every non-zero row scaled to unit length."""
    out = np.asarray(matrix, dtype=np.float32).copy()
    norms = np.linalg.norm(out, axis=1, keepdims=True)
    np.divide(out, norms, out=out, where=norms > 0)
    return out


class SentenceTransformerEmbedder:
    """A sentence-transformers model loaded from a local directory (never from a hub).

    Needs the optional ``sentence-transformers`` package (``pip install memcore[ml]``).
    """

    def __init__(self, model_path: str | Path, *, batch_size: int = 64, device: str = "cpu") -> None:
        path = Path(model_path).expanduser()
        if not path.exists():
            raise InvalidInput("model_path", f"{str(model_path)!r} does not exist; give the local directory "
                                             "of a sentence-transformers model (nothing is downloaded)")
        try:
            from sentence_transformers import SentenceTransformer
        except ImportError as exc:
            raise ProviderError("sentence-transformers is not installed; install it with "
                                f"`pip install memcore[ml]` or use the default embedder ({exc})") from None
        try:
            self._model: Any = SentenceTransformer(str(path), device=device, local_files_only=True)
        except (OSError, ValueError, RuntimeError) as exc:
            raise ProviderError(f"cannot load the sentence-transformers model at {str(path)!r}: {exc}") from None
        self.dim = int(self._model.get_sentence_embedding_dimension())
        self.name = f"st:{path.name}"
        self._batch_size = batch_size

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Encode ``texts`` with the local model; rows are L2-normalised float32."""
        if isinstance(texts, str):
            raise InvalidInput("texts", "pass a list of strings, not one string")
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        vectors = self._model.encode(list(texts), batch_size=self._batch_size, convert_to_numpy=True,
                                     normalize_embeddings=False, show_progress_bar=False)
        matrix = np.asarray(vectors, dtype=np.float32)
        if matrix.shape != (len(texts), self.dim):
            raise ProviderError(f"the model returned shape {matrix.shape}; expected ({len(texts)}, {self.dim})")
        return normalize_rows(matrix)


_SPEC_HELP = "use one of: default, hash, hash-<dim>, st:/path/to/model, openai:<base_url>#<model>"


def make_embedder(spec: str = DEFAULT_EMBEDDER, *, api_key: str | None = None, timeout: float = 30.0) -> Embedder:
    """Build the embedder a spec string names (see the module docstring for the forms)."""
    if not isinstance(spec, str) or not spec.strip():
        raise InvalidInput("embedder", f"{spec!r} is empty; {_SPEC_HELP}")
    text = spec.strip()
    if text in ("default", "hash"):
        return HashingEmbedder(DEFAULT_DIM)
    if text.startswith("hash-"):
        try:
            dim = int(text[5:])
        except ValueError:
            raise InvalidInput("embedder", f"{spec!r}: the dimension must be an integer, e.g. hash-384") from None
        return HashingEmbedder(dim)
    if text.startswith("st:"):
        return SentenceTransformerEmbedder(text[3:])
    if text.startswith("openai:"):
        rest = text[len("openai:"):]
        base_url, sep, model = rest.rpartition("#")
        if not sep or not base_url or not model:
            raise InvalidInput("embedder", f"{spec!r}: write openai:<base_url>#<model>, "
                                           "e.g. openai:http://127.0.0.1:11434/v1#nomic-embed-text")
        return OpenAIEmbeddings(base_url, model, api_key=api_key, timeout=timeout)
    raise InvalidInput("embedder", f"{spec!r} is not a known embedder; {_SPEC_HELP}")
