"""An OpenAI-compatible chat client on the standard library (urllib).

Works with any server exposing ``POST /v1/chat/completions``: Ollama, vLLM, llama.cpp's server,
LM Studio, OpenAI itself. No HTTP client package is imported, so the engine stays importable
without optional dependencies.
"""

from __future__ import annotations

import json
import socket
import urllib.error
import urllib.request
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

from ..errors import InvalidInput
from .failure import FailureKind, LLMFailure
from .schema import Schema, parse_json_object

_JSON_SUFFIX = "\n\nAnswer with one JSON object only, no prose, shaped like: "


def chat_completions_url(base_url: str) -> str:
    """``http://host:11434`` or ``http://host:11434/v1`` -> ``.../v1/chat/completions``."""
    parts = urlsplit(base_url.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise InvalidInput("base_url", f"{base_url!r} is not an http(s) URL; use e.g. http://127.0.0.1:11434")
    root = base_url.strip().rstrip("/")
    if root.endswith("/chat/completions"):
        return root
    if root.endswith("/v1"):
        return root + "/chat/completions"
    return root + "/v1/chat/completions"


class OpenAICompatibleClient:
    """A blocking chat client; every failure becomes ``LLMFailure`` (a ``ProviderError``)."""

    def __init__(
        self,
        base_url: str,
        model: str,
        api_key: str | None = None,
        timeout: float = 10.0,
        *,
        temperature: float = 0.0,
        max_tokens: int | None = 1024,
        json_mode: bool = True,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        if not model or not model.strip():
            raise InvalidInput("model", "is empty; name the served model, e.g. qwen2.5:7b-instruct")
        if timeout <= 0:
            raise InvalidInput("timeout", f"{timeout!r} must be > 0 seconds")
        self.url = chat_completions_url(base_url)
        self.model = model.strip()
        self.timeout = float(timeout)
        self.temperature = temperature
        self.max_tokens = max_tokens
        self.json_mode = json_mode
        self._api_key = api_key
        self._headers = dict(headers or {})

    @property
    def name(self) -> str:
        return f"openai-compatible:{self.model}"

    def __repr__(self) -> str:
        return f"OpenAICompatibleClient(url={self.url!r}, model={self.model!r}, timeout={self.timeout})"

    def complete_json(
        self, system: str, user: str, schema: Schema, *, timeout: float | None = None
    ) -> dict[str, Any]:
        """Ask for a JSON object matching ``schema``; return it validated."""
        prompt = system + _JSON_SUFFIX + schema.example()
        text = self._chat(prompt, user, timeout=timeout, json_mode=self.json_mode)
        return schema.validate(parse_json_object(text))

    def complete_text(self, system: str, user: str, *, timeout: float | None = None) -> str:
        """Ask for a plain-text answer."""
        text = self._chat(system, user, timeout=timeout, json_mode=False)
        if not text.strip():
            raise LLMFailure(FailureKind.BAD_SHAPE, f"{self.name} answered with empty text")
        return text.strip()

    def _chat(self, system: str, user: str, *, timeout: float | None, json_mode: bool) -> str:
        body: dict[str, Any] = {
            "model": self.model,
            "messages": [{"role": "system", "content": system}, {"role": "user", "content": user}],
            "temperature": self.temperature,
            "stream": False,
        }
        if self.max_tokens:
            body["max_tokens"] = self.max_tokens
        if json_mode:
            body["response_format"] = {"type": "json_object"}
        payload = self._post(body, timeout if timeout is not None else self.timeout)
        return _message_content(payload, self.name)

    def _post(self, body: dict[str, Any], timeout: float) -> Any:
        headers = {"Content-Type": "application/json", "Accept": "application/json", **self._headers}
        if self._api_key:
            headers["Authorization"] = f"Bearer {self._api_key}"
        request = urllib.request.Request(self.url, data=json.dumps(body).encode("utf-8"), headers=headers,
                                         method="POST")
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                raw = response.read()
        except urllib.error.HTTPError as exc:
            detail = _read_error_body(exc)
            raise LLMFailure(FailureKind.HTTP,
                             f"{self.url} answered HTTP {exc.code} {exc.reason}{detail}; check the model "
                             f"name and the server logs") from None
        except urllib.error.URLError as exc:
            if isinstance(exc.reason, (TimeoutError, socket.timeout)):
                raise _timeout(self.url, timeout) from None
            raise LLMFailure(FailureKind.UNREACHABLE,
                             f"could not reach {self.url}: {exc.reason}; is the server running?") from None
        except TimeoutError:
            raise _timeout(self.url, timeout) from None
        except (ConnectionError, OSError) as exc:
            raise LLMFailure(FailureKind.UNREACHABLE, f"connection to {self.url} failed: {exc}") from None
        try:
            return json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError):
            snippet = raw[:80].decode("utf-8", "replace").replace("\n", " ")
            raise LLMFailure(FailureKind.NOT_JSON,
                             f"{self.url} answered with a body that is not JSON: {snippet!r}") from None


def _timeout(url: str, seconds: float) -> LLMFailure:
    return LLMFailure(FailureKind.TIMEOUT, f"{url} did not answer within {seconds:g}s; raise the timeout or "
                                           f"use a smaller model")


def _read_error_body(exc: urllib.error.HTTPError) -> str:
    try:
        text = exc.read(300).decode("utf-8", "replace").strip().replace("\n", " ")
    except OSError:
        return ""
    return f" ({text[:200]})" if text else ""


def _message_content(payload: Any, name: str) -> str:
    try:
        content = payload["choices"][0]["message"]["content"]
    except (KeyError, IndexError, TypeError):
        raise LLMFailure(FailureKind.BAD_SHAPE,
                         f"{name}: response has no choices[0].message.content; is this an "
                         f"OpenAI-compatible /v1/chat/completions endpoint?") from None
    if not isinstance(content, str):
        raise LLMFailure(FailureKind.BAD_SHAPE, f"{name}: message content is {type(content).__name__}, not text")
    return content
