"""How an LLM call can fail. Every failure is a ``ProviderError`` carrying a ``FailureKind``."""

from __future__ import annotations

from enum import StrEnum

from ..errors import ProviderError


class FailureKind(StrEnum):
    UNREACHABLE = "unreachable"  # connection refused, DNS, bad URL
    TIMEOUT = "timeout"
    HTTP = "http"  # the server answered with a non-2xx status
    NOT_JSON = "not_json"  # the body or the model output is not a JSON object
    BAD_SHAPE = "bad_shape"  # valid JSON that does not match the schema
    EXHAUSTED = "exhausted"  # a scripted provider ran out of answers


class LLMFailure(ProviderError):
    """An LLM provider failed; ``kind`` says how, the message says what to check."""

    def __init__(self, kind: FailureKind, message: str) -> None:
        self.kind = kind
        super().__init__(message)
