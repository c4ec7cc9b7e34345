"""Token counters: the documented approximation and the offline-only tiktoken choice."""

from __future__ import annotations

import pytest

from memcore.context import tokens
from memcore.context.tokens import ApproxTokenCounter, TiktokenCounter, TokenCounter, default_counter
from memcore.errors import ProviderError


def test_approximation_formula():
    counter = ApproxTokenCounter()
    assert counter.count("") == 0
    assert counter.count("one two three four five six seven eight nine ten") == 13
    assert counter.count("x" * 400) == 100
    assert "approx" in counter.name and isinstance(counter, TokenCounter)


def test_default_counter_never_downloads(tmp_path, monkeypatch):
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(tmp_path))
    assert not tokens.tiktoken_cached()
    assert isinstance(default_counter(), ApproxTokenCounter)
    with pytest.raises(ProviderError, match="offline"):
        TiktokenCounter()


def test_a_corrupt_cached_file_does_not_count_as_available(tmp_path, monkeypatch):
    import hashlib

    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(tmp_path))
    url = tokens._ENCODINGS["cl100k_base"][0]
    (tmp_path / hashlib.sha1(url.encode()).hexdigest()).write_bytes(b"garbage")
    assert not tokens.tiktoken_cached()
    assert not tokens.tiktoken_cached("no_such_encoding")


def test_cached_counter_counts_like_the_counter_it_wraps():
    from memcore.context.tokens import ApproxTokenCounter, CachedCounter

    inner = ApproxTokenCounter()
    cached = CachedCounter(inner)
    for text in ["", "- [fact] Her cat is called Miso", "- [fact] Her cat is called Miso", "a " * 300]:
        assert cached.count(text) == inner.count(text)
    assert cached.name == inner.name
    assert cached.count.cache_info().hits == 1
