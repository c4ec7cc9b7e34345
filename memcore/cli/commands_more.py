"""Commands of retrieval, the write path, the lifecycle and evaluation."""

from __future__ import annotations

from typing import Any


def register(sub: Any) -> None:
    """Registered as the engine parts land."""
