"""Run a model-backed step with a deterministic fallback, and record which one produced the result."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from ..errors import ProviderError
from .failure import LLMFailure
from .provider import LLMProvider

T = TypeVar("T")

RULES = "rules"


@dataclass(frozen=True, slots=True)
class FallbackInfo:
    """Which provider produced a result, and whether (and why) the engine fell back to rules.

    ``ran`` is the provider name whose answer was used (``"rules"`` for the deterministic path);
    ``attempted`` is the model that was tried first, if any; ``fell_back`` is true only when a
    configured model failed; ``reason`` explains the choice; ``error_kind`` is the failure kind.
    """

    task: str
    ran: str
    attempted: str | None = None
    fell_back: bool = False
    reason: str = ""
    error_kind: str | None = None

    @property
    def used_llm(self) -> bool:
        return self.ran != RULES

    def to_dict(self) -> dict[str, Any]:
        return {"task": self.task, "ran": self.ran, "attempted": self.attempted, "fell_back": self.fell_back,
                "reason": self.reason, "error_kind": self.error_kind}


@dataclass(frozen=True, slots=True)
class Outcome(Generic[T]):
    """A value plus the record of how it was produced."""

    value: T
    info: FallbackInfo


def rules_only(task: str, reason: str = "no LLM provider configured") -> FallbackInfo:
    """The record for a step that ran the deterministic rules by configuration."""
    return FallbackInfo(task=task, ran=RULES, reason=reason)


def with_fallback(
    task: str,
    provider: LLMProvider | None,
    primary: Callable[[LLMProvider], T],
    fallback: Callable[[], T],
) -> Outcome[T]:
    """Run ``primary(provider)``; on any ``ProviderError`` (or with no provider) run ``fallback()``.

    Only provider failures are caught: a bug in ``primary`` still raises. The returned
    ``FallbackInfo`` says which path ran and why, so the trace can show it.
    """
    if provider is None:
        return Outcome(fallback(), rules_only(task))
    try:
        value = primary(provider)
    except ProviderError as exc:
        kind = exc.kind.value if isinstance(exc, LLMFailure) else None
        info = FallbackInfo(task=task, ran=RULES, attempted=provider.name, fell_back=True,
                            reason=f"{provider.name} failed: {exc}", error_kind=kind)
        return Outcome(fallback(), info)
    return Outcome(value, FallbackInfo(task=task, ran=provider.name, attempted=provider.name))
