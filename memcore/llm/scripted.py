"""A deterministic LLM for tests and demos: it plays back scripted answers in order.

An answer is a dict (the JSON object), a string (raw model text, parsed like a real answer), a
``ProviderError`` to raise, or a callable receiving the ``ScriptedCall``. Answers can also be
keyed by schema name, so one fake can serve several pipeline steps.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import ProviderError
from .failure import FailureKind, LLMFailure
from .schema import Schema, parse_json_object

Answer = dict[str, Any] | str | ProviderError | Callable[["ScriptedCall"], Any]

TEXT = "text"  # the key for complete_text answers in ``by_schema``


@dataclass(frozen=True, slots=True)
class ScriptedCall:
    """One recorded request."""

    system: str
    user: str
    schema: str  # schema name, or "text"
    timeout: float | None


class ScriptedLLM:
    """Replays answers; raises ``LLMFailure(EXHAUSTED)`` when the script runs out."""

    def __init__(
        self,
        answers: Iterable[Answer] = (),
        *,
        by_schema: Mapping[str, Iterable[Answer]] | None = None,
        name: str = "scripted",
    ) -> None:
        self._queue: deque[Answer] = deque(answers)
        self._by_schema: dict[str, deque[Answer]] = {k: deque(v) for k, v in (by_schema or {}).items()}
        self._name = name
        self.calls: list[ScriptedCall] = []

    @property
    def name(self) -> str:
        return f"scripted:{self._name}"

    def complete_json(
        self, system: str, user: str, schema: Schema, *, timeout: float | None = None
    ) -> dict[str, Any]:
        """Next scripted answer for ``schema``, validated exactly like a real answer."""
        call = ScriptedCall(system, user, schema.name, timeout)
        answer = self._resolve(self._next(call), call)
        data = parse_json_object(answer) if isinstance(answer, str) else answer
        return schema.validate(data)

    def complete_text(self, system: str, user: str, *, timeout: float | None = None) -> str:
        """Next scripted answer as text (dicts are rendered as JSON)."""
        call = ScriptedCall(system, user, TEXT, timeout)
        answer = self._resolve(self._next(call), call)
        text = answer if isinstance(answer, str) else json.dumps(answer)
        if not text.strip():
            raise LLMFailure(FailureKind.BAD_SHAPE, f"{self.name} answered with empty text")
        return text.strip()

    @property
    def remaining(self) -> int:
        return len(self._queue) + sum(len(q) for q in self._by_schema.values())

    def _next(self, call: ScriptedCall) -> Answer:
        self.calls.append(call)
        keyed = self._by_schema.get(call.schema)
        if keyed:
            return keyed.popleft()
        if self._queue:
            return self._queue.popleft()
        raise LLMFailure(FailureKind.EXHAUSTED, f"{self.name} has no scripted answer left for {call.schema!r}")

    @staticmethod
    def _resolve(answer: Answer, call: ScriptedCall) -> Any:
        if isinstance(answer, ProviderError):
            raise answer
        if callable(answer):
            answer = answer(call)
            if isinstance(answer, ProviderError):
                raise answer
        return answer
