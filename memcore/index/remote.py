"""Embeddings from any OpenAI-compatible ``/v1/embeddings`` endpoint, with the standard library only.

Works with llama.cpp's server, Ollama, vLLM, LM Studio or OpenAI itself. Every failure
(connection refused, HTTP error, timeout, an answer that is not the documented JSON shape)
raises :class:`~memcore.errors.ProviderError` with what went wrong; nothing is half-returned.
"""

from __future__ import annotations

import json
import math
import socket
import urllib.error
import urllib.request
from collections.abc import Sequence
from typing import Any

import numpy as np

from ..errors import InvalidInput, ProviderError

__all__ = ["OpenAIEmbeddings"]


class OpenAIEmbeddings:
    """Client for ``POST {base_url}/embeddings`` (``base_url`` usually ends in ``/v1``).

    ``dim`` is taken from the constructor when given, otherwise from the first answer (one
    short probe request if ``dim`` is read before anything was embedded).
    """

    def __init__(self, base_url: str, model: str, api_key: str | None = None, *, timeout: float = 30.0,
                 batch_size: int = 64, dim: int | None = None) -> None:
        if not isinstance(base_url, str) or not base_url.startswith(("http://", "https://")):
            raise InvalidInput("base_url", f"{base_url!r} is not an http(s) URL, e.g. http://127.0.0.1:11434/v1")
        if not model:
            raise InvalidInput("model", "is empty; name the embedding model the endpoint serves")
        if not timeout or timeout <= 0:
            raise InvalidInput("timeout", f"{timeout!r} must be a positive number of seconds")
        if batch_size < 1:
            raise InvalidInput("batch_size", f"{batch_size!r} must be >= 1")
        self.base_url = base_url.rstrip("/")
        self.model = model
        self.name = f"openai:{model}"
        self._api_key = api_key
        self._timeout = float(timeout)
        self._batch_size = batch_size
        self._dim = dim

    @property
    def dim(self) -> int:
        """Vector dimension of the model (probed with one request if not known yet)."""
        if self._dim is None:
            self.embed(["dimension probe"])
        assert self._dim is not None
        return self._dim

    def __repr__(self) -> str:
        return f"OpenAIEmbeddings(base_url={self.base_url!r}, model={self.model!r})"

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Embed ``texts`` in batches; rows come back L2-normalised float32, in input order."""
        if isinstance(texts, str):
            raise InvalidInput("texts", "pass a list of strings, not one string")
        if not texts:
            return np.zeros((0, self._dim or 0), dtype=np.float32)
        parts = [self._batch(list(texts[i:i + self._batch_size])) for i in range(0, len(texts), self._batch_size)]
        matrix = np.vstack(parts)
        norms = np.linalg.norm(matrix, axis=1, keepdims=True)
        np.divide(matrix, norms, out=matrix, where=norms > 0)
        return matrix

    def _batch(self, batch: list[str]) -> np.ndarray:
        answer = self._post({"model": self.model, "input": batch})
        data = answer.get("data") if isinstance(answer, dict) else None
        if not isinstance(data, list) or len(data) != len(batch):
            count = len(data) if isinstance(data, list) else "no"
            raise ProviderError(f"{self.base_url}/embeddings answered with {count} embeddings for "
                                f"{len(batch)} inputs (expected a 'data' list of the same length)")
        rows: list[list[float] | None] = [None] * len(batch)
        for position, item in enumerate(data):
            if not isinstance(item, dict) or not isinstance(item.get("embedding"), list):
                raise ProviderError(f"{self.base_url}/embeddings: item {position} has no 'embedding' list")
            index = item.get("index", position)
            if not isinstance(index, int) or not 0 <= index < len(batch) or rows[index] is not None:
                raise ProviderError(f"{self.base_url}/embeddings: item {position} has a bad index {index!r}")
            vector = item["embedding"]
            if not vector or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in vector):
                raise ProviderError(f"{self.base_url}/embeddings: embedding {index} is not a list of numbers")
            if not all(math.isfinite(v) for v in vector):
                raise ProviderError(f"{self.base_url}/embeddings: embedding {index} contains NaN or infinity")
            rows[index] = vector
        width = {len(r) for r in rows if r is not None}
        if len(width) != 1:
            raise ProviderError(f"{self.base_url}/embeddings: embeddings have different lengths {sorted(width)}")
        dim = width.pop()
        if self._dim is not None and dim != self._dim:
            raise ProviderError(f"{self.base_url}/embeddings: model {self.model!r} returned {dim} dimensions; "
                                f"expected {self._dim}")
        self._dim = dim
        return np.asarray(rows, dtype=np.float32)

    def _post(self, payload: dict[str, Any]) -> Any:
        url = f"{self.base_url}/embeddings"
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if self._api_key:
            headers["Authorization"] = f"Bearer {self._api_key}"
        request = urllib.request.Request(url, data=json.dumps(payload).encode("utf-8"), headers=headers,
                                         method="POST")
        try:
            with urllib.request.urlopen(request, timeout=self._timeout) as response:
                body = response.read()
        except urllib.error.HTTPError as exc:
            detail = exc.read(300).decode("utf-8", "replace") if exc.fp else ""
            raise ProviderError(f"{url} answered HTTP {exc.code}: {detail or exc.reason}") from None
        except TimeoutError:
            raise ProviderError(f"{url} did not answer within {self._timeout:g}s") from None
        except urllib.error.URLError as exc:
            if isinstance(exc.reason, (TimeoutError, socket.timeout)):
                raise ProviderError(f"{url} did not answer within {self._timeout:g}s") from None
            raise ProviderError(f"cannot reach {url}: {exc.reason}") from None
        except OSError as exc:
            raise ProviderError(f"connection to {url} failed: {exc}") from None
        try:
            return json.loads(body)
        except (UnicodeDecodeError, json.JSONDecodeError):
            raise ProviderError(f"{url} answered with something that is not JSON: {body[:120]!r}") from None
