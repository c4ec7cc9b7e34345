"""make_embedder specs, and the sentence-transformers wrapper (with a fake module: no model download)."""

from __future__ import annotations

import sys
import types

import numpy as np
import pytest

from memcore.errors import InvalidInput, ProviderError
from memcore.index.embedders import (
    Embedder,
    HashingEmbedder,
    OpenAIEmbeddings,
    SentenceTransformerEmbedder,
    embed_query,
    make_embedder,
)


def test_default_and_hash_specs():
    default = make_embedder("default")
    assert isinstance(default, HashingEmbedder) and default.dim == 256
    assert isinstance(default, Embedder)
    assert make_embedder("hash-384").dim == 384
    assert make_embedder("hash").name == default.name


def test_openai_spec_parses_url_and_model():
    emb = make_embedder("openai:http://127.0.0.1:11434/v1#nomic-embed-text", api_key="k", timeout=3)
    assert isinstance(emb, OpenAIEmbeddings)
    assert emb.base_url == "http://127.0.0.1:11434/v1" and emb.model == "nomic-embed-text"
    assert emb.name == "openai:nomic-embed-text"


@pytest.mark.parametrize("spec", ["", "bogus", "hash-x", "hash-3", "openai:http://x/v1", "openai:ftp://x#m"])
def test_bad_specs_name_the_field(spec):
    with pytest.raises(InvalidInput) as err:
        make_embedder(spec)
    assert err.value.field in {"embedder", "dim", "base_url"}


def test_sentence_transformers_missing_path_is_invalid_input(tmp_path):
    with pytest.raises(InvalidInput) as err:
        SentenceTransformerEmbedder(tmp_path / "nope")
    assert err.value.field == "model_path"


def test_sentence_transformers_not_installed_is_a_provider_error(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "sentence_transformers", None)
    with pytest.raises(ProviderError, match="memcore\\[ml\\]"):
        make_embedder(f"st:{tmp_path}")


class _FakeModel:
    def __init__(self, path: str, device: str, local_files_only: bool) -> None:
        assert local_files_only is True and device == "cpu"
        self.path = path

    def get_sentence_embedding_dimension(self) -> int:
        return 3

    def encode(self, texts, **_: object) -> np.ndarray:
        return np.array([[len(t), 1.0, 0.0] for t in texts], dtype=np.float64)


def test_sentence_transformers_wrapper_normalises_rows(tmp_path, monkeypatch):
    fake = types.ModuleType("sentence_transformers")
    fake.SentenceTransformer = _FakeModel  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "sentence_transformers", fake)
    emb = make_embedder(f"st:{tmp_path}")
    assert emb.dim == 3 and emb.name == f"st:{tmp_path.name}"
    out = emb.embed(["abc", "a"])
    assert out.dtype == np.float32 and np.allclose(np.linalg.norm(out, axis=1), 1.0)
    assert emb.embed([]).shape == (0, 3)


def test_embed_query_falls_back_to_plain_embedding_for_other_embedders(tmp_path, monkeypatch):
    fake = types.ModuleType("sentence_transformers")
    fake.SentenceTransformer = _FakeModel  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "sentence_transformers", fake)
    emb = make_embedder(f"st:{tmp_path}")
    assert np.allclose(embed_query(emb, "hello", {"hello": 5.0}), emb.embed(["hello"])[0])
    hashing = make_embedder("default")
    assert not np.allclose(embed_query(hashing, "red apple", {"red": 0.1}), embed_query(hashing, "red apple"))
