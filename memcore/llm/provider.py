"""The interface every LLM backend implements. The engine depends on this, never on a client."""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from .schema import Schema


@runtime_checkable
class LLMProvider(Protocol):
    """A chat model that answers with JSON objects (and, for summaries, plain text).

    Implementations raise ``ProviderError`` (an ``LLMFailure``) for every failure: unreachable
    endpoint, timeout, HTTP error, non-JSON answer, or an answer that does not fit ``schema``.
    """

    @property
    def name(self) -> str:
        """Short label for traces, e.g. ``openai-compatible:qwen2.5:7b``."""
        ...

    def complete_json(
        self, system: str, user: str, schema: Schema, *, timeout: float | None = None
    ) -> dict[str, Any]:
        """Ask for one JSON object and return it validated against ``schema``."""
        ...

    def complete_text(self, system: str, user: str, *, timeout: float | None = None) -> str:
        """Ask for a plain-text answer (used for summaries)."""
        ...
