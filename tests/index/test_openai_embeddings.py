"""The OpenAI-compatible embeddings client against a real HTTP server on loopback."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import numpy as np
import pytest

from memcore.errors import InvalidInput, ProviderError
from memcore.index.remote import OpenAIEmbeddings

Behaviour = Callable[[dict], tuple[int, bytes, float]]


class _Server:
    def __init__(self, behaviour: Behaviour) -> None:
        self.requests: list[tuple[dict, dict]] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - http.server naming
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                outer.requests.append((dict(self.headers), body))
                status, payload, delay = behaviour(body)
                time.sleep(delay)
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(payload)))
                    self.end_headers()
                    self.wfile.write(payload)
                except (BrokenPipeError, ConnectionResetError):
                    pass

            def log_message(self, *args: object) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
        self.thread.start()
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def serve() -> Iterator[Callable[[Behaviour], _Server]]:
    servers: list[_Server] = []

    def start(behaviour: Behaviour) -> _Server:
        server = _Server(behaviour)
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.close()


def good(body: dict) -> tuple[int, bytes, float]:
    data = [{"object": "embedding", "index": i, "embedding": [float(len(t)), 3.0, 4.0]}
            for i, t in enumerate(body["input"])]
    data.reverse()
    return 200, json.dumps({"object": "list", "data": data, "model": body["model"]}).encode(), 0.0


def test_good_answer_is_batched_ordered_and_normalised(serve):
    server = serve(good)
    emb = OpenAIEmbeddings(server.url, "tiny", api_key="secret-key", batch_size=2, timeout=5)
    out = emb.embed(["a", "bbbb", "cc", "d", "eeeee"])
    assert out.shape == (5, 3) and out.dtype == np.float32
    assert np.allclose(np.linalg.norm(out, axis=1), 1.0)
    expected = np.array([4.0, 3.0, 4.0]) / np.linalg.norm([4.0, 3.0, 4.0])
    assert np.allclose(out[1], expected)
    assert len(server.requests) == 3
    headers, body = server.requests[0]
    assert headers["Authorization"] == "Bearer secret-key" and body == {"model": "tiny", "input": ["a", "bbbb"]}
    assert emb.dim == 3


def test_dim_is_probed_when_unknown(serve):
    server = serve(good)
    assert OpenAIEmbeddings(server.url, "tiny", timeout=5).dim == 3
    assert server.requests[0][1]["input"] == ["dimension probe"]


@pytest.mark.parametrize("payload", [
    b"not json at all",
    json.dumps({"data": "nope"}).encode(),
    json.dumps({"data": [{"index": 0, "embedding": ["x", 1]}]}).encode(),
    json.dumps({"data": [{"index": 0, "embedding": [1.0, 2.0]}, {"index": 1, "embedding": [1.0]}]}).encode(),
    json.dumps({"data": [{"index": 0, "embedding": [1.0]}]}).encode(),
    json.dumps({"data": [{"index": 5, "embedding": [1.0]}, {"index": 5, "embedding": [1.0]}]}).encode(),
])
def test_malformed_answers_raise_provider_error(serve, payload):
    server = serve(lambda body: (200, payload, 0.0))
    with pytest.raises(ProviderError):
        OpenAIEmbeddings(server.url, "tiny", timeout=5).embed(["one", "two"])


def test_http_error_status_is_reported(serve):
    server = serve(lambda body: (500, b'{"error": "model not loaded"}', 0.0))
    with pytest.raises(ProviderError, match="HTTP 500.*model not loaded"):
        OpenAIEmbeddings(server.url, "tiny", timeout=5).embed(["x"])


def test_slow_answer_times_out(serve):
    server = serve(lambda body: (*good(body)[:2], 1.5))
    started = time.perf_counter()
    with pytest.raises(ProviderError, match="did not answer within"):
        OpenAIEmbeddings(server.url, "tiny", timeout=0.3).embed(["x"])
    assert time.perf_counter() - started < 1.4


def test_unreachable_endpoint_is_a_provider_error():
    with pytest.raises(ProviderError):
        OpenAIEmbeddings("http://127.0.0.1:9/v1", "tiny", timeout=2).embed(["x"])


def test_dimension_change_between_batches_is_refused(serve):
    server = serve(good)
    with pytest.raises(ProviderError, match="dimensions"):
        OpenAIEmbeddings(server.url, "tiny", timeout=5, dim=8).embed(["x"])


@pytest.mark.parametrize("kwargs,field", [({"base_url": "localhost:1/v1"}, "base_url"), ({"model": ""}, "model"),
                                          ({"timeout": 0}, "timeout"), ({"batch_size": 0}, "batch_size")])
def test_bad_configuration_names_the_field(kwargs, field):
    args = {"base_url": "http://127.0.0.1:1/v1", "model": "m", **kwargs}
    with pytest.raises(InvalidInput) as err:
        OpenAIEmbeddings(**args)
    assert err.value.field == field
