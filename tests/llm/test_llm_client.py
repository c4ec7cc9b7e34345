"""The real OpenAI-compatible client against a loopback stand-in server."""

from __future__ import annotations

import json
import socket

import pytest

from memcore.errors import InvalidInput, ProviderError
from memcore.llm import FailureKind, Field, Kind, LLMFailure, OpenAICompatibleClient, Schema, chat_completions_url

VERDICT = Schema("verdict", (
    Field("relation", Kind.STR, choices=("independent", "extendable", "contradictory")),
    Field("reason", Kind.STR),
))


def client(endpoint, **kw) -> OpenAICompatibleClient:
    return OpenAICompatibleClient(endpoint.base_url, "qwen2.5:7b", **kw)


def test_good_answer_is_validated_and_request_is_openai_shaped(endpoint, chat_reply):
    endpoint.queue(chat_reply(json.dumps({"relation": "Contradictory", "reason": "new db", "extra": 1})))
    out = client(endpoint, api_key="k-123").complete_json("sys", "usr", VERDICT)
    assert out == {"relation": "contradictory", "reason": "new db"}
    sent = endpoint.requests[0]
    assert sent["path"] == "/v1/chat/completions"
    assert sent["headers"]["Authorization"] == "Bearer k-123"
    assert sent["body"]["model"] == "qwen2.5:7b"
    assert sent["body"]["response_format"] == {"type": "json_object"}
    assert [m["role"] for m in sent["body"]["messages"]] == ["system", "user"]
    assert "relation" in sent["body"]["messages"][0]["content"]


def test_fenced_json_is_accepted(endpoint, chat_reply):
    endpoint.queue(chat_reply('```json\n{"relation": "independent", "reason": "r"}\n```'))
    assert client(endpoint).complete_json("s", "u", VERDICT)["relation"] == "independent"


def test_no_key_sends_no_authorization(endpoint, chat_reply):
    endpoint.queue(chat_reply('{"relation": "independent", "reason": "r"}'))
    client(endpoint).complete_json("s", "u", VERDICT)
    assert "Authorization" not in endpoint.requests[0]["headers"]


@pytest.mark.parametrize("content, kind", [
    ("Sure! The relation is contradictory.", FailureKind.NOT_JSON),
    ('{"relation": "contradictory"', FailureKind.NOT_JSON),
    ('["contradictory"]', FailureKind.NOT_JSON),
    ('{"relation": "maybe", "reason": "r"}', FailureKind.BAD_SHAPE),
    ('{"reason": "r"}', FailureKind.BAD_SHAPE),
    ('{"relation": "independent", "reason": 7}', FailureKind.BAD_SHAPE),
])
def test_malformed_model_output_is_a_provider_error(endpoint, chat_reply, content, kind):
    endpoint.queue(chat_reply(content))
    with pytest.raises(ProviderError) as info:
        client(endpoint).complete_json("s", "u", VERDICT)
    assert isinstance(info.value, LLMFailure) and info.value.kind is kind


def test_body_that_is_not_json(endpoint):
    endpoint.queue((200, b"<html>gateway</html>", 0.0))
    with pytest.raises(LLMFailure) as info:
        client(endpoint).complete_json("s", "u", VERDICT)
    assert info.value.kind is FailureKind.NOT_JSON
    assert "not JSON" in str(info.value)


def test_response_without_choices(endpoint):
    endpoint.queue((200, b'{"object": "list", "data": []}', 0.0))
    with pytest.raises(LLMFailure) as info:
        client(endpoint).complete_json("s", "u", VERDICT)
    assert info.value.kind is FailureKind.BAD_SHAPE
    assert "choices[0].message.content" in str(info.value)


def test_http_error_names_status_and_body(endpoint):
    endpoint.queue((404, b'{"error": "model qwen2.5:7b not found"}', 0.0))
    with pytest.raises(LLMFailure) as info:
        client(endpoint).complete_json("s", "u", VERDICT)
    assert info.value.kind is FailureKind.HTTP
    assert "404" in str(info.value) and "not found" in str(info.value)


def test_slow_server_times_out(endpoint, chat_reply):
    endpoint.queue(chat_reply('{"relation": "independent", "reason": "r"}', delay=1.5))
    with pytest.raises(LLMFailure) as info:
        client(endpoint, timeout=0.3).complete_json("s", "u", VERDICT)
    assert info.value.kind is FailureKind.TIMEOUT
    assert "0.3s" in str(info.value)


def test_per_call_timeout_overrides_default(endpoint, chat_reply):
    endpoint.queue(chat_reply('{"relation": "independent", "reason": "r"}', delay=1.5))
    with pytest.raises(LLMFailure) as info:
        client(endpoint, timeout=30).complete_json("s", "u", VERDICT, timeout=0.3)
    assert info.value.kind is FailureKind.TIMEOUT


def test_unreachable_server():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(LLMFailure) as info:
        OpenAICompatibleClient(f"http://127.0.0.1:{port}", "m", timeout=2).complete_json("s", "u", VERDICT)
    assert info.value.kind is FailureKind.UNREACHABLE


def test_complete_text_returns_stripped_text_without_json_mode(endpoint, chat_reply):
    endpoint.queue(chat_reply("  The user prefers pnpm.  "))
    assert client(endpoint).complete_text("s", "u") == "The user prefers pnpm."
    assert "response_format" not in endpoint.requests[0]["body"]


def test_empty_text_is_a_failure(endpoint, chat_reply):
    endpoint.queue(chat_reply("   "))
    with pytest.raises(LLMFailure):
        client(endpoint).complete_text("s", "u")


@pytest.mark.parametrize("base, url", [
    ("http://h:11434", "http://h:11434/v1/chat/completions"),
    ("http://h:11434/", "http://h:11434/v1/chat/completions"),
    ("http://h:8000/v1", "http://h:8000/v1/chat/completions"),
    ("https://h/v1/chat/completions", "https://h/v1/chat/completions"),
])
def test_url_building(base, url):
    assert chat_completions_url(base) == url


@pytest.mark.parametrize("kwargs, field", [
    ({"base_url": "ftp://h", "model": "m"}, "base_url"),
    ({"base_url": "localhost:11434", "model": "m"}, "base_url"),
    ({"base_url": "http://h", "model": " "}, "model"),
    ({"base_url": "http://h", "model": "m", "timeout": 0}, "timeout"),
])
def test_bad_configuration_is_invalid_input(kwargs, field):
    with pytest.raises(InvalidInput) as info:
        OpenAICompatibleClient(**kwargs)
    assert info.value.field == field


def test_repr_never_shows_the_api_key():
    c = OpenAICompatibleClient("http://h", "m", api_key="sk-secretsecretsecret")
    assert "secret" not in repr(c)
