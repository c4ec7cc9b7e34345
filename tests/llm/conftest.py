"""A stand-in OpenAI-compatible endpoint: a real http.server on 127.0.0.1 in a thread."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

Reply = tuple[int, bytes, float]  # status, body, delay seconds


def _chat_reply(content: str, status: int = 200, delay: float = 0.0) -> Reply:
    body = {"id": "x", "object": "chat.completion",
            "choices": [{"index": 0, "message": {"role": "assistant", "content": content}}]}
    return status, json.dumps(body).encode(), delay


@pytest.fixture
def chat_reply() -> Callable[..., Reply]:
    """Build a canned /v1/chat/completions reply whose message content is ``content``."""
    return _chat_reply


@dataclass
class FakeEndpoint:
    base_url: str
    replies: list[Reply] = field(default_factory=list)
    requests: list[dict[str, Any]] = field(default_factory=list)

    def queue(self, *replies: Reply) -> None:
        self.replies.extend(replies)


@pytest.fixture
def endpoint() -> Iterator[FakeEndpoint]:
    state = FakeEndpoint(base_url="")

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802
            length = int(self.headers.get("Content-Length", "0"))
            raw = self.rfile.read(length)
            state.requests.append({"path": self.path, "headers": dict(self.headers), "body": json.loads(raw)})
            status, body, delay = state.replies.pop(0) if state.replies else (500, b"no reply queued", 0.0)
            if delay:
                time.sleep(delay)
            try:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            except (BrokenPipeError, ConnectionResetError):
                pass

        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
            return

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    state.base_url = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        yield state
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)

