"""Token counting behind one interface: a real tokenizer where available offline, else an explicit approximation.

``default_counter()`` never downloads anything: it uses tiktoken only when its encoding file is
already in the local cache (``TIKTOKEN_CACHE_DIR`` / ``DATA_GYM_CACHE_DIR`` / the temp-dir
cache tiktoken itself uses), and otherwise returns :class:`ApproxTokenCounter`, whose ``name``
says it is an approximation so the trace shows which one counted.
"""

from __future__ import annotations

import hashlib
import math
import os
import re
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from ..errors import ProviderError

__all__ = ["TokenCounter", "ApproxTokenCounter", "CachedCounter", "TiktokenCounter", "default_counter",
           "tiktoken_cached"]

_WORD = re.compile(r"\S+")
_ENCODINGS = {
    "cl100k_base": ("https://openaipublic.blob.core.windows.net/encodings/cl100k_base.tiktoken",
                    "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7"),
    "o200k_base": ("https://openaipublic.blob.core.windows.net/encodings/o200k_base.tiktoken",
                   "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d"),
}


@runtime_checkable
class TokenCounter(Protocol):
    """Counts tokens of a text the way the target model would (or says it approximates)."""

    name: str

    def count(self, text: str) -> int:
        """Number of tokens in ``text`` (0 for empty text)."""
        ...


class ApproxTokenCounter:
    """``max(ceil(words x 1.3), ceil(chars / 4))``: the usual English rules of thumb, whichever is larger.

    Words are whitespace-separated runs. Within ~10-15% of cl100k for English prose and on
    the safe (over-counting) side for code and symbol-heavy text.
    """

    name = "approx(max(words*1.3, chars/4))"

    def count(self, text: str) -> int:
        """Approximate token count of ``text``."""
        if not text:
            return 0
        words = len(_WORD.findall(text))
        return max(math.ceil(words * 1.3), math.ceil(len(text) / 4))


def _cache_dir() -> Path | None:
    for variable in ("TIKTOKEN_CACHE_DIR", "DATA_GYM_CACHE_DIR"):
        if variable in os.environ:
            return Path(os.environ[variable]) if os.environ[variable] else None
    return Path(tempfile.gettempdir()) / "data-gym-cache"


def tiktoken_cached(encoding: str = "cl100k_base") -> bool:
    """True when tiktoken is installed and ``encoding`` can be loaded without any download.

    The cached file must exist and match the published SHA-256, since tiktoken re-downloads a
    file whose hash does not match.
    """
    known = _ENCODINGS.get(encoding)
    cache = _cache_dir()
    if known is None or cache is None:
        return False
    try:
        import tiktoken  # noqa: F401
    except ImportError:
        return False
    url, sha256 = known
    path = cache / hashlib.sha1(url.encode()).hexdigest()
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest() == sha256
    except OSError:
        return False


class TiktokenCounter:
    """Exact counts with a tiktoken encoding that is already cached locally (never downloads)."""

    def __init__(self, encoding: str = "cl100k_base") -> None:
        if not tiktoken_cached(encoding):
            raise ProviderError(f"tiktoken encoding {encoding!r} is not available offline (tiktoken missing or "
                                f"its file not cached in {_cache_dir()}); use ApproxTokenCounter")
        import tiktoken

        self._encoding: Any = tiktoken.get_encoding(encoding)
        self.name = f"tiktoken:{encoding}"

    def count(self, text: str) -> int:
        """Exact token count of ``text``."""
        if not text:
            return 0
        return len(self._encoding.encode(text, disallowed_special=()))


class CachedCounter:
    """Any counter behind a bounded cache: a memory's prompt line is the same from one build to the next."""

    def __init__(self, inner: TokenCounter, size: int = 65536) -> None:
        self.inner = inner
        self.name = getattr(inner, "name", type(inner).__name__)
        self.count = lru_cache(maxsize=size)(inner.count)


def default_counter(encoding: str = "cl100k_base") -> TokenCounter:
    """tiktoken when its encoding is cached locally, else the documented approximation."""
    if tiktoken_cached(encoding):
        return TiktokenCounter(encoding)
    return ApproxTokenCounter()
