"""The shared runtime every operation receives: database, clock, settings, embedder, index, token counter.

Heavy parts (embedder, dense index) are created on first use, so opening an engine is cheap.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any

from .clock import Clock, SystemClock
from .settings import Settings
from .store.db import Database


@dataclass
class Runtime:
    db: Database
    settings: Settings = field(default_factory=Settings)
    clock: Clock = field(default_factory=SystemClock)
    embedder: Any = None
    token_counter: Any = None
    llm: Any = None
    _index: Any = None
    _terms: Any = None
    _writer: Any = None
    _tokens: Any = None
    _scheduler: Any = None
    _lock: threading.RLock = field(default_factory=threading.RLock)

    def now(self):  # noqa: ANN201 - datetime
        return self.clock.now()

    def count_tokens(self, text: str) -> int:
        return self.tokens.count(text)

    @property
    def tokens(self) -> Any:
        """The token counter, behind a cache (lines repeat across builds)."""
        from .context.tokens import CachedCounter, default_counter

        if self.token_counter is None:
            self.token_counter = default_counter()
        if self._tokens is None or self._tokens.inner is not self.token_counter:
            self._tokens = CachedCounter(self.token_counter)
        return self._tokens

    @property
    def provider(self) -> Any:
        """The LLM provider: the one given, else an OpenAI-compatible client when configured, else None
        (the deterministic rules)."""
        if self.llm is None and self.settings.llm_base_url and self.settings.llm_model:
            from .llm import OpenAICompatibleClient

            self.llm = OpenAICompatibleClient(self.settings.llm_base_url, self.settings.llm_model,
                                              api_key=self.settings.llm_api_key or None,
                                              timeout=self.settings.llm_timeout)
        return self.llm

    def get_embedder(self) -> Any:
        if self.embedder is None:
            from .index.embedders import make_embedder

            self.embedder = make_embedder(self.settings.embedder)
        return self.embedder

    @property
    def index(self) -> Any:
        """The in-process dense index, rebuilt from stored embeddings on first use."""
        self._load_index()
        return self._index

    @property
    def terms(self) -> Any:
        """Per-namespace document frequencies (query term weighting), built with the index."""
        self._load_index()
        return self._terms

    def _load_index(self) -> None:
        with self._lock:
            if self._index is None:
                from .index.sync import build_index

                self._index, self._terms = build_index(self)

    @property
    def writer(self) -> Any:
        """The write-behind queue for traces and retrieval bumps (started on first use)."""
        with self._lock:
            if self._writer is None:
                from .store.writebehind import WriteBehind

                self._writer = WriteBehind(self.db)
            return self._writer

    def flush(self) -> None:
        """Persist everything the write-behind queue holds."""
        if self._writer is not None:
            self._writer.flush()

    def start_scheduler(self) -> Any:
        """Start the background lifecycle jobs (idempotent); returns the scheduler."""
        with self._lock:
            if self._scheduler is None:
                from .ops.scheduling import build_scheduler

                self._scheduler = build_scheduler(self)
                self._scheduler.start()
            return self._scheduler

    def close(self) -> None:
        if self._scheduler is not None:
            self._scheduler.stop()
            self._scheduler = None
        if self._writer is not None:
            self._writer.close()
            self._writer = None
        self.db.close()

    def forget_index(self) -> None:
        """Drop the in-process index; it is rebuilt from the database on next use."""
        with self._lock:
            self._index = None
            self._terms = None

    @property
    def index_loaded(self) -> bool:
        return self._index is not None
